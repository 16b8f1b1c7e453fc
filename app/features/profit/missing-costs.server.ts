// The one count of missing costs used everywhere (dashboard, Costs & Profit, the bell):
// "8 of 30 variants sold in this period have no cost". A variant sold in the period has
// no cost when at least one of its lines in the period counts at an unknown unit cost:
// no cost synced from Shopify at the time of sale and no cost entered in the app for its
// SKU or product (the rule of costs-rule.ts, so it matches the uncosted units in COGS).
//
// Read from VariantDailySales/VariantMonthlySales (a few rows per variant sold), with the
// entered costs applied here, when read: a cost added or changed after the sale takes a
// variant off the list at once, and the rollup never moves with a cost
// (docs/decisions/077-missing-cost-rollup.md).
import { prisma, sqlOn } from "~/db.server";
import { addDays, type DayRange } from "~/lib/dates";
import { overridesFor } from "~/features/profit/costs-rule";
import { splitRange } from "~/features/profit/rollup-ranges";

export type MissingCostVariant = {
  key: string;
  productName: string;
  variant: string | null;
  sku: string | null;
  uncostedUnits: number;
  revenueMinor: number;
};

export type MissingCosts = {
  /** Distinct variants sold in the period. */
  sold: number;
  /** Of those, the ones with units at an unknown cost, most revenue first. */
  variants: MissingCostVariant[];
  /** Orders of the period (not cancelled) and, of those, the ones whose gateway has no fee rule (docs/decisions/088). */
  orders: number;
  unknownFeeOrders: number;
  /** Of those, the ones with no imported label and no shipping rule (docs/decisions/092). */
  unknownLabelOrders: number;
};

/**
 * Orders in the range (not cancelled) and those whose payment fee or label cost is unknown for want
 * of a rule (no fee rule for the gateway; no label and no shipping rule), from the daily rollup's
 * sums of the orders' sources (decision 097), so the count does not read the period's orders.
 */
async function feeUnknowns(shopId: string, range: DayRange) {
  const { _sum: sum } = await prisma.dailyRollup.aggregate({
    where: { shopId, day: { gte: range.from, lte: range.to } },
    _sum: { ordersCount: true, noFeeRuleOrders: true, noShippingRuleOrders: true },
  });
  return {
    orders: sum.ordersCount ?? 0,
    unknownFeeOrders: sum.noFeeRuleOrders ?? 0,
    unknownLabelOrders: sum.noShippingRuleOrders ?? 0,
  };
}

const NONE = { from: "1", to: "0" };

type SoldGroup = {
  variantId: string;
  sku: string;
  productId: string;
  title: string;
  units: number;
  uncostedUnits: number;
  uncostedRevenueMinor: number;
};

/** Units per variant (and SKU and product) over a day range: whole months from the monthly rows. */
async function soldGroups(shopId: string, range: DayRange): Promise<SoldGroup[]> {
  const q = sqlOn(prisma);
  const { months, days } = splitRange(range);
  const columns = ["variantId", "sku", "productId", "title", "units", "uncostedUnits", "uncostedRevenueMinor"] as const;
  // A part a range does not need reads nothing (from > to).
  const m = months ?? NONE;
  const dayPart = (d: DayRange = NONE) =>
    q
      .selectFrom("VariantDailySales")
      .select(columns)
      .where("shopId", "=", shopId)
      .where("day", ">=", d.from)
      .where("day", "<=", d.to);
  const union = q
    .selectFrom("VariantMonthlySales")
    .select(columns)
    .where("shopId", "=", shopId)
    .where("month", ">=", m.from)
    .where("month", "<=", m.to)
    .unionAll(dayPart(days[0]))
    .unionAll(dayPart(days[1]));
  const rows = await q
    .selectFrom(union.as("t"))
    .select((eb) => [
      "t.variantId",
      "t.sku",
      "t.productId",
      eb.fn.min("t.title").as("title"),
      eb.fn.sum<number>("t.units").as("units"),
      eb.fn.sum<number>("t.uncostedUnits").as("uncostedUnits"),
      eb.fn.sum<number>("t.uncostedRevenueMinor").as("uncostedRevenueMinor"),
    ])
    .groupBy(["t.variantId", "t.sku", "t.productId"])
    .having((eb) => eb.fn.sum("t.units"), ">", 0)
    .execute();
  return rows.map((r) => ({
    ...r,
    units: Number(r.units),
    uncostedUnits: Number(r.uncostedUnits),
    uncostedRevenueMinor: Number(r.uncostedRevenueMinor),
  }));
}

const groupId = (g: SoldGroup) => `${g.variantId}\u0000${g.sku}\u0000${g.productId}`;

export async function missingCosts(shopId: string, range: DayRange): Promise<MissingCosts> {
  const [groups, costs, fees] = await Promise.all([
    soldGroups(shopId, range),
    prisma.productCost.findMany({
      where: { shopId },
      select: { sku: true, productName: true, effectiveFrom: true, costPerUnitMinor: true },
    }),
    feeUnknowns(shopId, range),
  ]);
  // Names only for the groups that need one: a key without variant or SKU, or a missing cost.
  const named = groups.filter((g) => g.uncostedUnits > 0 || (!g.variantId && !g.sku));
  const productIds = [...new Set(named.map((g) => g.productId).filter(Boolean))];
  const variantIds = [...new Set(named.filter((g) => g.uncostedUnits > 0 && g.variantId).map((g) => g.variantId))];
  const [products, variantRows] = await Promise.all([
    productIds.length
      ? prisma.product.findMany({ where: { shopId, id: { in: productIds } }, select: { id: true, title: true } })
      : [],
    variantIds.length
      ? prisma.variant.findMany({ where: { shopId, id: { in: variantIds } }, select: { id: true, title: true } })
      : [],
  ]);
  const productTitle = new Map(products.map((p) => [p.id, p.title]));
  const variantTitle = new Map(variantRows.map((v) => [v.id, v.title]));

  const sold = new Set<string>();
  const missing = new Map<string, MissingCostVariant>();
  const keyOf = (g: SoldGroup, sku: string | null, title: string | null) =>
    g.variantId || (sku ? `sku:${sku}` : `title:${title ?? g.title}`);
  const add = (g: SoldGroup, sku: string | null, title: string | null) => {
    const key = keyOf(g, sku, title);
    const entry = missing.get(key) ?? {
      key,
      productName: title ?? (g.title || "Unknown product"),
      variant: variantTitle.get(g.variantId) ?? null,
      sku,
      uncostedUnits: 0,
      revenueMinor: 0,
    };
    entry.uncostedUnits += g.uncostedUnits;
    entry.revenueMinor += g.uncostedRevenueMinor;
    missing.set(key, entry);
  };
  // An entered cost costs a line without one from its effective day only (costs-rule.ts):
  // units sold before the first entered cost's day stay uncosted. Those days are read
  // again for the few variants whose first cost starts inside the range.
  const costedFrom = new Map<string, string[]>();
  for (const g of groups) {
    const sku = g.sku || null;
    const title = productTitle.get(g.productId) ?? null;
    sold.add(keyOf(g, sku, title));
    if (g.uncostedUnits <= 0) continue;
    const first = overridesFor(costs, sku, title)[0]?.effectiveFrom;
    if (!first) add(g, sku, title);
    else if (first > range.from) costedFrom.set(first, [...(costedFrom.get(first) ?? []), groupId(g)]);
  }
  for (const [first, ids] of costedFrom) {
    const before = { from: range.from, to: [addDays(first, -1), range.to].sort()[0]! };
    const wanted = new Set(ids);
    for (const g of await soldGroups(shopId, before)) {
      if (g.uncostedUnits > 0 && wanted.has(groupId(g))) add(g, g.sku || null, productTitle.get(g.productId) ?? null);
    }
  }
  const variants = [...missing.values()].sort((a, b) => b.revenueMinor - a.revenueMinor || a.key.localeCompare(b.key));
  return { sold: sold.size, variants, ...fees };
}
