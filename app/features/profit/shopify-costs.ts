// Shopify's "cost per item" (InventoryItem.unitCost) as a source of product costs
// (docs/decisions/091-cost-source-of-truth.md), pure: the plan of an import from Shopify and
// the list of variants a push would change. Costs are matched by SKU, as in the CSV import.
import { decimalStringToMinor } from "~/lib/money";
export { COST_SOURCES, type CostSource, type PushRow } from "~/features/profit/shopify-costs-schema";
import type { CsvRefusal, ImportPlan } from "~/lib/csv-import";
import { effectiveUnitCost, overridesFor } from "~/features/profit/costs-rule";
import {
  planCostRows,
  type CostPlanRow,
  type CostVariant,
  type ParsedCost,
  type StoredCost,
} from "~/features/profit/cost-import";

/** One variant's cost per item as Shopify holds it (or, in the demo store, the local copy). */
export type ShopifyCost = {
  variantId: string;
  sku: string | null;
  inventoryItemId: string;
  amount: string | null;
  currencyCode: string | null;
};

const shortId = (gid: string) => gid.replace(/^gid:\/\/shopify\/ProductVariant\//, "");

/** Names a variant in a refusal: the position in Shopify's list stands for a CSV line. */
const label = (c: ShopifyCost) =>
  `Variant ${shortId(c.variantId).slice(0, 40)}${c.sku ? ` (${c.sku.slice(0, 40)})` : ""}`;

/**
 * The import of Shopify's costs as product costs from `day`: a variant without a SKU, without
 * a cost per item, unknown here, or costed in another currency than the shop's is refused
 * with the reason; the rest go through the CSV import's plan (new / changed / unchanged).
 */
export function planShopifyCostImport(
  costs: readonly ShopifyCost[],
  shop: { currency: string },
  day: string,
  variants: readonly CostVariant[],
  stored: readonly StoredCost[],
): ImportPlan<CostPlanRow> {
  const bySku = new Map(variants.filter((v) => v.sku).map((v) => [v.sku!, v]));
  const refused: CsvRefusal[] = [];
  const parsed: ParsedCost[] = [];
  costs.forEach((c, index) => {
    const line = index + 1;
    const refuse = (reason: string) => refused.push({ line, reason: `${label(c)}: ${reason}` });
    const local = c.sku ? bySku.get(c.sku) : undefined;
    const minor = c.amount === null ? null : decimalStringToMinor(c.amount, shop.currency);
    if (!c.sku) refuse("no SKU in Shopify; costs are matched by SKU, so add one in Shopify first");
    else if (c.amount === null) refuse("no cost per item in Shopify");
    else if (c.currencyCode !== shop.currency)
      refuse(`cost is in ${c.currencyCode ?? "an unknown currency"}, not the shop's ${shop.currency}`);
    else if (minor === null || minor < 0) refuse("Shopify's cost is not an amount this app can read");
    else if (!local) refuse("not in this app yet; wait for the store sync");
    else
      parsed.push({ line, sku: c.sku, productName: local.productTitle, effectiveFrom: day, costPerUnitMinor: minor });
  });
  return planCostRows(parsed, refused, variants, stored);
}

export type PushCandidate = {
  sku: string;
  productName: string;
  inventoryItemId: string;
  variantId: string;
  shopifyMinor: number | null;
  appMinor: number;
};

/**
 * The variants whose cost in this app today (an entered or imported cost that applies) differs
 * from Shopify's cost per item. A variant whose cost comes from Shopify itself is left alone.
 */
export function pushCandidates(
  costs: readonly ShopifyCost[],
  currency: string,
  today: string,
  variants: readonly CostVariant[],
  stored: readonly StoredCost[],
): PushCandidate[] {
  const bySku = new Map(variants.filter((v) => v.sku).map((v) => [v.sku!, v]));
  const out: PushCandidate[] = [];
  for (const c of costs) {
    const local = c.sku ? bySku.get(c.sku) : undefined;
    if (!c.sku || !local) continue;
    const overrides = overridesFor(stored, c.sku, local.productTitle).filter((o) => o.effectiveFrom <= today);
    if (overrides.length === 0) continue;
    const appMinor = effectiveUnitCost(today, local.unitCostMinor, overrides);
    if (appMinor === null) continue;
    const shopifyMinor =
      c.amount !== null && c.currencyCode === currency ? decimalStringToMinor(c.amount, currency) : null;
    if (shopifyMinor === appMinor) continue;
    out.push({
      sku: c.sku,
      productName: local.productTitle,
      inventoryItemId: c.inventoryItemId,
      variantId: c.variantId,
      shopifyMinor,
      appMinor,
    });
  }
  return out;
}
