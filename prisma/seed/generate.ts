// Pure, deterministic generator of the demo store's data. Nothing here touches the
// database, the clock or Math.random: everything follows from (seed, today, orders),
// so the same inputs always give the same rows and the tests can check them.
// prisma/seed.ts streams these rows into the database; it does not compute anything.
import { DEMO_ACCOUNTS, demoCampaignRows } from "~/features/ad-platforms/replay.server";
import { AD_PLATFORMS, type AdPlatform } from "~/features/ad-platforms";
import { trafficRows } from "~/features/analytics/shopifyql";
import { resolveFee, rulesByGateway, type FeeRule, type FeeSource } from "~/features/profit/payment-fees";
import { shopifyPaymentsFeeMinor } from "~/features/store-sync/normalize";
import { attributionFromRest, type Attribution } from "~/features/store-sync/traffic-source";
import { addDays, dayInZone } from "~/lib/dates";
import { zoneForAddress } from "~/lib/address-zone";

// ---------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------

export const DEFAULT_SEED = 20_240_601;
export const DEFAULT_ORDERS = 25_000;
export const DEFAULT_CUSTOMERS = 3_000;
export const DAYS_OF_HISTORY = 365;

export const DEMO_SHOP = {
  id: "shop_demo",
  domain: "demo-store.myshopify.com",
  name: "Demo Store",
  ownerName: "Alex Morgan",
  email: "alex.morgan@example.com",
  currency: "USD",
  timezone: "America/New_York",
  plan: "pro",
  isDemo: true,
} as const;

export const CATEGORIES = ["Electronics", "Wearables", "Computers", "Audio"] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * How a visit began, as the seed draws it. The traffic sources the app stores come from these
 * through its own code: sessions as Shopify's sessions report names them (analytics'
 * trafficRows), orders from the landing page and referrer an order carries (store-sync's
 * attributionFromRest), so the demo's sources are whatever the app makes of real ones.
 */
export const VISIT_KINDS = ["organic_search", "direct", "social", "email", ...AD_PLATFORMS] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];
export const ORGANIC_KINDS = ["organic_search", "direct", "social", "email"] as const;
export type OrganicKind = (typeof ORGANIC_KINDS)[number];
/**
 * Share of the sessions that no ad paid for, per source: the spec's distribution (about 42%
 * organic search, 28% direct, 18% social, 12% email). Paid sessions come from the ad
 * platforms' clicks (paidSessions) and are part of the day's traffic, not added to it.
 */
export const ORGANIC_MIX: Record<OrganicKind, number> = {
  organic_search: 0.42,
  direct: 0.28,
  social: 0.18,
  email: 0.12,
};
/** Shopify's sessions report's referrer source for each kind of visit. */
export const REFERRER_SOURCE: Record<VisitKind, string> = {
  organic_search: "Search",
  direct: "Direct",
  social: "Social",
  email: "Email",
  google_ads: "Paid search",
  meta_ads: "Paid social",
  tiktok_ads: "Paid social",
};
/**
 * Sessions per ad click: some clicks never load the page (a slow in-app browser, a bot the
 * platform still bills); more are lost from social apps than from search.
 */
const SESSIONS_PER_CLICK: Record<AdPlatform, number> = { google_ads: 0.88, meta_ads: 0.78, tiktok_ads: 0.72 };
/** How likely a session of each kind ends in an order, relative to the day's average. */
const RELATIVE_CONVERSION: Record<VisitKind, number> = {
  organic_search: 1.15,
  direct: 1.3,
  social: 0.7,
  email: 1.5,
  google_ads: 0.95,
  meta_ads: 0.6,
  tiktok_ads: 0.45,
};
/** At least this share of a day's sessions came without an ad, however much the ads bought. */
const MIN_ORGANIC_SHARE = 0.35;

/**
 * Payment gateways as Shopify names them, and how often each pays for an order. Gift cards
 * are used alone or with a card (gift_card,shopify_payments); POS takes no PayPal.
 */
const GATEWAY_MIX: [string[], number][] = [
  [["shopify_payments"], 82],
  [["paypal"], 11],
  [["manual"], 3],
  [["gift_card", "shopify_payments"], 3],
  [["gift_card"], 1],
];
/** Shopify Payments' rates on the Shopify plan (US): online, plus 1% for a card from abroad; in person. */
const SHOPIFY_PAYMENTS_ONLINE = { rate: 0.027, fixedMinor: 30, internationalExtra: 0.01 };
const SHOPIFY_PAYMENTS_IN_PERSON = { rate: 0.025, fixedMinor: 0 };
const GIFT_CARD_VALUES_MINOR = [2_500, 5_000, 10_000];

/** The merchant's fee rules (docs/decisions/088); `manual` has none, so its fees stay unknown. */
export const DEMO_FEE_RULES: FeeRule[] = [{ gateway: "paypal", rateBps: 349, fixedMinor: 49 }];

export const SALES_CHANNELS = ["online_store", "mobile", "pos"] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];
const SALES_CHANNEL_WEIGHTS = [70, 22, 8];

// Order economics (the numbers).
const GUEST_SHARE = 0.15;
const DISCOUNT_SHARE = 0.2;
const REFUND_SHARE = 0.04;
const TAX_RATE = 0.07;
const FREE_SHIPPING_FROM_MINOR = 10_000;
const SHIPPING_RATES_MINOR = [599, 699, 799, 899, 999];
const SHIPPING_COST_KNOWN_SHARE = 0.9;
const NULL_COST_SHARE = 0.12;
const OUT_OF_STOCK_SHARE = 0.08;
const LOW_STOCK_SHARE = 0.12;

/** A usual day converts 1.4–2.0% of its sessions (ad-heavy traffic converts less than organic). */
const CONVERSION_RANGE: [number, number] = [0.014, 0.02];

// ---------------------------------------------------------------------------
// Random numbers
// ---------------------------------------------------------------------------

/** mulberry32: a tiny, fast 32-bit PRNG; plenty for demo data, and portable. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a over the parts, to derive independent streams (one per purpose or day). */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join("\u0000");
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Random {
  private readonly next: () => number;
  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }
  /** A separate stream, so adding draws to one part never shifts another. */
  derive(...label: (string | number)[]): Random {
    return new Random(hashSeed(this.seed, ...label));
  }
  float(): number {
    return this.next();
  }
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i];
      if (x < 0) return i;
    }
    return weights.length - 1;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
  hex(length: number): string {
    let s = "";
    while (s.length < length) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }
}

/** Picks indexes by fixed weights in O(log n) (binary search over cumulative sums). */
class CumulativePicker {
  private readonly cumulative: Float64Array;
  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => (this.cumulative[i] = sum += w));
  }
  pick(rng: Random): number {
    const x = rng.float() * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/**
 * Draws indexes without replacement from integer quotas (a Fenwick tree), so each
 * customer ends up with exactly their planned number of orders: one-time buyers
 * really buy once, VIPs many times, spread at random over the year.
 */
class QuotaPicker {
  private readonly tree: Float64Array;
  private readonly size: number;
  private topBit = 1;
  remaining = 0;
  constructor(quotas: readonly number[]) {
    this.size = quotas.length;
    this.tree = new Float64Array(this.size + 1);
    quotas.forEach((q, i) => {
      this.tree[i + 1] += q;
      const parent = i + 1 + ((i + 1) & -(i + 1));
      if (parent <= this.size) this.tree[parent] += this.tree[i + 1];
      this.remaining += q;
    });
    while (this.topBit * 2 <= this.size) this.topBit *= 2;
  }
  /** An index with quota left (then one less), or null when all quotas are used up. */
  take(rng: Random): number | null {
    if (this.remaining <= 0) return null;
    let target = Math.floor(rng.float() * this.remaining);
    let pos = 0;
    for (let step = this.topBit; step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= this.size && this.tree[next] <= target) {
        pos = next;
        target -= this.tree[next];
      }
    }
    for (let i = pos + 1; i <= this.size; i += i & -i) this.tree[i] -= 1;
    this.remaining -= 1;
    return pos;
  }
}

// ---------------------------------------------------------------------------
// Time
// ---------------------------------------------------------------------------

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of a time zone from UTC at an instant, in ms (New York in winter: -5h). */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instantMs)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The instant (ms) a calendar day starts in a time zone. */
export function startOfDayInZone(day: string, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let t = wall - zoneOffsetMs(wall, timeZone);
  // Second pass in case the first guess sat on the other side of a DST change.
  t = wall - zoneOffsetMs(t, timeZone);
  return t;
}

/** [start, end) of a day in a zone; 23 or 25 hours long on DST days. */
function dayBounds(day: string, timeZone: string): [number, number] {
  return [startOfDayInZone(day, timeZone), startOfDayInZone(addDays(day, 1), timeZone)];
}

// Relative order volume per local hour: quiet at night, peaks at lunch and evening.
const HOUR_WEIGHTS = [
  0.6, 0.4, 0.3, 0.25, 0.25, 0.3, 0.5, 0.8, 1.1, 1.3, 1.4, 1.5, 1.7, 1.7, 1.5, 1.4, 1.4, 1.5, 1.7, 1.9, 2.0, 1.9, 1.5,
  1.0,
];

/** A random instant within the day, shaped by HOUR_WEIGHTS (scaled onto the real day length). */
function randomInstantInDay(rng: Random, bounds: [number, number]): number {
  const hour = rng.weightedIndex(HOUR_WEIGHTS);
  const secondOfDay = hour * 3600 + rng.float() * 3600;
  return bounds[0] + Math.floor((secondOfDay / 86_400) * (bounds[1] - bounds[0]));
}

// ---------------------------------------------------------------------------
// Day plan: how many orders each day gets
// ---------------------------------------------------------------------------

export type Anomaly = {
  kind: "spike" | "dip";
  label: string;
  from: string;
  to: string;
  factor: number;
  /**
   * Whether the anomaly came with more visitors (a viral post, a campaign) or not
   * (a checkout outage: the usual traffic, fewer orders, so conversion drops).
   */
  drivesTraffic: boolean;
  /** The traffic source that brought the extra visitors. */
  source?: OrganicKind;
};

/** The anomalies, placed relative to today; the first falls within the last 30 days. */
export function anomaliesFor(today: string): Anomaly[] {
  return [
    {
      kind: "spike",
      label: "Viral social post",
      from: addDays(today, -9),
      to: addDays(today, -9),
      factor: 3,
      drivesTraffic: true,
      source: "social",
    },
    {
      kind: "dip",
      label: "Checkout outage",
      from: addDays(today, -68),
      to: addDays(today, -62),
      factor: 0.4,
      drivesTraffic: false,
    },
    {
      kind: "spike",
      label: "Email flash sale",
      from: addDays(today, -150),
      to: addDays(today, -149),
      factor: 2.2,
      drivesTraffic: true,
      source: "email",
    },
  ];
}

// Sunday..Saturday: weekends sell more.
const WEEKDAY_FACTOR = [1.2, 0.95, 0.9, 0.92, 0.97, 1.05, 1.25];
// January..December: quiet after the holidays, the year's peak in Nov/Dec.
const MONTH_FACTOR = [0.8, 0.78, 0.88, 0.92, 0.97, 0.95, 0.93, 0.98, 1.0, 1.05, 1.25, 1.45];

function thanksgiving(year: number): string {
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - first + 7) % 7);
  return `${year}-11-${String(firstThursday + 21).padStart(2, "0")}`;
}

/** Multiplier for holidays and the Black Friday / Cyber Monday weekend. */
export function seasonalFactor(day: string): number {
  const [year, month, date] = day.split("-").map(Number);
  let factor = MONTH_FACTOR[month - 1];
  const tg = thanksgiving(year);
  const events: Record<string, number> = {
    [tg]: 1.5,
    [addDays(tg, 1)]: 3.2, // Black Friday
    [addDays(tg, 2)]: 2.3,
    [addDays(tg, 3)]: 2.0,
    [addDays(tg, 4)]: 2.6, // Cyber Monday
    [addDays(tg, 5)]: 1.5,
  };
  if (events[day]) factor *= events[day];
  if (month === 12) {
    if (date >= 19 && date <= 23) factor *= 0.85; // past the shipping cut-off
    if (date === 24) factor *= 0.55;
    if (date === 25) factor *= 0.4;
    if (date === 26) factor *= 1.3; // Boxing Day sales
  }
  return factor;
}

export function weekdayFactor(day: string): number {
  return WEEKDAY_FACTOR[new Date(`${day}T00:00:00Z`).getUTCDay()];
}

export type DayPlan = {
  index: number;
  day: string;
  orders: number;
  anomaly: Anomaly | null;
};

function anomalyOn(day: string, anomalies: readonly Anomaly[]): Anomaly | null {
  return anomalies.find((a) => day >= a.from && day <= a.to) ?? null;
}

/**
 * Spreads `total` orders over the DAYS_OF_HISTORY days ending today by weekday,
 * season, a gentle growth trend, noise and the anomalies; the counts sum to
 * exactly `total` (largest remainder rounding).
 */
export function planDays(
  today: string,
  total: number,
  rng: Random,
  anomalies: readonly Anomaly[] = anomaliesFor(today),
): DayPlan[] {
  const first = addDays(today, -(DAYS_OF_HISTORY - 1));
  const days = Array.from({ length: DAYS_OF_HISTORY }, (_, i) => addDays(first, i));
  const weights = days.map((day, i) => {
    const trend = 0.9 + 0.2 * (i / (DAYS_OF_HISTORY - 1)); // a store that grows ~20% a year
    const noise = rng.between(0.88, 1.12);
    return weekdayFactor(day) * seasonalFactor(day) * trend * noise * (anomalyOn(day, anomalies)?.factor ?? 1);
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map(Math.floor);
  let missing = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; missing > 0; k = (k + 1) % byRemainder.length, missing--) counts[byRemainder[k][1]]++;
  return days.map((day, index) => ({ index, day, orders: counts[index], anomaly: anomalyOn(day, anomalies) }));
}

// ---------------------------------------------------------------------------
// Row types (shaped like Prisma's createMany inputs)
// ---------------------------------------------------------------------------

export type ShopRow = {
  id: string;
  domain: string;
  name: string;
  ownerName: string;
  email: string;
  currency: string;
  timezone: string;
  plan: string;
  isDemo: boolean;
  installedAt: Date;
};
export type ProductRow = { id: string; shopId: string; shopifyId: string; title: string; category: Category };
export type VariantRow = {
  id: string;
  shopId: string;
  productId: string;
  shopifyId: string;
  title: string;
  sku: string;
  priceMinor: number;
  unitCostMinor: number | null;
};
export type InventoryRow = {
  id: string;
  shopId: string;
  variantId: string;
  available: number;
  committed: number;
  reorderPoint: number;
};
export type CustomerRow = {
  id: string;
  shopId: string;
  shopifyId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  country: string;
  region: string;
  city: string | null;
  address1: string | null;
  zip: string | null;
  timeZone: string | null;
  acceptsMarketing: boolean;
  redactedAt: Date | null;
  createdAt: Date;
};
export type OrderRow = {
  id: string;
  shopId: string;
  shopifyId: string;
  name: string;
  customerId: string | null;
  email: string | null;
  processedAt: Date;
  day: string;
  currency: string;
  grossSalesMinor: number;
  discountsMinor: number;
  shippingMinor: number;
  taxesMinor: number;
  refundsMinor: number;
  totalMinor: number;
  /** Unknown when generated: the seed's shipping rules and label import fill it (prisma/seed/shipping.ts). */
  shippingCostMinor: null;
  shippingCostSource: "none";
  totalWeightGrams: number;
  /** Null for in-store (POS) sales: nothing is shipped. */
  shippingCountryCode: string | null;
  /** The fee and its source as the import resolves them from the transactions (docs/decisions/088). */
  paymentFeesMinor: number | null;
  paymentFeeSource: FeeSource;
  /** Shopify's payment gateway names, comma-separated. */
  gateways: string;
  channel: SalesChannel;
  /** As store-sync attributes the order's visit; null: not known. */
  source: string | null;
  /** The ad platform the visit came from (profit/ad-channels.ts), when it was an ad. */
  adChannel: string | null;
  country: string;
  region: string;
  financialStatus: "paid" | "partially_refunded" | "refunded";
  /** Set explicitly (= processedAt) so bulk inserts never fall back to a database default. */
  createdAt: Date;
  /** The lines' cost at the time of sale and the units without one (decision 069). */
  linesCostMinor: number;
  linesUncostedUnits: number;
};
export type OrderLineRow = {
  id: string;
  shopId: string;
  orderId: string;
  day: string;
  productId: string;
  variantId: string;
  title: string;
  sku: string;
  quantity: number;
  unitPriceMinor: number;
  /** The line's share of the order discount, for the whole line (not per unit). */
  discountMinor: number;
  unitCostMinor: number | null;
};
export type RefundRow = {
  id: string;
  shopId: string;
  orderId: string;
  shopifyId: string;
  processedAt: Date;
  day: string;
  amountMinor: number;
};
export type TrafficDayRow = { id: string; shopId: string; day: string; source: string; sessions: number };
export type FunnelDayRow = {
  id: string;
  shopId: string;
  day: string;
  visitors: number;
  productViews: number;
  addToCart: number;
  purchases: number;
};
export type ProductCostRow = {
  id: string;
  shopId: string;
  productName: string;
  sku: string;
  costPerUnitMinor: number;
  supplier: string | null;
  effectiveFrom: string;
};
export type OperatingExpenseRow = {
  id: string;
  shopId: string;
  category: "marketing" | "shipping" | "software" | "labor" | "rent" | "utilities" | "other";
  description: string;
  amountMinor: number;
  date: string;
  recurring: boolean;
  recurringInterval: "monthly" | "yearly" | null;
};
export type PrivacyRequestRow = {
  id: string;
  shopId: string;
  type: "data_request" | "redact";
  status: "pending" | "completed";
  customerShopifyId: string;
  email: string | null;
  ordersRequested: string | null;
  webhookId: string;
  dueAt: Date;
  completedAt: Date | null;
  createdAt: Date;
};

/** Everything generated for one day: insert orders before their lines and refunds. */
export type DayBatch = {
  plan: DayPlan;
  orders: OrderRow[];
  lines: OrderLineRow[];
  refunds: RefundRow[];
  traffic: TrafficDayRow[];
  funnel: FunnelDayRow;
  /** The labels bought for the day's orders, as the merchant's shipping app exports them (prisma/seed/shipping.ts). */
  labels: LabelRow[];
  /** The sessions of each kind of visit, before the app's mapping merged them into sources. */
  visits: Record<VisitKind, number>;
};

/** A shipping label of an order: its number as the shipping app shows it, and what the label cost. */
export type LabelRow = { orderName: string; costMinor: number };

/** Labels of the orders of the last this many days are imported from a CSV; older ones are estimated by rule. */
export const LABEL_IMPORT_DAYS = 90;

const pad = (n: number, width: number) => String(n).padStart(width, "0");

// ---------------------------------------------------------------------------
// Catalog
// ---------------------------------------------------------------------------

type VariantKind = "color" | "size" | "storage" | "single";
type ProductType = { noun: string; minUsd: number; maxUsd: number; kind: VariantKind };

const PRODUCT_TYPES: Record<Category, ProductType[]> = {
  Electronics: [
    { noun: "Smart Plug", minUsd: 15, maxUsd: 35, kind: "color" },
    { noun: "Power Bank", minUsd: 25, maxUsd: 90, kind: "color" },
    { noun: "USB-C Hub", minUsd: 29, maxUsd: 89, kind: "single" },
    { noun: "Wireless Charger", minUsd: 19, maxUsd: 59, kind: "color" },
    { noun: "Action Camera", minUsd: 149, maxUsd: 449, kind: "color" },
    { noun: "Camera Drone", minUsd: 299, maxUsd: 1299, kind: "single" },
    { noun: "Smart Bulb", minUsd: 12, maxUsd: 29, kind: "single" },
    { noun: "Dash Cam", minUsd: 69, maxUsd: 199, kind: "single" },
    { noun: "E-Reader", minUsd: 99, maxUsd: 249, kind: "storage" },
    { noun: "Mini Projector", minUsd: 199, maxUsd: 899, kind: "single" },
    { noun: "Phone Case", minUsd: 14, maxUsd: 39, kind: "color" },
    { noun: "Charging Cable", minUsd: 9, maxUsd: 24, kind: "color" },
  ],
  Wearables: [
    { noun: "Smartwatch", minUsd: 149, maxUsd: 499, kind: "size" },
    { noun: "Fitness Band", minUsd: 39, maxUsd: 129, kind: "color" },
    { noun: "Smart Ring", minUsd: 199, maxUsd: 349, kind: "size" },
    { noun: "Sport Watch", minUsd: 199, maxUsd: 599, kind: "size" },
    { noun: "GPS Tracker", minUsd: 25, maxUsd: 49, kind: "color" },
    { noun: "Watch Strap", minUsd: 19, maxUsd: 49, kind: "size" },
    { noun: "Smart Glasses", minUsd: 249, maxUsd: 399, kind: "color" },
  ],
  Computers: [
    { noun: "Laptop", minUsd: 699, maxUsd: 2199, kind: "storage" },
    { noun: "Mechanical Keyboard", minUsd: 69, maxUsd: 199, kind: "color" },
    { noun: "Wireless Mouse", minUsd: 24, maxUsd: 99, kind: "color" },
    { noun: '27" Monitor', minUsd: 219, maxUsd: 699, kind: "single" },
    { noun: "Webcam", minUsd: 49, maxUsd: 199, kind: "single" },
    { noun: "Docking Station", minUsd: 99, maxUsd: 299, kind: "single" },
    { noun: "Portable SSD", minUsd: 79, maxUsd: 249, kind: "storage" },
    { noun: "Laptop Stand", minUsd: 29, maxUsd: 79, kind: "color" },
    { noun: "Tablet", minUsd: 299, maxUsd: 1099, kind: "storage" },
  ],
  Audio: [
    { noun: "Wireless Earbuds", minUsd: 49, maxUsd: 299, kind: "color" },
    { noun: "Over-Ear Headphones", minUsd: 79, maxUsd: 449, kind: "color" },
    { noun: "Bluetooth Speaker", minUsd: 39, maxUsd: 249, kind: "color" },
    { noun: "Soundbar", minUsd: 149, maxUsd: 699, kind: "single" },
    { noun: "Studio Monitors", minUsd: 199, maxUsd: 599, kind: "single" },
    { noun: "Turntable", minUsd: 149, maxUsd: 499, kind: "single" },
    { noun: "USB Microphone", minUsd: 59, maxUsd: 199, kind: "single" },
    { noun: "Audio Interface", minUsd: 99, maxUsd: 299, kind: "single" },
  ],
};
const CATEGORY_WEIGHTS: Record<Category, number> = { Electronics: 30, Wearables: 20, Computers: 25, Audio: 25 };
const CATEGORY_CODES: Record<Category, string> = {
  Electronics: "ELE",
  Wearables: "WER",
  Computers: "CMP",
  Audio: "AUD",
};
const BRANDS = [
  "Aurora",
  "Nimbus",
  "Vertex",
  "Helix",
  "Lumen",
  "Pulse",
  "Orbit",
  "Zenith",
  "Nova",
  "Kestrel",
  "Arcadia",
  "Solis",
  "Tidal",
  "Quanta",
  "Ember",
  "Atlas",
];
const ADJECTIVES = ["Slim", "Compact", "Rugged", "Studio", "Travel", "Classic", "Smart", "Wireless"];
const MODELS = ["Pro", "Air", "Max", "Mini", "Lite", "Plus", "2", "X", "Ultra", "SE", "Go", "3"];
const COLORS: [string, string][] = [
  ["Black", "BLK"],
  ["White", "WHT"],
  ["Silver", "SLV"],
  ["Midnight Blue", "BLU"],
  ["Graphite", "GRA"],
  ["Sage Green", "GRN"],
  ["Rose Gold", "RSG"],
];
const SIZES: [string, string][] = [
  ["S/M", "SM"],
  ["M/L", "ML"],
  ["L/XL", "LX"],
];
const STORAGE: [string, string, number][] = [
  ["256GB", "256", 1],
  ["512GB", "512", 1.2],
  ["1TB", "1TB", 1.45],
];

/** A shop-like price: $x.99, rounded to $5 steps above $50. */
function retailPrice(usd: number): number {
  const whole = usd < 50 ? Math.round(usd) : Math.round(usd / 5) * 5;
  return Math.max(1, whole) * 100 - 1;
}

function productTitle(rng: Random, type: ProductType): string {
  const brand = rng.pick(BRANDS);
  const adjective = rng.chance(0.35) && !type.noun.startsWith("Wireless") ? `${rng.pick(ADJECTIVES)} ` : "";
  const model = rng.chance(0.7) ? ` ${rng.pick(MODELS)}` : "";
  return `${brand} ${adjective}${type.noun}${model}`;
}

function variantOptions(rng: Random, kind: VariantKind): { title: string; code: string; priceFactor: number }[] {
  if (kind === "single") return [{ title: "Default Title", code: "STD", priceFactor: 1 }];
  const count = 1 + rng.weightedIndex([40, 30, 30]);
  if (kind === "storage") return STORAGE.slice(0, count).map(([title, code, f]) => ({ title, code, priceFactor: f }));
  const options = kind === "size" ? SIZES.slice(0, count) : rng.shuffle(COLORS).slice(0, count);
  return options.map(([title, code]) => ({ title, code, priceFactor: 1 }));
}

export type Catalog = {
  products: ProductRow[];
  variants: VariantRow[];
  inventory: InventoryRow[];
  /** Relative sales popularity per variant (same order as variants). */
  popularity: number[];
};

/** `variants`, when given, is the exact number of variants: products are added until it is reached. */
export function buildCatalog(rng: Random, shopId: string, productCount = 150, variantTarget?: number): Catalog {
  const categories = Object.keys(CATEGORY_WEIGHTS) as Category[];
  const categoryWeights = categories.map((c) => CATEGORY_WEIGHTS[c]);
  const products: ProductRow[] = [];
  const variants: VariantRow[] = [];
  const popularity: number[] = [];
  const titles = new Set<string>();

  const lastProduct = variantTarget === undefined ? productCount : Number.MAX_SAFE_INTEGER;
  for (let i = 1; i <= lastProduct && (variantTarget === undefined || variants.length < variantTarget); i++) {
    const category = categories[rng.weightedIndex(categoryWeights)];
    const type = rng.pick(PRODUCT_TYPES[category]);
    let title = productTitle(rng, type);
    // Large benchmark catalogs run out of distinct names: number them after a few tries.
    for (let tries = 0; titles.has(title); tries++)
      title = variantTarget !== undefined && tries > 20 ? `${productTitle(rng, type)} ${i}` : productTitle(rng, type);
    titles.add(title);
    const id = `p_${pad(i, 4)}`;
    products.push({ id, shopId, shopifyId: String(8_100_000_000 + i), title, category });

    const basePrice = rng.between(type.minUsd, type.maxUsd);
    // A few best sellers and a long tail; cheap accessories sell a bit more often.
    const appeal = 0.3 + 8 * rng.float() ** 3;
    const priceDamping = Math.min(1.6, Math.sqrt(80 / basePrice));
    for (const option of variantOptions(rng, type.kind)) {
      if (variantTarget !== undefined && variants.length >= variantTarget) break;
      const priceMinor = retailPrice(basePrice * option.priceFactor);
      variants.push({
        id: `v_${pad(variants.length + 1, 4)}`,
        shopId,
        productId: id,
        shopifyId: String(44_100_000_000 + variants.length + 1),
        title: option.title,
        sku: `${CATEGORY_CODES[category]}-${pad(i, 3)}-${option.code}`,
        priceMinor,
        unitCostMinor: Math.round(priceMinor * rng.between(0.3, 0.65)),
      });
      popularity.push(appeal * priceDamping * rng.between(0.6, 1.4));
    }
  }

  // Exact shares (not coin flips) so every seed has unknown costs and stock problems.
  const costOrder = rng.shuffle(variants.map((_, i) => i));
  for (const i of costOrder.slice(0, Math.round(variants.length * NULL_COST_SHARE))) variants[i].unitCostMinor = null;

  const stockOrder = rng.shuffle(variants.map((_, i) => i));
  const outOfStock = new Set(stockOrder.slice(0, Math.round(variants.length * OUT_OF_STOCK_SHARE)));
  const low = new Set(
    stockOrder.slice(outOfStock.size, outOfStock.size + Math.round(variants.length * LOW_STOCK_SHARE)),
  );
  const inventory = variants.map((v, i): InventoryRow => {
    const reorderPoint = rng.int(5, 25);
    const available = outOfStock.has(i)
      ? 0
      : low.has(i)
        ? rng.int(1, reorderPoint - 1)
        : rng.int(reorderPoint + 5, 400);
    return {
      id: `inv_${pad(i + 1, 4)}`,
      shopId,
      variantId: v.id,
      available,
      committed: available > 0 ? rng.int(0, Math.min(5, available)) : 0,
      reorderPoint,
    };
  });
  return { products, variants, inventory, popularity };
}

// ---------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------

const FIRST_NAMES = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Chris",
  "Karen",
  "Daniel",
  "Lisa",
  "Matthew",
  "Nancy",
  "Anthony",
  "Emily",
  "Mark",
  "Ashley",
  "Steven",
  "Olivia",
  "Andrew",
  "Emma",
  "Joshua",
  "Sophia",
  "Kevin",
  "Ava",
  "Brian",
  "Mia",
  "Ryan",
  "Chloe",
  "Ethan",
  "Grace",
  "Noah",
  "Zoe",
  "Liam",
  "Hannah",
  "Lucas",
  "Priya",
  "Wei",
  "Aisha",
  "Mateo",
  "Sofia",
  "Hiroshi",
  "Yuki",
  "Omar",
  "Fatima",
  "Lars",
  "Ingrid",
  "Liam",
  "Amelia",
];
const LAST_NAMES = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Green",
  "Baker",
  "Adams",
  "Nelson",
  "Hill",
  "Campbell",
  "Mitchell",
  "Roberts",
  "Patel",
  "Nguyen",
  "Chen",
  "Kim",
  "Singh",
  "O'Brien",
  "Murphy",
  "Kelly",
  "Schmidt",
  "Müller",
  "Dubois",
  "Tremblay",
  "MacDonald",
  "Wilson",
  "Evans",
  "Hughes",
  "Cooper",
  "Ward",
  "Brooks",
  "Reed",
];
const STREETS = ["Maple", "Oak", "Cedar", "Pine", "Elm", "Lake", "Hill", "Park", "Main", "River", "Sunset", "Highland"];
const STREET_TYPES = ["St", "Ave", "Rd", "Blvd", "Lane", "Drive", "Way"];
const EMAIL_DOMAINS = ["example.com", "example.net", "example.org"];

/** `code`: Shopify's province code, where Shopify keeps provinces for the country. */
type Region = { name: string; code?: string; weight: number; cities: string[] };
type Country = { name: string; code: string; weight: number; zip: string; regions: Region[] };

/** Where customers live; `zip` is a pattern (9 = digit, A = letter). */
export const COUNTRIES: Country[] = [
  {
    name: "United States",
    code: "US",
    weight: 55,
    zip: "99999",
    regions: [
      { name: "California", code: "CA", weight: 12, cities: ["Los Angeles", "San Francisco", "San Diego", "San Jose"] },
      { name: "Texas", code: "TX", weight: 9, cities: ["Austin", "Houston", "Dallas", "San Antonio"] },
      { name: "Florida", code: "FL", weight: 7, cities: ["Miami", "Orlando", "Tampa"] },
      { name: "New York", code: "NY", weight: 7, cities: ["New York", "Brooklyn", "Buffalo"] },
      { name: "Illinois", code: "IL", weight: 4, cities: ["Chicago", "Naperville"] },
      { name: "Pennsylvania", code: "PA", weight: 4, cities: ["Philadelphia", "Pittsburgh"] },
      { name: "Washington", code: "WA", weight: 3, cities: ["Seattle", "Spokane"] },
      { name: "Massachusetts", code: "MA", weight: 3, cities: ["Boston", "Cambridge"] },
      { name: "Georgia", code: "GA", weight: 3, cities: ["Atlanta", "Savannah"] },
      { name: "Colorado", code: "CO", weight: 2, cities: ["Denver", "Boulder"] },
      { name: "Ohio", code: "OH", weight: 3, cities: ["Columbus", "Cleveland"] },
      { name: "North Carolina", code: "NC", weight: 3, cities: ["Charlotte", "Raleigh"] },
    ],
  },
  {
    name: "Canada",
    code: "CA",
    weight: 13,
    zip: "A9A 9A9",
    regions: [
      { name: "Ontario", code: "ON", weight: 39, cities: ["Toronto", "Ottawa", "Hamilton"] },
      { name: "Quebec", code: "QC", weight: 22, cities: ["Montreal", "Quebec City"] },
      { name: "British Columbia", code: "BC", weight: 14, cities: ["Vancouver", "Victoria"] },
      { name: "Alberta", code: "AB", weight: 12, cities: ["Calgary", "Edmonton"] },
    ],
  },
  {
    name: "United Kingdom",
    code: "GB",
    weight: 11,
    zip: "AA9 9AA",
    regions: [
      { name: "England", weight: 84, cities: ["London", "Manchester", "Bristol", "Leeds"] },
      { name: "Scotland", weight: 8, cities: ["Edinburgh", "Glasgow"] },
      { name: "Wales", weight: 5, cities: ["Cardiff", "Swansea"] },
      { name: "Northern Ireland", weight: 3, cities: ["Belfast"] },
    ],
  },
  {
    name: "Australia",
    code: "AU",
    weight: 9,
    zip: "9999",
    regions: [
      { name: "New South Wales", code: "NSW", weight: 32, cities: ["Sydney", "Newcastle"] },
      { name: "Victoria", code: "VIC", weight: 26, cities: ["Melbourne", "Geelong"] },
      { name: "Queensland", code: "QLD", weight: 20, cities: ["Brisbane", "Gold Coast"] },
      { name: "Western Australia", code: "WA", weight: 11, cities: ["Perth"] },
    ],
  },
  {
    name: "Germany",
    code: "DE",
    weight: 4,
    zip: "99999",
    regions: [
      { name: "Bavaria", weight: 3, cities: ["Munich", "Nuremberg"] },
      { name: "Berlin", weight: 2, cities: ["Berlin"] },
      { name: "Hamburg", weight: 1, cities: ["Hamburg"] },
    ],
  },
  {
    name: "France",
    code: "FR",
    weight: 3,
    zip: "99999",
    regions: [
      { name: "Île-de-France", weight: 3, cities: ["Paris"] },
      { name: "Auvergne-Rhône-Alpes", weight: 2, cities: ["Lyon", "Grenoble"] },
    ],
  },
  {
    name: "Netherlands",
    code: "NL",
    weight: 2,
    zip: "9999 AA",
    regions: [{ name: "North Holland", weight: 1, cities: ["Amsterdam", "Haarlem"] }],
  },
  {
    name: "Ireland",
    code: "IE",
    weight: 2,
    zip: "A99 A9A9",
    regions: [{ name: "Leinster", code: "D", weight: 1, cities: ["Dublin"] }],
  },
  {
    name: "New Zealand",
    code: "NZ",
    weight: 1,
    zip: "9999",
    regions: [{ name: "Auckland", code: "AUK", weight: 1, cities: ["Auckland"] }],
  },
];
const COUNTRY_WEIGHTS = COUNTRIES.map((c) => c.weight);
const COUNTRY_CODES = new Map(COUNTRIES.map((c) => [c.name, c.code]));

function zipFrom(rng: Random, pattern: string): string {
  return pattern.replace(/[9A]/g, (ch) =>
    ch === "9" ? String(rng.int(0, 9)) : String.fromCharCode(65 + rng.int(0, 25)),
  );
}

type Place = { country: string; region: string; city: string; zip: string; timeZone: string | null };
function randomPlace(rng: Random): Place {
  const country = COUNTRIES[rng.weightedIndex(COUNTRY_WEIGHTS)];
  const region = country.regions[rng.weightedIndex(country.regions.map((r) => r.weight))];
  return {
    country: country.name,
    region: region.name,
    city: rng.pick(region.cities),
    zip: zipFrom(rng, country.zip),
    // As the import stores it from the address (no draw: the streams stay as they were).
    timeZone: zoneForAddress({ countryCode: country.code, provinceCode: region.code }),
  };
}

function randomEmail(rng: Random, first: string, last: string, taken: Set<string>): string {
  const local = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[^A-Za-z]/g, "")
      .toLowerCase();
  const styles = [
    `${local(first)}.${local(last)}`,
    `${local(first)}${local(last)}`,
    `${local(first)[0]}${local(last)}`,
  ];
  let email = `${rng.pick(styles)}@${rng.pick(EMAIL_DOMAINS)}`;
  while (taken.has(email)) email = `${rng.pick(styles)}${rng.int(1, 999)}@${rng.pick(EMAIL_DOMAINS)}`;
  taken.add(email);
  return email;
}

/** Segments of buyers: [share of customers, min orders, max orders] before scaling. */
const SEGMENTS: [name: string, share: number, min: number, max: number][] = [
  ["one-time", 0.35, 1, 1],
  ["repeat", 0.35, 2, 6],
  ["loyal", 0.22, 8, 20],
  ["vip", 0.08, 20, 40],
];

/**
 * How many orders each customer places over the year, so the whole adds up to about
 * `customerOrders`: many one-time buyers, a band of repeat buyers and a few VIPs.
 */
export function planCustomerOrders(rng: Random, customers: number, customerOrders: number): number[] {
  const planned: number[] = [];
  for (let i = 0; i < customers; i++) {
    let u = rng.float();
    let segment = SEGMENTS[0];
    for (const s of SEGMENTS) {
      segment = s;
      if ((u -= s[1]) < 0) break;
    }
    planned.push(rng.int(segment[2], segment[3]));
  }
  const scale = customerOrders / planned.reduce((a, b) => a + b, 0);
  // Stochastic rounding keeps the total right when there are few orders per customer.
  return planned.map((q) => {
    const x = q * scale;
    return Math.floor(x) + (rng.chance(x - Math.floor(x)) ? 1 : 0);
  });
}

export function buildCustomers(
  rng: Random,
  shopId: string,
  count: number,
  firstDay: string,
  timeZone: string,
): CustomerRow[] {
  const taken = new Set<string>();
  const start = startOfDayInZone(firstDay, timeZone);
  const customers: CustomerRow[] = [];
  for (let i = 1; i <= count; i++) {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const place = randomPlace(rng);
    const northAmerica = place.country === "United States" || place.country === "Canada";
    customers.push({
      id: `c_${pad(i, 6)}`,
      shopId,
      shopifyId: String(7_100_000_000 + i),
      email: randomEmail(rng, firstName, lastName, taken),
      firstName,
      lastName,
      phone: northAmerica && rng.chance(0.5) ? `+1555${pad(rng.int(0, 9_999_999), 7)}` : null,
      country: place.country,
      region: place.region,
      city: place.city,
      address1: `${rng.int(1, 9999)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}`,
      zip: place.zip,
      timeZone: place.timeZone,
      acceptsMarketing: rng.chance(0.45),
      redactedAt: null,
      // Accounts predate the window, so no order comes before its customer.
      createdAt: new Date(start - rng.int(1, 400) * 86_400_000 + rng.int(0, 86_399) * 1000),
    });
  }
  return customers;
}

/** Erases a customer's personal data, as a completed customers/redact request would have. */
function redactCustomer(c: CustomerRow, at: Date): void {
  Object.assign(c, {
    email: null,
    firstName: null,
    lastName: null,
    phone: null,
    address1: null,
    city: null,
    zip: null,
  });
  c.redactedAt = at;
}

// ---------------------------------------------------------------------------
// Hand-entered rows: costs, expenses, privacy requests
// ---------------------------------------------------------------------------

function buildProductCosts(rng: Random, shopId: string, catalog: Catalog, today: string): ProductCostRow[] {
  const productById = new Map(catalog.products.map((p) => [p.id, p]));
  const unknown = catalog.variants.filter((v) => v.unitCostMinor === null);
  const known = catalog.variants.filter((v) => v.unitCostMinor !== null);
  // One cost the sync never knew, and three renegotiated with a supplier.
  const chosen = [unknown[0], ...rng.shuffle(known).slice(0, 3)];
  const suppliers = ["Shenzhen Brightway Electronics", null, "Northwind Components Ltd.", "Pacific Rim Distribution"];
  const startOffsets = [-120, -200, -60, -30];
  return chosen.map((v, i) => {
    const product = productById.get(v.productId)!;
    const cost = v.unitCostMinor ?? Math.round(v.priceMinor * 0.45);
    return {
      id: `pc_${pad(i + 1, 2)}`,
      shopId,
      productName: v.title === "Default Title" ? product.title : `${product.title} - ${v.title}`,
      sku: v.sku,
      costPerUnitMinor: v.unitCostMinor === null ? cost : Math.round(cost * rng.between(0.85, 0.95)),
      supplier: suppliers[i],
      effectiveFrom: addDays(today, startOffsets[i]),
    };
  });
}

function buildOperatingExpenses(shopId: string, today: string): OperatingExpenseRow[] {
  type Spec = [OperatingExpenseRow["category"], string, number, number, OperatingExpenseRow["recurringInterval"]];
  // [category, description, amount in cents, start/one-time day relative to today, interval]
  const specs: Spec[] = [
    ["rent", "Warehouse unit lease", 240_000, -420, "monthly"],
    ["labor", "Part-time fulfillment staff", 320_000, -300, "monthly"],
    ["software", "Shopify plan", 10_500, -500, "monthly"],
    ["software", "Accounting software", 6_000, -380, "monthly"],
    ["software", "Design tools (annual)", 60_000, -250, "yearly"],
    ["marketing", "Email marketing platform", 15_000, -330, "monthly"],
    ["shipping", "Packaging supplies", 32_000, -360, "monthly"],
    ["utilities", "Internet and phone", 14_000, -450, "monthly"],
    ["utilities", "Warehouse electricity", 21_000, -420, "monthly"],
    ["marketing", "Influencer campaign (spring launch)", 250_000, -210, null],
    ["labor", "Freelance product photography", 180_000, -95, null],
    ["other", "Trade show booth", 350_000, -40, null],
  ];
  return specs.map(([category, description, amountMinor, offset, interval], i) => ({
    id: `opex_${pad(i + 1, 2)}`,
    shopId,
    category,
    description,
    amountMinor,
    date: addDays(today, offset),
    recurring: interval !== null,
    recurringInterval: interval,
  }));
}

function uuidLike(rng: Random): string {
  return `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-${rng.pick(["8", "9", "a", "b"])}${rng.hex(3)}-${rng.hex(12)}`;
}

/**
 * 47 completed and 3 pending GDPR requests. Completed redactions really erased
 * their customer, so the data stays consistent with what the app would have done.
 */
function buildPrivacyRequests(
  rng: Random,
  shopId: string,
  customers: CustomerRow[],
  today: string,
  timeZone: string,
): PrivacyRequestRow[] {
  const picked = rng
    .shuffle(customers.map((_, i) => i))
    .slice(0, 50)
    .map((i) => customers[i]);
  const rows: PrivacyRequestRow[] = [];
  picked.forEach((customer, i) => {
    const pending = i >= 47;
    const type: PrivacyRequestRow["type"] = rng.chance(0.4) ? "data_request" : "redact";
    const createdDay = pending ? addDays(today, -rng.int(0, 12)) : addDays(today, -rng.int(35, 360));
    const createdAt = new Date(startOfDayInZone(createdDay, timeZone) + rng.int(8 * 3600, 20 * 3600) * 1000);
    const completedAt = pending
      ? null
      : new Date(createdAt.getTime() + rng.int(1, 20) * 86_400_000 + rng.int(0, 7200) * 1000);
    const email = customer.email;
    if (type === "redact" && completedAt) redactCustomer(customer, completedAt);
    rows.push({
      id: `pr_${pad(i + 1, 2)}`,
      shopId,
      type,
      status: pending ? "pending" : "completed",
      customerShopifyId: customer.shopifyId,
      email: type === "redact" && completedAt ? null : email,
      ordersRequested: null,
      webhookId: uuidLike(rng),
      dueAt: new Date(createdAt.getTime() + 30 * 86_400_000),
      completedAt,
      createdAt,
    });
  });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

// ---------------------------------------------------------------------------
// Orders, traffic, funnel, ad spend
// ---------------------------------------------------------------------------

export type DemoOptions = {
  today: string;
  seed?: number;
  orders?: number;
  /** Defaults to 3,000, growing with the order count above 25,000 so order histories stay plausible. */
  customers?: number;
  /** The catalog's exact variant count (the inventory benchmark); default: 150 products' worth. */
  variants?: number;
  /** The shop's payment fee rules as stored (the import reads them once per batch); default DEMO_FEE_RULES. */
  feeRules?: FeeRule[];
  /** The store's known events (default anomaliesFor(today)); bench:insights injects its own, or none. */
  anomalies?: Anomaly[];
  /** Known events in the store's rows besides the anomalies (bench:insights); default none. */
  events?: InjectedEvents;
};

/**
 * Events a copy of the demo store can carry in its rows (bench:insights, issue 37), each one a
 * thing the insights should find. None by default, and then not one draw changes: the demo is
 * generated exactly as without them.
 */
export type InjectedEvents = {
  /** The best-selling variant that is well stocked is left with this many units. */
  stockout?: { units: number };
  /** The supplier of the best-selling product whose every variant has a cost raises it by `factor` from `from`. */
  costRise?: { from: string; factor: number };
  /** From `from`, one ad platform's visits convert `factor` as often (its spend goes on). */
  roasCollapse?: { platform: AdPlatform; from: string; factor: number };
  /** The `count` customers with the most planned orders stop ordering on `from` (their draws go to guests). */
  quietVips?: { from: string; count: number };
  /** From `from`, a code giving `percent`% off spreads to `share` of the orders. */
  discountSpread?: { from: string; share: number; percent: number };
  /** The days' orders never reached the app (a sync gap): their orders, lines, refunds and labels are left out. */
  syncGap?: { from: string; to: string };
};

/** What the injected events picked, for the bench to match insights against. */
export type InjectedSubjects = { stockoutVariantId?: string; costRiseProductId?: string; quietCustomerIds?: string[] };

/** The demo's ad budgets relative to the default demo's: they grow with the store. */
export const adScaleFor = (orders: number) => Number((orders / DEFAULT_ORDERS).toFixed(4));

export type DemoData = {
  options: Required<DemoOptions>;
  shop: ShopRow;
  catalog: Catalog;
  customers: CustomerRow[];
  plan: DayPlan[];
  productCosts: ProductCostRow[];
  operatingExpenses: OperatingExpenseRow[];
  privacyRequests: PrivacyRequestRow[];
  /** What the injected events picked (empty when none were asked for). */
  subjects: InjectedSubjects;
  /**
   * Generates the orders day by day; each call starts over and yields the same batches. `rules`:
   * the shop's fee rules as stored (default: options.feeRules).
   */
  days(rules?: FeeRule[]): Generator<DayBatch>;
};

export function defaultCustomerCount(orders: number): number {
  return orders > DEFAULT_ORDERS ? Math.round((DEFAULT_CUSTOMERS * orders) / DEFAULT_ORDERS) : DEFAULT_CUSTOMERS;
}

export function createDemoData(input: DemoOptions): DemoData {
  const orders = input.orders ?? DEFAULT_ORDERS;
  const options: Required<DemoOptions> = {
    anomalies: input.anomalies ?? anomaliesFor(input.today),
    today: input.today,
    seed: input.seed ?? DEFAULT_SEED,
    orders,
    customers: input.customers ?? defaultCustomerCount(orders),
    variants: input.variants ?? 0,
    feeRules: input.feeRules ?? DEMO_FEE_RULES,
    events: input.events ?? {},
  };
  const { today, seed } = options;
  const tz = DEMO_SHOP.timezone;
  const shopId = DEMO_SHOP.id;
  const root = new Random(seed);
  const plan = planDays(today, orders, root.derive("plan"), options.anomalies);
  const firstDay = plan[0].day;
  const catalog = buildCatalog(root.derive("catalog"), shopId, 150, input.variants || undefined);
  const customers = buildCustomers(root.derive("customers"), shopId, options.customers, firstDay, tz);
  const privacyRequests = buildPrivacyRequests(root.derive("privacy"), shopId, customers, today, tz);
  const quotas = planCustomerOrders(root.derive("quotas"), customers.length, Math.round(orders * (1 - GUEST_SHARE)));
  const productCosts = buildProductCosts(root.derive("costs"), shopId, catalog, today);
  const { events } = options;
  const subjects: InjectedSubjects = {};
  if (events.stockout) subjects.stockoutVariantId = injectStockout(catalog, events.stockout.units);
  if (events.costRise) subjects.costRiseProductId = injectCostRise(catalog, productCosts, events.costRise);
  const quiet = new Set<number>();
  if (events.quietVips) {
    const byQuota = quotas.map((q, i) => [q, i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (const [, i] of byQuota.slice(0, events.quietVips.count)) quiet.add(i);
    subjects.quietCustomerIds = [...quiet].map((i) => customers[i].id);
  }

  return {
    options,
    shop: { ...DEMO_SHOP, installedAt: new Date(startOfDayInZone(addDays(firstDay, -30), tz)) },
    catalog,
    customers,
    plan,
    productCosts,
    operatingExpenses: buildOperatingExpenses(shopId, today),
    privacyRequests,
    subjects,
    days: (rules = options.feeRules) =>
      generateDays({
        root,
        today,
        shopId,
        tz,
        plan,
        catalog,
        customers,
        quotas,
        adScale: adScaleFor(orders),
        rules: rulesByGateway(rules),
        events,
        quiet,
      }),
  };
}

/** Leaves the best seller (by sales value) among the well-stocked variants with `units` in stock; returns its id. */
function injectStockout(catalog: Catalog, units: number): string {
  let best = -1;
  const value = (i: number) => catalog.popularity[i] * catalog.variants[i].priceMinor;
  catalog.inventory.forEach((inv, i) => {
    const stocked = inv.available >= inv.reorderPoint + 5;
    if (stocked && (best < 0 || value(i) > value(best))) best = i;
  });
  Object.assign(catalog.inventory[best], { available: units, committed: 0 });
  return catalog.variants[best].id;
}

/**
 * A supplier's price rise: new product cost rows for every variant of the best-selling product
 * whose variants all have a cost and none a hand-entered one, effective from `from`; returns its id.
 */
function injectCostRise(catalog: Catalog, costs: ProductCostRow[], rise: { from: string; factor: number }): string {
  const entered = new Set(costs.map((c) => c.sku));
  const sales = new Map<string, number>();
  const excluded = new Set<string>();
  catalog.variants.forEach((v, i) => {
    if (v.unitCostMinor === null || entered.has(v.sku)) excluded.add(v.productId);
    sales.set(v.productId, (sales.get(v.productId) ?? 0) + catalog.popularity[i]);
  });
  const [productId] = [...sales].filter(([id]) => !excluded.has(id)).sort((a, b) => b[1] - a[1])[0];
  const product = catalog.products.find((p) => p.id === productId)!;
  for (const v of catalog.variants.filter((x) => x.productId === productId))
    costs.push({
      id: `pc_${pad(costs.length + 1, 2)}`,
      shopId: product.shopId,
      productName: v.title === "Default Title" ? product.title : `${product.title} - ${v.title}`,
      sku: v.sku,
      costPerUnitMinor: Math.round(v.unitCostMinor! * rise.factor),
      supplier: "Northwind Components Ltd.",
      effectiveFrom: rise.from,
    });
  return productId;
}

type OrderContext = {
  root: Random;
  today: string;
  shopId: string;
  tz: string;
  plan: DayPlan[];
  catalog: Catalog;
  customers: CustomerRow[];
  quotas: number[];
  adScale: number;
  rules: ReturnType<typeof rulesByGateway>;
  events: InjectedEvents;
  /** The customers (indexes) whose orders stop on events.quietVips.from. */
  quiet: ReadonlySet<number>;
};

/** Running counters for ids and order numbers across days. */
type Sequences = { order: number; line: number; refund: number };

function* generateDays(ctx: OrderContext): Generator<DayBatch> {
  const variantPicker = new CumulativePicker(ctx.catalog.popularity);
  const customerPicker = new QuotaPicker(ctx.quotas);
  const seq: Sequences = { order: 0, line: 0, refund: 0 };
  for (const plan of ctx.plan) {
    // One stream per day: a day's data depends on the seed and the day, not on draw counts elsewhere.
    const rng = ctx.root.derive("day", plan.day);
    const visits = visitsFor(rng, plan, paidSessions(rng, plan.day, ctx.adScale));
    const traffic = trafficFor(ctx.shopId, plan, visits);
    const collapse = ctx.events.roasCollapse;
    const kindWeights = VISIT_KINDS.map(
      (k) =>
        visits[k] *
        RELATIVE_CONVERSION[k] *
        (collapse && k === collapse.platform && plan.day >= collapse.from ? collapse.factor : 1),
    );
    const bounds = dayBounds(plan.day, ctx.tz);
    const instants = Array.from({ length: plan.orders }, () => randomInstantInDay(rng, bounds)).sort((a, b) => a - b);
    const batch: DayBatch = {
      plan,
      orders: [],
      lines: [],
      refunds: [],
      traffic,
      funnel: funnelFor(rng, ctx.shopId, plan, traffic),
      labels: [],
      visits,
    };
    for (const instant of instants) {
      const customerIndex = rng.chance(GUEST_SHARE) ? null : customerPicker.take(rng);
      const quiet = customerIndex !== null && ctx.quiet.has(customerIndex) && plan.day >= ctx.events.quietVips!.from;
      const customer = customerIndex === null || quiet ? null : ctx.customers[customerIndex];
      const kind = VISIT_KINDS[rng.weightedIndex(kindWeights)];
      buildOrder(rng, ctx, seq, batch, { instant, customer, kind, picker: variantPicker });
    }
    const gap = ctx.events.syncGap;
    if (gap && plan.day >= gap.from && plan.day <= gap.to)
      Object.assign(batch, { orders: [], lines: [], refunds: [], labels: [] });
    yield batch;
  }
}

/** Sessions from each platform's ads on a day: its clicks, as the demo's replayed reports say, that landed. */
function paidSessions(rng: Random, day: string, scale: number): Record<AdPlatform, number> {
  const sessions = {} as Record<AdPlatform, number>;
  for (const platform of AD_PLATFORMS) {
    const rows = demoCampaignRows(platform, DEMO_ACCOUNTS[platform][0].accountId, day, day, scale);
    const clicks = rows.reduce((a, r) => a + r.clicks, 0);
    sessions[platform] = Math.round(clicks * SESSIONS_PER_CLICK[platform] * rng.between(0.95, 1.05));
  }
  return sessions;
}

/**
 * Sessions per kind of visit: the day's usual traffic is its orders ÷ a 1.7–2.3% conversion
 * rate; the ads' sessions are part of it and the rest splits by the organic mix (at least
 * MIN_ORGANIC_SHARE of the day). A spike adds the visitors its source brought.
 */
function visitsFor(rng: Random, plan: DayPlan, paid: Record<AdPlatform, number>): Record<VisitKind, number> {
  const anomaly = plan.anomaly;
  // A dip is a checkout problem: visitors keep coming, so sessions follow the usual volume.
  const usualOrders = anomaly ? plan.orders / anomaly.factor : plan.orders;
  const conversion = rng.between(...CONVERSION_RANGE);
  const usualSessions = usualOrders / conversion;
  const extra = anomaly?.drivesTraffic ? (plan.orders - usualOrders) / conversion : 0;
  const paidTotal = AD_PLATFORMS.reduce((a, p) => a + paid[p], 0);
  const organic = Math.max(usualSessions - paidTotal, usualSessions * MIN_ORGANIC_SHARE);
  const shares = ORGANIC_KINDS.map((k) => ORGANIC_MIX[k] * rng.between(0.9, 1.1));
  const shareSum = shares.reduce((a, b) => a + b, 0);
  const visits = { ...paid } as Record<VisitKind, number>;
  ORGANIC_KINDS.forEach((kind, i) => {
    visits[kind] = Math.max(1, Math.round((organic * shares[i]) / shareSum + (anomaly?.source === kind ? extra : 0)));
  });
  return visits;
}

/** TrafficDay as a connected store's is read: Shopify's sessions by referrer source, mapped by analytics. */
function trafficFor(shopId: string, plan: DayPlan, visits: Record<VisitKind, number>): TrafficDayRow[] {
  const rows = VISIT_KINDS.map((k) => [plan.day, REFERRER_SOURCE[k], visits[k]]);
  const table = {
    columns: [
      { name: "day", dataType: "DAY_TIMESTAMP", displayName: "Day" },
      { name: "referrer_source", dataType: "STRING", displayName: "Referrer source" },
      { name: "sessions", dataType: "INTEGER", displayName: "Sessions" },
    ],
    rows,
  };
  return trafficRows(table).map((r) => ({
    id: `tr_${pad(plan.index, 3)}_${r.source}`,
    shopId,
    day: r.day,
    source: r.source,
    sessions: r.sessions,
  }));
}

function funnelFor(rng: Random, shopId: string, plan: DayPlan, traffic: TrafficDayRow[]): FunnelDayRow {
  // Shopify's funnel starts from the same sessions its sessions report counts.
  const visitors = traffic.reduce((a, t) => a + t.sessions, 0);
  return {
    id: `fn_${pad(plan.index, 3)}`,
    shopId,
    day: plan.day,
    visitors,
    productViews: Math.round(visitors * rng.between(0.57, 0.63)),
    addToCart: Math.max(plan.orders, Math.round(visitors * rng.between(0.075, 0.085))),
    purchases: plan.orders,
  };
}

const SEARCH_REFERRERS = [
  "https://www.google.com/",
  "https://www.google.com/",
  "https://www.bing.com/",
  "https://duckduckgo.com/",
];
const SOCIAL_REFERRERS = [
  "https://l.instagram.com/",
  "https://www.facebook.com/",
  "https://www.tiktok.com/",
  "https://www.pinterest.com/",
];
const META_REFERRERS = ["https://l.facebook.com/", "https://l.instagram.com/"];

type Visit = { referring_site: string | null; landing_site: string };

/**
 * The landing page and referrer an order's visit carried, as an order webhook reports them
 * (landing_site with its UTM parameters and the ad platform's click id, referring_site).
 */
function visitOf(kind: VisitKind, referrer: string | null, campaign: string, clickId: string): Visit {
  const landing = (params: Record<string, string>) => `/products/item?${new URLSearchParams(params)}`;
  switch (kind) {
    case "organic_search":
    case "social":
      return { referring_site: referrer, landing_site: "/products/item" };
    case "direct":
      return { referring_site: null, landing_site: "/" };
    case "email":
      return {
        referring_site: null,
        landing_site: landing({ utm_source: "klaviyo", utm_medium: "email", utm_campaign: campaign }),
      };
    case "google_ads":
      return {
        referring_site: referrer,
        landing_site: landing({ utm_source: "google", utm_medium: "cpc", utm_campaign: campaign, gclid: clickId }),
      };
    case "meta_ads":
      return {
        referring_site: referrer,
        landing_site: landing({
          utm_source: "facebook",
          utm_medium: "paid_social",
          utm_campaign: campaign,
          fbclid: clickId,
        }),
      };
    case "tiktok_ads":
      return {
        referring_site: referrer,
        landing_site: landing({ utm_source: "tiktok", utm_medium: "paid", utm_campaign: campaign, ttclid: clickId }),
      };
  }
}

const REFERRERS: Record<VisitKind, readonly (string | null)[]> = {
  organic_search: SEARCH_REFERRERS,
  direct: [null],
  social: SOCIAL_REFERRERS,
  email: [null],
  google_ads: ["https://www.google.com/"],
  meta_ads: META_REFERRERS,
  tiktok_ads: ["https://www.tiktok.com/"],
};

/**
 * The source and ad channel store-sync attributes to a visit of this kind from this referrer.
 * Which campaign and which click id value a visit carried change nothing in where it came from,
 * so each shape of visit goes through attributionFromRest once (a million orders would parse a
 * million URLs).
 */
const attributionByShape = new Map<string, Attribution>();
function attributionOfVisit(rng: Random, kind: VisitKind): Attribution {
  const referrer = rng.pick(REFERRERS[kind]);
  const key = `${kind}|${referrer}`;
  let attribution = attributionByShape.get(key);
  if (attribution === undefined) {
    const visit = visitOf(kind, referrer, "campaign", "click-id");
    attribution = attributionFromRest({ source_name: "web", ...visit });
    attributionByShape.set(key, attribution);
  }
  return attribution;
}

/**
 * The order's payment: Shopify's gateway names and transactions, the fee as the import resolves
 * it (store-sync's shopifyPaymentsFeeMinor over the transactions, then profit's resolveFee with
 * the shop's rules): Shopify Payments' own fee, the rule's estimate, or unknown.
 */
function paymentOf(
  rng: Random,
  ctx: OrderContext,
  order: { totalMinor: number; channel: SalesChannel; country: string },
): Pick<OrderRow, "gateways" | "paymentFeesMinor" | "paymentFeeSource"> {
  let gateways = GATEWAY_MIX[rng.weightedIndex(GATEWAY_WEIGHTS)][0];
  if (order.channel === "pos" && gateways[0] === "paypal") gateways = ["shopify_payments"];
  const giftCard = gateways[0] === "gift_card" ? Math.min(order.totalMinor, rng.pick(GIFT_CARD_VALUES_MINOR)) : 0;
  // A gift card pays what it covers; a card pays the rest, if any.
  if (gateways[0] === "gift_card")
    gateways = giftCard < order.totalMinor ? ["gift_card", "shopify_payments"] : ["gift_card"];
  const transactions = gateways.map((gateway) => {
    const amount = gateway === "gift_card" ? giftCard : order.totalMinor - giftCard;
    const fees = [];
    if (gateway === "shopify_payments") {
      const rates =
        order.channel === "pos"
          ? SHOPIFY_PAYMENTS_IN_PERSON
          : {
              rate:
                SHOPIFY_PAYMENTS_ONLINE.rate +
                (order.country === "United States" ? 0 : SHOPIFY_PAYMENTS_ONLINE.internationalExtra),
              fixedMinor: SHOPIFY_PAYMENTS_ONLINE.fixedMinor,
            };
      const fee = Math.round(amount * rates.rate) + rates.fixedMinor;
      fees.push({ amount: { amount: (fee / 100).toFixed(2), currencyCode: DEMO_SHOP.currency } });
    }
    return { gateway, kind: "SALE", status: "SUCCESS", fees };
  });
  const fee = resolveFee(
    {
      gateways,
      actualFeeMinor: shopifyPaymentsFeeMinor(transactions, DEMO_SHOP.currency),
      totalMinor: order.totalMinor,
    },
    ctx.rules,
  );
  return { gateways: gateways.join(","), ...fee };
}
const GATEWAY_WEIGHTS = GATEWAY_MIX.map(([, w]) => w);

type OrderDraft = {
  instant: number;
  customer: CustomerRow | null;
  kind: VisitKind;
  picker: CumulativePicker;
};

function pickLines(rng: Random, picker: CumulativePicker): number[] {
  const count = 1 + rng.weightedIndex([55, 28, 12, 5]);
  const chosen: number[] = [];
  for (let tries = 0; chosen.length < count && tries < count * 4; tries++) {
    const v = picker.pick(rng);
    if (!chosen.includes(v)) chosen.push(v);
  }
  return chosen;
}

/** Splits the order discount over the lines in proportion to their value; the rest goes to the first line. */
function allocateDiscount(lineGross: number[], gross: number, discount: number): number[] {
  if (discount === 0) return lineGross.map(() => 0);
  const shares = lineGross.map((g) => Math.floor((discount * g) / gross));
  shares[0] += discount - shares.reduce((a, b) => a + b, 0);
  return shares;
}

/** A variant's shipping weight: 120 g to 1 kg, fixed per variant. */
const variantWeightGrams = (variantIndex: number) => 120 + ((variantIndex * 7919) % 881);

function buildOrder(rng: Random, ctx: OrderContext, seq: Sequences, batch: DayBatch, draft: OrderDraft): void {
  const { shopId } = ctx;
  const processedAt = new Date(draft.instant);
  const day = dayInZone(processedAt, ctx.tz);
  const orderNo = ++seq.order;
  const orderId = `o_${pad(orderNo, 7)}`;

  const variantIndexes = pickLines(rng, draft.picker);
  const quantities = variantIndexes.map(() => 1 + rng.weightedIndex([75, 18, 7]));
  const lineGross = variantIndexes.map((v, i) => ctx.catalog.variants[v].priceMinor * quantities[i]);
  const gross = lineGross.reduce((a, b) => a + b, 0);
  const spread = ctx.events.discountSpread;
  const discounts =
    spread && day >= spread.from && rng.chance(spread.share)
      ? Math.round((gross * spread.percent) / 100)
      : rng.chance(DISCOUNT_SHARE)
        ? Math.round((gross * rng.int(5, 20)) / 100)
        : 0;
  const lineDiscounts = allocateDiscount(lineGross, gross, discounts);
  const net = gross - discounts;

  const channel = SALES_CHANNELS[rng.weightedIndex(SALES_CHANNEL_WEIGHTS)];
  // In-store (POS) sales ship nothing, so they charge and cost no shipping.
  const shipping = channel === "pos" || net >= FREE_SHIPPING_FROM_MINOR ? 0 : rng.pick(SHIPPING_RATES_MINOR);
  const units = quantities.reduce((a, b) => a + b, 0);
  // The label bought for a shipped order (most have one); only recent ones are in the imported file.
  const labelCost =
    channel === "pos" ? null : rng.chance(SHIPPING_COST_KNOWN_SHARE) ? rng.int(450, 950) + 150 * (units - 1) : null;
  if (labelCost !== null && day >= addDays(ctx.today, -LABEL_IMPORT_DAYS))
    batch.labels.push({ orderName: `#${1000 + orderNo}`, costMinor: labelCost });
  // Weight from the variants (no draw, so the day's stream stays as it was).
  const weight = variantIndexes.reduce((s, v, i) => s + variantWeightGrams(v) * quantities[i], 0);
  const taxes = Math.round(net * TAX_RATE);
  const total = net + shipping + taxes;
  const place = draft.customer ?? randomPlace(rng);

  const order: OrderRow = {
    id: orderId,
    shopId,
    shopifyId: String(5_100_000_000 + orderNo),
    name: `#${1000 + orderNo}`,
    customerId: draft.customer?.id ?? null,
    email: draft.customer ? draft.customer.email : guestEmail(rng),
    processedAt,
    day,
    currency: DEMO_SHOP.currency,
    grossSalesMinor: gross,
    discountsMinor: discounts,
    shippingMinor: shipping,
    taxesMinor: taxes,
    refundsMinor: 0,
    totalMinor: total,
    shippingCostMinor: null,
    shippingCostSource: "none",
    totalWeightGrams: weight,
    shippingCountryCode: channel === "pos" ? null : (COUNTRY_CODES.get(place.country) ?? null),
    ...paymentOf(rng, ctx, { totalMinor: total, channel, country: place.country }),
    channel,
    ...attributionOfVisit(rng, draft.kind),
    country: place.country,
    region: place.region,
    financialStatus: "paid",
    createdAt: processedAt,
    linesCostMinor: 0,
    linesUncostedUnits: 0,
  };
  batch.orders.push(order);

  variantIndexes.forEach((v, i) => {
    const variant = ctx.catalog.variants[v];
    const product = ctx.catalog.products[Number(variant.productId.slice(2)) - 1];
    batch.lines.push({
      id: `ol_${pad(++seq.line, 8)}`,
      shopId,
      orderId,
      day,
      productId: variant.productId,
      variantId: variant.id,
      title: variant.title === "Default Title" ? product.title : `${product.title} - ${variant.title}`,
      sku: variant.sku,
      quantity: quantities[i],
      unitPriceMinor: variant.priceMinor,
      discountMinor: lineDiscounts[i],
      unitCostMinor: variant.unitCostMinor,
    });
    if (variant.unitCostMinor === null) order.linesUncostedUnits += quantities[i];
    else order.linesCostMinor += quantities[i] * variant.unitCostMinor;
  });

  maybeRefund(rng, ctx, seq, batch, order);
}

function guestEmail(rng: Random): string {
  return `${rng.pick(FIRST_NAMES).toLowerCase()}.${rng.hex(5)}@${rng.pick(EMAIL_DOMAINS)}`;
}

/** ~4% of orders are refunded (a third in full) 1–14 days later, never after today. */
function maybeRefund(rng: Random, ctx: OrderContext, seq: Sequences, batch: DayBatch, order: OrderRow): void {
  if (!rng.chance(REFUND_SHARE)) return;
  const daysLeft = Math.round((Date.parse(ctx.today) - Date.parse(order.day)) / 86_400_000);
  if (daysLeft < 1) return; // today's orders cannot have been refunded yet
  const refundDay = addDays(order.day, rng.int(1, Math.min(14, daysLeft)));
  const processedAt = new Date(randomInstantInDay(rng, dayBounds(refundDay, ctx.tz)));
  const full = rng.chance(1 / 3);
  const amount = full ? order.totalMinor : Math.max(100, Math.round(order.totalMinor * rng.between(0.1, 0.6)));
  order.refundsMinor = amount;
  order.financialStatus = full ? "refunded" : "partially_refunded";
  const refundNo = ++seq.refund;
  batch.refunds.push({
    id: `r_${pad(refundNo, 6)}`,
    shopId: ctx.shopId,
    orderId: order.id,
    shopifyId: String(9_100_000_000 + refundNo),
    processedAt,
    day: dayInZone(processedAt, ctx.tz),
    amountMinor: amount,
  });
}
