// Shopify's two shapes of the same records (Admin GraphQL bulk rows and REST
// webhook payloads) mapped to one internal shape, so the writers below them have
// one code path. Pure: no database, no network. Amounts are taken from the shop
// money of each money set, so orders paid in another currency count in the shop's.
import { zoneForAddress } from "~/lib/address-zone";
import type {
  BulkCustomer,
  BulkInventoryLevel,
  BulkLineItem,
  BulkOrder,
  BulkProduct,
  BulkVariant,
  RestAddress,
  RestCustomer,
  RestInventoryItem,
  RestInventoryLevel,
  RestMoneySet,
  RestOrder,
  RestProduct,
  RestRefund,
  ShopMoneyBag,
} from "~/features/store-sync/admin-types";
import { attributionFromRest, attributionOf } from "~/features/store-sync/traffic-source";
import { currencyDigits } from "~/lib/money";

export type SyncOrderLine = {
  shopifyId: string;
  productShopifyId: string | null;
  variantShopifyId: string | null;
  title: string;
  sku: string | null;
  quantity: number;
  unitPriceMinor: number;
  discountMinor: number;
};

export type SyncRefund = {
  shopifyId: string;
  processedAt: Date;
  amountMinor: number;
  /** The lines given back (Shopify line item id, quantity), when the delivery lists them; null when unknown. */
  lines?: { line: string; quantity: number }[] | null;
};

export type SyncOrder = {
  shopifyId: string;
  name: string;
  email: string | null;
  customerShopifyId: string | null;
  processedAt: Date;
  updatedAt: Date;
  cancelledAt: Date | null;
  presentmentCurrency: string | null;
  discountsMinor: number;
  shippingMinor: number;
  taxesMinor: number;
  financialStatus: string;
  channel: string;
  /** The traffic source the order is attributed to (app/features/store-sync/traffic-sources.ts); null: not known. */
  source: string | null;
  /** The ad channel of a paid visit whose platform is known (profit/ad-channels.ts); else null. */
  adChannel: string | null;
  country: string | null;
  region: string | null;
  lines: SyncOrderLine[];
  refunds: SyncRefund[];
  /** Shopify's payment gateway names of the order. */
  gateways: string[];
  /** Shopify's total weight in grams; null when not reported. */
  weightGrams: number | null;
  /** The shipping address's ISO country code; null: no shipping address (nothing shipped). */
  shippingCountryCode: string | null;
  /**
   * Shopify Payments' fees on the order, in the shop's currency (docs/decisions/088); null:
   * Shopify reports none; undefined: the payload does not carry transactions (order webhooks).
   */
  actualFeeMinor?: number | null;
};

export type SyncVariant = {
  shopifyId: string;
  title: string;
  sku: string | null;
  priceMinor: number;
  inventoryItemId: string | null;
  /** Undefined: the payload does not say (webhook product payloads carry no cost). */
  unitCostMinor?: number | null;
};

export type SyncProduct = {
  shopifyId: string;
  title: string;
  category: string;
  imageUrl: string | null;
  updatedAt: Date;
  variants: SyncVariant[];
};

export type SyncCustomer = {
  shopifyId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  address1: string | null;
  zip: string | null;
  acceptsMarketing: boolean;
  /** Shopify's SMS marketing consent is SUBSCRIBED. */
  smsMarketing: boolean;
  /** The default address's time zone (Shopify's, else inferred from country and province), or null. */
  timeZone: string | null;
  updatedAt: Date;
};

export type SyncInventoryLevel = {
  inventoryItemId: string;
  locationId: string;
  available: number;
  updatedAt: Date | null;
};

// ── helpers ──────────────────────────────────────────────────────────────────

/** A decimal amount ("12.5", "-3.00", 7) in minor units of the currency, rounded half away from zero. */
export function amountToMinor(amount: string | number | null | undefined, currency: string): number {
  if (amount === null || amount === undefined || amount === "") return 0;
  const text = typeof amount === "number" ? amount.toFixed(currencyDigits(currency) + 2) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new Error(`Not a money amount: ${String(amount)}`);
  const digits = currencyDigits(currency);
  const fraction = match[3] ?? "";
  const kept = fraction.slice(0, digits).padEnd(digits, "0");
  const roundUp = fraction.length > digits && Number(fraction[digits]) >= 5 ? 1 : 0;
  const minor = Number(match[2]) * 10 ** digits + Number(kept || "0") + roundUp;
  return match[1] ? -minor : minor;
}

const shopMoney = (bag: ShopMoneyBag | null | undefined, currency: string) =>
  amountToMinor(bag?.shopMoney?.amount, currency);
const restShopMoney = (
  set: RestMoneySet | null | undefined,
  fallback: string | number | null | undefined,
  currency: string,
) => amountToMinor(set?.shop_money?.amount ?? fallback, currency);

/** A weight in whole grams (GraphQL's UnsignedInt64 arrives as a string), or null when not one. */
export function grams(value: string | number | null | undefined): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 && n < 2 ** 31 ? Math.round(n) : null;
}

/** An ISO 3166-1 alpha-2 code, upper-case, or null. */
export const countryCodeOf = (code: string | null | undefined) =>
  code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;

/** The global id of a Shopify record, whatever form it arrived in. */
export function gid(type: string, id: unknown): string | null {
  if (id === null || id === undefined || id === "") return null;
  const text = String(id);
  return text.startsWith("gid://") ? text : `gid://shopify/${type}/${text}`;
}

const date = (v: string | null | undefined): Date | null => (v ? new Date(v) : null);

function requireDate(v: string | null | undefined, what: string): Date {
  const d = date(v);
  if (!d || Number.isNaN(d.getTime())) throw new Error(`Missing or invalid ${what}`);
  return d;
}

/** Shopify's source name mapped to the app's sales channels (unknown ones are kept as they are). */
export function channelFor(sourceName: string | null | undefined): string {
  const s = (sourceName ?? "web").toLowerCase();
  if (s === "web" || s === "online_store") return "online_store";
  if (s === "pos") return "pos";
  if (s === "iphone" || s === "android" || s === "shopify_mobile" || s === "mobile") return "mobile";
  if (s === "shopify_draft_order") return "draft_order";
  return s;
}

const blank = (v: string | null | undefined) => (v && v.trim() ? v : null);

// ── GraphQL bulk rows ────────────────────────────────────────────────────────

type FeeTransaction = {
  gateway?: string | null;
  kind: string;
  status: string;
  fees: { amount: { amount: string | number; currencyCode: string } }[];
};
const CHARGES = new Set(["SALE", "CAPTURE"]);

/**
 * Shopify Payments' fees on an order: the sum over its successful transactions, when it took a
 * Shopify Payments charge and every fee is in the shop's currency; null otherwise (a fee in
 * another currency is not converted: the order then falls to the rules).
 */
export function shopifyPaymentsFeeMinor(transactions: FeeTransaction[], shopCurrency: string): number | null {
  let charged = false;
  let total = 0;
  for (const t of transactions) {
    if (t.gateway !== "shopify_payments" || t.status !== "SUCCESS") continue;
    if (CHARGES.has(t.kind)) charged = true;
    for (const fee of t.fees) {
      if (fee.amount.currencyCode !== shopCurrency) return null;
      total += amountToMinor(fee.amount.amount, shopCurrency);
    }
  }
  return charged ? total : null;
}

export function lineFromBulk(l: BulkLineItem, shopCurrency: string): SyncOrderLine {
  return {
    shopifyId: l.id,
    productShopifyId: l.product?.id ?? null,
    variantShopifyId: l.variant?.id ?? null,
    title: l.title,
    sku: blank(l.sku),
    quantity: l.quantity,
    unitPriceMinor: shopMoney(l.originalUnitPriceSet, shopCurrency),
    discountMinor: shopMoney(l.totalDiscountSet, shopCurrency),
  };
}

export function orderFromBulk(row: BulkOrder, lineItems: BulkLineItem[], shopCurrency: string): SyncOrder {
  const address = row.shippingAddress ?? row.billingAddress ?? null;
  return {
    shopifyId: row.id,
    name: row.name,
    email: blank(row.email),
    customerShopifyId: row.customer?.id ?? null,
    processedAt: requireDate(row.processedAt ?? row.createdAt, "processedAt"),
    updatedAt: requireDate(row.updatedAt, "updatedAt"),
    cancelledAt: date(row.cancelledAt),
    presentmentCurrency:
      row.presentmentCurrencyCode && row.presentmentCurrencyCode !== shopCurrency ? row.presentmentCurrencyCode : null,
    discountsMinor: shopMoney(row.totalDiscountsSet, shopCurrency),
    shippingMinor: shopMoney(row.totalShippingPriceSet, shopCurrency),
    taxesMinor: shopMoney(row.totalTaxSet, shopCurrency),
    financialStatus: (row.displayFinancialStatus ?? "PAID").toLowerCase(),
    channel: channelFor(row.sourceName),
    ...attributionOf({
      source: row.customerJourneySummary?.lastVisit?.source,
      sourceType: row.customerJourneySummary?.lastVisit?.sourceType,
      utmSource: row.customerJourneySummary?.lastVisit?.utmParameters?.source,
      utmMedium: row.customerJourneySummary?.lastVisit?.utmParameters?.medium,
      landingPage: row.customerJourneySummary?.lastVisit?.landingPage,
    }),
    country: address?.country ?? null,
    region: address?.province ?? null,
    lines: lineItems.map((l) => lineFromBulk(l, shopCurrency)),
    refunds: (row.refunds ?? []).map((r) => ({
      shopifyId: r.id,
      // Shopify may leave a refund undated: it then counts on the order's day.
      processedAt: requireDate(r.createdAt ?? row.processedAt, "refund createdAt"),
      amountMinor: shopMoney(r.totalRefundedSet, shopCurrency),
    })),
    gateways: row.paymentGatewayNames ?? [],
    weightGrams: grams(row.totalWeight),
    shippingCountryCode: countryCodeOf(row.shippingAddress?.countryCodeV2),
    actualFeeMinor: shopifyPaymentsFeeMinor(row.transactions ?? [], shopCurrency),
  };
}

export function productFromBulk(row: BulkProduct, variants: BulkVariant[], shopCurrency: string): SyncProduct {
  return {
    shopifyId: row.id,
    title: row.title,
    category: blank(row.productType) ?? blank(row.category?.name) ?? "Uncategorized",
    imageUrl: row.featuredMedia?.preview?.image?.url ?? null,
    updatedAt: requireDate(row.updatedAt, "product updatedAt"),
    variants: variants.map((v) => ({
      shopifyId: v.id,
      title: v.title,
      sku: blank(v.sku),
      priceMinor: amountToMinor(v.price, shopCurrency),
      inventoryItemId: v.inventoryItem?.id ?? null,
      unitCostMinor: v.inventoryItem?.unitCost ? amountToMinor(v.inventoryItem.unitCost.amount, shopCurrency) : null,
    })),
  };
}

export function inventoryLevelFromBulk(row: BulkInventoryLevel, inventoryItemId: string): SyncInventoryLevel {
  const available = row.quantities?.find((q) => q.name === "available")?.quantity ?? 0;
  return { inventoryItemId, locationId: row.location.id, available, updatedAt: date(row.updatedAt) };
}

export function customerFromBulk(row: BulkCustomer): SyncCustomer {
  const a = row.defaultAddress ?? null;
  return {
    shopifyId: row.id,
    email: blank(row.defaultEmailAddress?.emailAddress ?? null),
    firstName: blank(row.firstName),
    lastName: blank(row.lastName),
    phone: blank(row.defaultPhoneNumber?.phoneNumber ?? null),
    country: a?.country ?? null,
    region: a?.province ?? null,
    city: a?.city ?? null,
    address1: a?.address1 ?? null,
    zip: a?.zip ?? null,
    timeZone: zoneForAddress({ countryCode: a?.countryCodeV2, provinceCode: a?.provinceCode, timeZone: a?.timeZone }),
    acceptsMarketing: row.defaultEmailAddress?.marketingState === "SUBSCRIBED",
    smsMarketing: row.defaultPhoneNumber?.marketingState === "SUBSCRIBED",
    updatedAt: requireDate(row.updatedAt, "customer updatedAt"),
  };
}

// ── REST webhook payloads ────────────────────────────────────────────────────

/**
 * A refund's amount in the shop's currency: what its successful refund transactions
 * returned when they are in the shop's currency; otherwise the shop money of the
 * refunded items, their taxes and the order adjustments (shipping refunds).
 */
export function refundAmountMinor(refund: RestRefund, shopCurrency: string): number {
  const transactions = (refund.transactions ?? []).filter(
    (t) => (t.kind === "refund" || t.kind === undefined) && (t.status === "success" || t.status === undefined),
  );
  if (transactions.length && transactions.every((t) => !t.currency || t.currency === shopCurrency))
    return transactions.reduce((s, t) => s + amountToMinor(t.amount, shopCurrency), 0);
  let total = 0;
  for (const li of refund.refund_line_items ?? []) {
    total += restShopMoney(li.subtotal_set, li.subtotal, shopCurrency);
    total += restShopMoney(li.total_tax_set, li.total_tax, shopCurrency);
  }
  // Adjustments are negative for money given back (e.g. a shipping refund of -5.00).
  for (const adj of refund.order_adjustments ?? []) {
    total -= restShopMoney(adj.amount_set, adj.amount, shopCurrency);
    total -= restShopMoney(adj.tax_amount_set, adj.tax_amount, shopCurrency);
  }
  return total;
}

export function refundFromRest(refund: RestRefund, shopCurrency: string): SyncRefund & { orderShopifyId: string } {
  const orderShopifyId = gid("Order", refund.order_id);
  const shopifyId = gid("Refund", refund.admin_graphql_api_id ?? refund.id);
  if (!orderShopifyId || !shopifyId) throw new Error("Refund payload without id or order_id");
  return {
    shopifyId,
    orderShopifyId,
    processedAt: requireDate(refund.processed_at ?? refund.created_at, "refund processed_at"),
    amountMinor: refundAmountMinor(refund, shopCurrency),
    lines: refundLinesFromRest(refund),
  };
}

/** The order lines a refund gives back, by Shopify line item id (loyalty reverses per line, decision 072). */
export function refundLinesFromRest(refund: RestRefund): { line: string; quantity: number }[] {
  const lines: { line: string; quantity: number }[] = [];
  for (const li of refund.refund_line_items ?? []) {
    const line = gid("LineItem", li.line_item_id ?? undefined);
    if (line && typeof li.quantity === "number" && li.quantity > 0) lines.push({ line, quantity: li.quantity });
  }
  return lines;
}

const addressParts = (a: RestAddress | null | undefined) => ({
  country: a?.country ?? null,
  region: a?.province ?? null,
  city: a?.city ?? null,
  address1: a?.address1 ?? null,
  zip: a?.zip ?? null,
});

export function orderFromRest(o: RestOrder, shopCurrency: string): SyncOrder {
  const shopifyId = gid("Order", o.admin_graphql_api_id ?? o.id);
  if (!shopifyId) throw new Error("Order payload without id");
  const address = o.shipping_address ?? o.billing_address ?? null;
  const presentment = o.presentment_currency ?? o.currency ?? null;
  return {
    shopifyId,
    name: o.name ?? `#${o.order_number ?? o.id}`,
    email: blank(o.email ?? o.contact_email ?? null),
    customerShopifyId: gid("Customer", o.customer?.admin_graphql_api_id ?? o.customer?.id),
    processedAt: requireDate(o.processed_at ?? o.created_at, "processed_at"),
    updatedAt: requireDate(o.updated_at ?? o.created_at, "updated_at"),
    cancelledAt: date(o.cancelled_at),
    presentmentCurrency: presentment && presentment !== shopCurrency ? presentment : null,
    discountsMinor: restShopMoney(o.total_discounts_set, o.total_discounts, shopCurrency),
    shippingMinor: restShopMoney(
      o.total_shipping_price_set,
      (o.shipping_lines ?? []).reduce((s, l) => s + amountToMinor(l.price, shopCurrency), 0) /
        10 ** currencyDigits(shopCurrency),
      shopCurrency,
    ),
    taxesMinor: restShopMoney(o.total_tax_set, o.total_tax, shopCurrency),
    financialStatus: (o.financial_status ?? "paid").toLowerCase(),
    channel: channelFor(o.source_name),
    ...attributionFromRest(o),
    country: address?.country ?? null,
    region: address?.province ?? null,
    lines: (o.line_items ?? []).map((l) => ({
      shopifyId: gid("LineItem", l.admin_graphql_api_id ?? l.id)!,
      productShopifyId: gid("Product", l.product_id),
      variantShopifyId: gid("ProductVariant", l.variant_id),
      title: l.title ?? l.name ?? "Item",
      sku: blank(l.sku),
      quantity: l.quantity,
      unitPriceMinor: restShopMoney(l.price_set, l.price, shopCurrency),
      discountMinor: restShopMoney(l.total_discount_set, l.total_discount, shopCurrency),
    })),
    refunds: (o.refunds ?? []).map((r) => {
      const { orderShopifyId: _ignored, ...refund } = refundFromRest(
        { ...r, order_id: r.order_id ?? o.id },
        shopCurrency,
      );
      return refund;
    }),
    gateways: (o.payment_gateway_names ?? []).filter((g): g is string => typeof g === "string" && g !== ""),
    weightGrams: grams(o.total_weight),
    shippingCountryCode: countryCodeOf(o.shipping_address?.country_code),
  };
}

export function productFromRest(p: RestProduct, shopCurrency: string): SyncProduct {
  const shopifyId = gid("Product", p.admin_graphql_api_id ?? p.id);
  if (!shopifyId) throw new Error("Product payload without id");
  return {
    shopifyId,
    title: p.title ?? "Untitled product",
    category: blank(p.product_type) ?? "Uncategorized",
    imageUrl: p.image?.src ?? p.images?.[0]?.src ?? null,
    updatedAt: requireDate(p.updated_at ?? p.created_at, "product updated_at"),
    variants: (p.variants ?? []).map((v) => ({
      shopifyId: gid("ProductVariant", v.admin_graphql_api_id ?? v.id)!,
      title: v.title ?? "Default Title",
      sku: blank(v.sku),
      priceMinor: amountToMinor(v.price, shopCurrency),
      inventoryItemId: gid("InventoryItem", v.inventory_item_id),
    })),
  };
}

export function customerFromRest(c: RestCustomer): SyncCustomer {
  const shopifyId = gid("Customer", c.admin_graphql_api_id ?? c.id);
  if (!shopifyId) throw new Error("Customer payload without id");
  const consent = c.email_marketing_consent?.state;
  return {
    shopifyId,
    email: blank(c.email),
    firstName: blank(c.first_name),
    lastName: blank(c.last_name),
    phone: blank(c.phone),
    ...addressParts(c.default_address),
    timeZone: zoneForAddress({
      countryCode: c.default_address?.country_code,
      provinceCode: c.default_address?.province_code,
    }),
    acceptsMarketing: consent ? consent === "subscribed" : !!c.accepts_marketing,
    smsMarketing: c.sms_marketing_consent?.state === "subscribed",
    updatedAt: requireDate(c.updated_at ?? c.created_at, "customer updated_at"),
  };
}

export function inventoryLevelFromRest(l: RestInventoryLevel): SyncInventoryLevel {
  const inventoryItemId = gid("InventoryItem", l.inventory_item_id);
  const locationId = gid("Location", l.location_id);
  if (!inventoryItemId || !locationId) throw new Error("Inventory level payload without ids");
  return { inventoryItemId, locationId, available: l.available ?? 0, updatedAt: date(l.updated_at) };
}

export function inventoryItemFromRest(i: RestInventoryItem, shopCurrency: string) {
  const inventoryItemId = gid("InventoryItem", i.admin_graphql_api_id ?? i.id);
  if (!inventoryItemId) throw new Error("Inventory item payload without id");
  return {
    inventoryItemId,
    unitCostMinor:
      i.cost === null || i.cost === undefined || i.cost === "" ? null : amountToMinor(i.cost, shopCurrency),
    updatedAt: requireDate(i.updated_at ?? i.created_at, "inventory item updated_at"),
  };
}
