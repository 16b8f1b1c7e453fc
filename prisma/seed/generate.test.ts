// The demo data generator: deterministic, and shaped the way the demo needs
// (seasonality, anomalies, unknown costs, stock problems, the order economics).
import { linesCost } from "~/lib/lines-cost";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, dayInZone } from "~/lib/dates";
import { AD_PLATFORMS } from "~/features/ad-platforms";
import { demoCampaignRows, DEMO_ACCOUNTS } from "~/features/ad-platforms/replay.server";
import { ruleFeeMinor } from "~/features/profit/payment-fees";
import {
  anomaliesFor,
  createDemoData,
  DEFAULT_ORDERS,
  DEMO_SHOP,
  LABEL_IMPORT_DAYS,
  mulberry32,
  Random,
  adScaleFor,
  DEMO_FEE_RULES,
  ORGANIC_KINDS,
  ORGANIC_MIX,
  startOfDayInZone,
  type DayBatch,
  type DemoData,
  type LabelRow,
  type OrderLineRow,
  type OrderRow,
  type RefundRow,
} from "./generate";

// A fixed "today" (a Saturday, a week before Black Friday), so nothing depends on the run date.
const TODAY = "2026-11-21";

type Generated = {
  data: DemoData;
  batches: DayBatch[];
  orders: OrderRow[];
  lines: OrderLineRow[];
  refunds: RefundRow[];
  labels: LabelRow[];
};

function generate(options: { seed?: number; orders?: number } = {}): Generated {
  const data = createDemoData({ today: TODAY, ...options });
  const batches = [...data.days()];
  return {
    data,
    batches,
    orders: batches.flatMap((b) => b.orders),
    lines: batches.flatMap((b) => b.lines),
    refunds: batches.flatMap((b) => b.refunds),
    labels: batches.flatMap((b) => b.labels),
  };
}

const share = (part: number, whole: number) => part / whole;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let full: Generated;
beforeAll(() => {
  full = generate();
});

describe("random numbers", () => {
  it("mulberry32 repeats for a seed and differs between seeds", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("derived streams are independent of each other's draws", () => {
    const root = new Random(7);
    const first = root.derive("x").float();
    root.derive("y").float();
    expect(new Random(7).derive("x").float()).toBe(first);
  });
});

describe("determinism", () => {
  it("the same seed gives the same catalog, customers and first orders", () => {
    const again = createDemoData({ today: TODAY });
    const firstDays = (d: DemoData) => {
      const out: DayBatch[] = [];
      for (const b of d.days()) if (out.push(b) >= 3) break;
      return out;
    };
    expect(again.catalog).toEqual(full.data.catalog);
    expect(again.customers).toEqual(full.data.customers);
    expect(again.privacyRequests).toEqual(full.data.privacyRequests);
    expect(firstDays(again)).toEqual(full.batches.slice(0, 3));
    // Calling days() again starts over.
    expect(firstDays(again)).toEqual(full.batches.slice(0, 3));
  });

  it("a different seed gives different data", () => {
    const other = createDemoData({ today: TODAY, seed: 1 });
    expect(other.catalog.products.map((p) => p.title)).not.toEqual(full.data.catalog.products.map((p) => p.title));
    const first = other.days().next().value as DayBatch;
    expect(first.orders.slice(0, 20)).not.toEqual(full.batches[0].orders.slice(0, 20));
  });
});

describe("calendar", () => {
  it("covers the 365 days up to today with exactly the requested orders", () => {
    const { plan } = full.data;
    expect(plan).toHaveLength(365);
    expect(plan[364].day).toBe(TODAY);
    expect(plan[0].day).toBe(addDays(TODAY, -364));
    expect(full.orders).toHaveLength(DEFAULT_ORDERS);
    expect(plan.reduce((a, p) => a + p.orders, 0)).toBe(DEFAULT_ORDERS);
    expect(generate({ orders: 1234 }).orders).toHaveLength(1234);
  });

  it("numbers orders #1001… in time order, each dated in the shop's zone", () => {
    const misnamed = full.orders.filter((o, i) => o.name !== `#${1001 + i}`);
    const outOfOrder = full.orders.filter((o, i) => i > 0 && o.processedAt < full.orders[i - 1].processedAt);
    const misdated = full.orders.filter((o) => o.day !== dayInZone(o.processedAt, DEMO_SHOP.timezone));
    expect([misnamed.length, outOfOrder.length, misdated.length]).toEqual([0, 0, 0]);
    expect(full.orders.every((o) => o.shopId === DEMO_SHOP.id)).toBe(true);
  });

  it("finds the start of a day in New York across DST", () => {
    expect(new Date(startOfDayInZone("2026-01-15", "America/New_York")).toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(new Date(startOfDayInZone("2026-07-15", "America/New_York")).toISOString()).toBe("2026-07-15T04:00:00.000Z");
    expect(new Date(startOfDayInZone("2026-03-08", "America/New_York")).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(new Date(startOfDayInZone("2026-03-09", "America/New_York")).toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });
});

describe("order volume shape", () => {
  const countsBy = (pred: (day: string) => boolean) =>
    full.data.plan.filter((p) => pred(p.day) && !p.anomaly).map((p) => p.orders);
  const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

  it("sells more on weekends", () => {
    expect(mean(countsBy((d) => weekday(d) === 0 || weekday(d) === 6))).toBeGreaterThan(
      1.15 * mean(countsBy((d) => weekday(d) >= 1 && weekday(d) <= 4)),
    );
  });

  it("peaks in November/December with Black Friday the busiest day", () => {
    const holiday = (d: string) => d.slice(5, 7) === "11" || d.slice(5, 7) === "12";
    expect(mean(countsBy(holiday))).toBeGreaterThan(1.3 * mean(countsBy((d) => !holiday(d))));
    const busiest = [...full.data.plan].filter((p) => !p.anomaly).sort((a, b) => b.orders - a.orders)[0];
    expect(busiest.day).toBe("2025-11-28"); // Black Friday 2025
  });

  it("has a spike in the last 30 days and a dip week, relative to their neighbours", () => {
    const [spike, dip] = anomaliesFor(TODAY);
    expect(spike.from >= addDays(TODAY, -29)).toBe(true);
    const around = (from: string, to: string) =>
      full.data.plan
        .filter((p) => p.day >= addDays(from, -21) && p.day <= addDays(to, 21) && !p.anomaly)
        .map((p) => p.orders);
    const spikeDay = full.data.plan.find((p) => p.day === spike.from)!;
    expect(spikeDay.orders / median(around(spike.from, spike.to))).toBeGreaterThan(2.3);
    const dipDays = full.data.plan.filter((p) => p.day >= dip.from && p.day <= dip.to);
    expect(dipDays).toHaveLength(7);
    const ratio = mean(dipDays.map((p) => p.orders)) / mean(around(dip.from, dip.to));
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(0.5);
  });
});

describe("catalog", () => {
  it("has ~150 products in the four categories, 1–3 variants each with unique SKUs", () => {
    const { products, variants } = full.data.catalog;
    expect(products).toHaveLength(150);
    expect(new Set(products.map((p) => p.category))).toEqual(
      new Set(["Electronics", "Wearables", "Computers", "Audio"]),
    );
    expect(new Set(products.map((p) => p.title)).size).toBe(products.length);
    for (const p of products) {
      const n = variants.filter((v) => v.productId === p.id).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(3);
    }
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
  });

  it("leaves some costs unknown and keeps known costs at 30–65% of price", () => {
    const { variants } = full.data.catalog;
    const known = variants.filter((v) => v.unitCostMinor !== null);
    expect(variants.length - known.length).toBeGreaterThan(0);
    expect(share(known.length, variants.length)).toBeGreaterThanOrEqual(0.85);
    expect(share(known.length, variants.length)).toBeLessThanOrEqual(0.9);
    for (const v of known) {
      expect(v.unitCostMinor!).toBeGreaterThanOrEqual(Math.floor(v.priceMinor * 0.3));
      expect(v.unitCostMinor!).toBeLessThanOrEqual(Math.ceil(v.priceMinor * 0.65));
    }
  });

  it("has out-of-stock, low-stock and healthy inventory", () => {
    const { inventory, variants } = full.data.catalog;
    expect(inventory).toHaveLength(variants.length);
    const out = inventory.filter((i) => i.available === 0).length;
    const low = inventory.filter((i) => i.available > 0 && i.available < i.reorderPoint).length;
    expect(out).toBeGreaterThan(0);
    expect(low).toBeGreaterThan(0);
    expect(inventory.length - out - low).toBeGreaterThan(inventory.length / 2);
  });
});

describe("customers", () => {
  it("has ~3,000 customers led by the US, then Canada, the UK and Australia", () => {
    const { customers } = full.data;
    expect(customers).toHaveLength(3000);
    const byCountry = new Map<string, number>();
    for (const c of customers) byCountry.set(c.country, (byCountry.get(c.country) ?? 0) + 1);
    const ranked = [...byCountry].sort((a, b) => b[1] - a[1]).map(([c]) => c);
    expect(ranked.slice(0, 4)).toEqual(["United States", "Canada", "United Kingdom", "Australia"]);
    expect(ranked.length).toBeGreaterThan(4);
    expect(customers.every((c) => c.region)).toBe(true);
  });

  it("spreads order histories: many one-time buyers, repeat buyers and a few VIPs", () => {
    const perCustomer = new Map<string, number>();
    for (const o of full.orders)
      if (o.customerId) perCustomer.set(o.customerId, (perCustomer.get(o.customerId) ?? 0) + 1);
    const counts = [...perCustomer.values()];
    expect(share(counts.filter((n) => n === 1).length, counts.length)).toBeGreaterThan(0.2);
    expect(share(counts.filter((n) => n >= 2).length, counts.length)).toBeGreaterThan(0.5);
    expect(counts.filter((n) => n >= 20).length).toBeGreaterThan(0);
    expect(share(counts.filter((n) => n >= 20).length, counts.length)).toBeLessThan(0.15);
  });

  it("makes ~15% of orders guest orders", () => {
    const guests = full.orders.filter((o) => o.customerId === null).length;
    expect(share(guests, full.orders.length)).toBeGreaterThan(0.13);
    expect(share(guests, full.orders.length)).toBeLessThan(0.17);
  });
});

describe("orders", () => {
  it("adds up: lines, discounts, shipping, taxes, fees and total", () => {
    // Plain checks collected into one assertion: 25,000 orders × a dozen expects is slow.
    const variants = new Map(full.data.catalog.variants.map((v) => [v.id, v]));
    const linesByOrder = new Map<string, OrderLineRow[]>();
    for (const l of full.lines) {
      const list = linesByOrder.get(l.orderId);
      if (list) list.push(l);
      else linesByOrder.set(l.orderId, [l]);
    }
    const problems: string[] = [];
    const paypal = DEMO_FEE_RULES.find((r) => r.gateway === "paypal")!;
    const check = (ok: boolean, what: string, o: OrderRow) => {
      if (!ok && problems.length < 10) problems.push(`${o.name}: ${what}`);
    };
    for (const o of full.orders) {
      const lines = linesByOrder.get(o.id) ?? [];
      check(lines.length >= 1 && lines.length <= 4, "1–4 lines", o);
      for (const l of lines) {
        const v = variants.get(l.variantId)!;
        check(l.quantity >= 1 && l.quantity <= 3, "quantity 1–3", o);
        check(l.unitPriceMinor === v.priceMinor, "line price = variant price", o);
        check(l.unitCostMinor === v.unitCostMinor, "line cost = variant cost snapshot", o);
        check(l.day === o.day && l.shopId === o.shopId, "line day and shop", o);
      }
      const net = o.grossSalesMinor - o.discountsMinor;
      const cost = linesCost(lines);
      check(
        o.linesCostMinor === cost.linesCostMinor && o.linesUncostedUnits === cost.linesUncostedUnits,
        "stored line costs = Σ over the lines",
        o,
      );
      check(
        o.grossSalesMinor === lines.reduce((a, l) => a + l.quantity * l.unitPriceMinor, 0),
        "gross = Σ qty×price",
        o,
      );
      check(
        lines.reduce((a, l) => a + l.discountMinor, 0) === o.discountsMinor,
        "line discounts sum to the order's",
        o,
      );
      check(o.totalMinor === net + o.shippingMinor + o.taxesMinor, "total", o);
      const gateways = o.gateways.split(",");
      if (gateways.includes("shopify_payments")) {
        // Shopify Payments' own fee: its rate on the card part of the total, never the rule's.
        check(o.paymentFeeSource === "shopify_payments", "Shopify Payments' fee read", o);
        // At most 3.7% + 30¢ (a card from abroad) of the total; a gift card's part carries none.
        const fee = o.paymentFeesMinor ?? -1;
        check(fee > 0 && fee <= Math.round(o.totalMinor * 0.037) + 30, "fee within Shopify Payments' rates", o);
      } else if (gateways[0] === "paypal")
        check(o.paymentFeeSource === "rule" && o.paymentFeesMinor === ruleFeeMinor(paypal, o.totalMinor), "rule", o);
      else if (gateways[0] === "manual")
        check(o.paymentFeeSource === "none" && o.paymentFeesMinor === null, "no rule: unknown", o);
      else check(o.gateways === "gift_card" && o.paymentFeesMinor === 0, "a gift card moves no card money", o);
      check(net < 10_000 || o.shippingMinor === 0, "free shipping over $100", o);
      check(
        net >= 10_000 || o.channel === "pos" || (o.shippingMinor >= 599 && o.shippingMinor <= 999),
        "shipping rate",
        o,
      );
    }
    expect(problems).toEqual([]);
  });

  it("has discounts on ~20%, a label for ~90% of recent shipped orders and ~7% tax", () => {
    const discounted = full.orders.filter((o) => o.discountsMinor > 0);
    expect(share(discounted.length, full.orders.length)).toBeGreaterThan(0.18);
    expect(share(discounted.length, full.orders.length)).toBeLessThan(0.22);
    const rates = discounted.map((o) => o.discountsMinor / o.grossSalesMinor);
    expect(Math.min(...rates)).toBeGreaterThanOrEqual(0.049);
    expect(Math.max(...rates)).toBeLessThanOrEqual(0.201);
    // Label costs come from the seed's rules and label import (prisma/seed/shipping.ts): a label
    // for ~90% of the shipped orders of the last LABEL_IMPORT_DAYS days, none for in-store sales.
    const from = addDays(TODAY, -LABEL_IMPORT_DAYS);
    const recentShipped = full.orders.filter((o) => o.day >= from && o.shippingCountryCode !== null);
    expect(full.orders.every((o) => o.shippingCostMinor === null && o.totalWeightGrams > 0)).toBe(true);
    expect(share(full.labels.length, recentShipped.length)).toBeGreaterThan(0.85);
    expect(share(full.labels.length, recentShipped.length)).toBeLessThan(0.95);
    const net = full.orders.reduce((a, o) => a + o.grossSalesMinor - o.discountsMinor, 0);
    expect(full.orders.reduce((a, o) => a + o.taxesMinor, 0) / net).toBeCloseTo(0.07, 3);
  });

  it("sells some lines whose cost is unknown", () => {
    expect(full.lines.some((l) => l.unitCostMinor === null)).toBe(true);
  });

  it("refunds ~4% of orders 1–14 days later, never after today, matching the order", () => {
    expect(share(full.refunds.length, full.orders.length)).toBeGreaterThan(0.03);
    expect(share(full.refunds.length, full.orders.length)).toBeLessThan(0.05);
    const orders = new Map(full.orders.map((o) => [o.id, o]));
    for (const r of full.refunds) {
      const o = orders.get(r.orderId)!;
      expect(r.day > o.day).toBe(true);
      expect(r.day <= addDays(o.day, 14)).toBe(true);
      expect(r.day <= TODAY).toBe(true);
      expect(r.day).toBe(dayInZone(r.processedAt, DEMO_SHOP.timezone));
      expect(o.refundsMinor).toBe(r.amountMinor);
      expect(o.financialStatus).toBe(r.amountMinor === o.totalMinor ? "refunded" : "partially_refunded");
    }
    expect(full.refunds.some((r) => r.amountMinor === orders.get(r.orderId)!.totalMinor)).toBe(true);
    expect(full.refunds.some((r) => r.amountMinor < orders.get(r.orderId)!.totalMinor)).toBe(true);
    const refunded = new Set(full.refunds.map((r) => r.orderId));
    expect(
      full.orders.filter((o) => !refunded.has(o.id)).every((o) => o.financialStatus === "paid" && o.refundsMinor === 0),
    ).toBe(true);
  });

  it("takes country and region from the customer", () => {
    const customers = new Map(full.data.customers.map((c) => [c.id, c]));
    for (const o of full.orders.filter((x) => x.customerId).slice(0, 500)) {
      const c = customers.get(o.customerId!)!;
      expect([o.country, o.region]).toEqual([c.country, c.region]);
    }
  });
});

describe("traffic, funnel, ad clicks and payments", () => {
  it("converts at 1.3–2.1%, the sessions no ad paid for split as the spec's mix", () => {
    const traffic = full.batches.flatMap((b) => b.traffic);
    const sessions = traffic.reduce((a, t) => a + t.sessions, 0);
    const conversion = full.orders.length / sessions;
    expect(conversion).toBeGreaterThan(0.013);
    expect(conversion).toBeLessThan(0.021);
    const visits = (kind: string) => full.batches.reduce((a, b) => a + b.visits[kind as keyof DayBatch["visits"]], 0);
    const organic = ORGANIC_KINDS.reduce((a, k) => a + visits(k), 0);
    // The two spikes add their visitors to social and email: a point or two on top of the mix.
    for (const kind of ORGANIC_KINDS) expect(Math.abs(visits(kind) / organic - ORGANIC_MIX[kind])).toBeLessThan(0.025);
    const paid = AD_PLATFORMS.reduce((a, p) => a + visits(p), 0);
    expect(paid / sessions).toBeGreaterThan(0.25);
    expect(paid / sessions).toBeLessThan(0.5);
  });

  it("stores sessions and orders under the sources the app's own mapping gives them", () => {
    const sources = new Set(full.batches.flatMap((b) => b.traffic.map((t) => t.source)));
    // Shopify's "Paid search" and "Paid social" referrer sources are paid traffic (analytics' sourceOf).
    for (const s of ["organic_search", "direct", "social", "email"]) expect(sources.has(s)).toBe(true);
    expect([...sources].some((s) => s.startsWith("paid"))).toBe(true);
    const orderSources = new Set(full.orders.map((o) => o.source));
    for (const s of sources) expect(orderSources.has(s)).toBe(true);
    const paidOrders = full.orders.filter((o) => o.source?.startsWith("paid")).length / full.orders.length;
    expect(paidOrders).toBeGreaterThan(0.15);
    expect(paidOrders).toBeLessThan(0.4);
  });

  it("lands 70–90% of each platform's clicks as sessions, every day", () => {
    const scale = adScaleFor(DEFAULT_ORDERS);
    for (const platform of AD_PLATFORMS) {
      let clicks = 0;
      let sessions = 0;
      for (const b of full.batches) {
        const rows = demoCampaignRows(platform, DEMO_ACCOUNTS[platform][0].accountId, b.plan.day, b.plan.day, scale);
        const day = rows.reduce((a, r) => a + r.clicks, 0);
        expect(day).toBeGreaterThan(0);
        expect(b.visits[platform]).toBeGreaterThan(0);
        clicks += day;
        sessions += b.visits[platform];
      }
      expect(sessions / clicks).toBeGreaterThan(0.7);
      expect(sessions / clicks).toBeLessThan(0.9);
    }
  });

  it("keeps the funnel consistent with sessions and orders", () => {
    for (const b of full.batches) {
      const sessions = b.traffic.reduce((a, t) => a + t.sessions, 0);
      expect(b.funnel.purchases).toBe(b.orders.length);
      expect(b.funnel.visitors).toBe(sessions);
      expect(b.funnel.productViews / b.funnel.visitors).toBeGreaterThan(0.55);
      expect(b.funnel.productViews / b.funnel.visitors).toBeLessThan(0.65);
      expect(b.funnel.addToCart).toBeGreaterThanOrEqual(b.funnel.purchases);
    }
  });

  it("buys ads on three platforms at a ROAS of ~3–5, ≈ $257,000 in the 30 days before late November", () => {
    const scale = adScaleFor(DEFAULT_ORDERS);
    const spend = (from: string) =>
      AD_PLATFORMS.flatMap((p) => demoCampaignRows(p, DEMO_ACCOUNTS[p][0].accountId, from, TODAY, scale)).reduce(
        (a, r) => a + Number(r.micros / 10_000n),
        0,
      );
    const year = spend(addDays(TODAY, -364));
    const net = full.orders.reduce((a, o) => a + o.grossSalesMinor - o.discountsMinor, 0);
    expect(net / year).toBeGreaterThan(3);
    expect(net / year).toBeLessThan(5);
    const month = spend(addDays(TODAY, -29));
    expect(month).toBeGreaterThan(20_000_000);
    expect(month).toBeLessThan(30_000_000);
    // Twice the store, twice the budgets.
    const doubled = demoCampaignRows("google_ads", "1234567890", TODAY, TODAY, scale * 2);
    const single = demoCampaignRows("google_ads", "1234567890", TODAY, TODAY, scale);
    expect(doubled.reduce((a, r) => a + r.micros, 0n)).toBeGreaterThan(single.reduce((a, r) => a + r.micros, 0n));
  });

  it("pays mostly through Shopify Payments, some by PayPal (a rule), manual (unknown) and gift cards", () => {
    const by = (source: string) => full.orders.filter((o) => o.paymentFeeSource === source).length / full.orders.length;
    expect(by("shopify_payments")).toBeGreaterThan(0.8);
    expect(by("rule")).toBeGreaterThan(0.08);
    expect(by("none")).toBeGreaterThan(0.01);
    expect(by("none")).toBeLessThan(0.06);
    expect(full.orders.some((o) => o.gateways === "gift_card,shopify_payments")).toBe(true);
    expect(full.orders.filter((o) => o.channel === "pos").every((o) => !o.gateways.includes("paypal"))).toBe(true);
  });

  it("resolves fees with the rules it is given, as the import does with the stored ones", () => {
    const data = createDemoData({ today: TODAY, orders: 2_000 });
    const none = [...data.days([])].flatMap((b) => b.orders).filter((o) => o.gateways === "paypal");
    expect(none.length).toBeGreaterThan(0);
    expect(none.every((o) => o.paymentFeeSource === "none" && o.paymentFeesMinor === null)).toBe(true);
  });
});

describe("hand-entered rows", () => {
  it("has a dozen operating expenses, recurring and one-time, in every category", () => {
    const rows = full.data.operatingExpenses;
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.category))).toEqual(
      new Set(["marketing", "shipping", "software", "labor", "rent", "utilities", "other"]),
    );
    for (const r of rows) {
      expect(r.date <= TODAY).toBe(true);
      if (r.recurring) expect(["monthly", "yearly"]).toContain(r.recurringInterval);
      else {
        expect(r.recurringInterval).toBeNull();
        expect(r.date >= addDays(TODAY, -364)).toBe(true);
      }
    }
    expect(rows.some((r) => r.recurring)).toBe(true);
    expect(rows.some((r) => !r.recurring)).toBe(true);
  });

  it("has product costs for existing SKUs, including one the sync never knew", () => {
    const bySku = new Map(full.data.catalog.variants.map((v) => [v.sku, v]));
    const costs = full.data.productCosts;
    expect(costs.length).toBeGreaterThanOrEqual(3);
    expect(costs.length).toBeLessThanOrEqual(4);
    for (const c of costs) {
      expect(bySku.has(c.sku)).toBe(true);
      expect(c.effectiveFrom < TODAY).toBe(true);
      expect(c.costPerUnitMinor).toBeGreaterThan(0);
    }
    expect(costs.some((c) => bySku.get(c.sku)!.unitCostMinor === null)).toBe(true);
    expect(costs.some((c) => c.supplier === null)).toBe(true);
  });

  it("has 3 pending and 47 completed privacy requests due 30 days after receipt", () => {
    const rows = full.data.privacyRequests;
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(3);
    expect(rows.filter((r) => r.status === "completed")).toHaveLength(47);
    for (const r of rows) {
      expect(["data_request", "redact"]).toContain(r.type);
      expect(r.dueAt.getTime() - r.createdAt.getTime()).toBe(30 * 86_400_000);
      expect(r.completedAt === null).toBe(r.status === "pending");
    }
    // A completed redaction really erased its customer.
    const customers = new Map(full.data.customers.map((c) => [c.shopifyId, c]));
    for (const r of rows.filter((x) => x.type === "redact" && x.status === "completed")) {
      const c = customers.get(r.customerShopifyId)!;
      expect(c.redactedAt).not.toBeNull();
      expect(c.email).toBeNull();
    }
  });
});
