// The one count of missing costs used everywhere (dashboard, Costs & Profit, the bell):
// "8 of 30 variants sold in this period have no cost". A variant sold in the period has
// no cost when at least one of its lines in the period counts at an unknown unit cost:
// no cost synced from Shopify at the time of sale and no cost entered in the app for its
// SKU or product (the rule of costs-rule.ts, so it matches the uncosted units in COGS).
import { prisma } from "~/db.server";
import type { DayRange } from "~/lib/dates";
import { overridesFor } from "~/features/profit/rollups.server";

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
};

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const s = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export async function missingCosts(shopId: string, range: DayRange): Promise<MissingCosts> {
  const [groups, costs] = await Promise.all([
    prisma.$queryRaw<Record<string, unknown>[]>`
      SELECT l."variantId" AS "variantId", l."sku" AS sku, p."title" AS title, v."title" AS "variantTitle",
             MIN(l."title") AS "lineTitle",
             CASE WHEN l."unitCostMinor" IS NULL THEN 1 ELSE 0 END AS nocost,
             SUM(l."quantity") AS units, SUM(l."quantity" * l."unitPriceMinor" - l."discountMinor") AS revenue
      FROM "OrderLine" l
      JOIN "Order" o ON o."id" = l."orderId"
      LEFT JOIN "Product" p ON p."id" = l."productId"
      LEFT JOIN "Variant" v ON v."id" = l."variantId"
      WHERE l."shopId" = ${shopId} AND l."day" >= ${range.from} AND l."day" <= ${range.to} AND o."cancelledAt" IS NULL
      GROUP BY l."variantId", l."sku", p."title", v."title", CASE WHEN l."unitCostMinor" IS NULL THEN 1 ELSE 0 END`,
    prisma.productCost.findMany({
      where: { shopId },
      select: { sku: true, productName: true, effectiveFrom: true, costPerUnitMinor: true },
    }),
  ]);
  const sold = new Set<string>();
  const missing = new Map<string, MissingCostVariant>();
  for (const g of groups) {
    const sku = s(g.sku);
    const productTitle = s(g.title);
    const key = s(g.variantId) ?? (sku ? `sku:${sku}` : `title:${productTitle ?? s(g.lineTitle)}`);
    sold.add(key);
    if (n(g.nocost) !== 1 || overridesFor(costs, sku, productTitle).length > 0) continue;
    const entry = missing.get(key) ?? {
      key,
      productName: productTitle ?? s(g.lineTitle) ?? "Unknown product",
      variant: s(g.variantTitle),
      sku,
      uncostedUnits: 0,
      revenueMinor: 0,
    };
    entry.uncostedUnits += n(g.units);
    entry.revenueMinor += n(g.revenue);
    missing.set(key, entry);
  }
  const variants = [...missing.values()].sort((a, b) => b.revenueMinor - a.revenueMinor || a.key.localeCompare(b.key));
  return { sold: sold.size, variants };
}
