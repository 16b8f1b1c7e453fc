// The plan of a product cost CSV import (docs/decisions/090-csv-imports.md), pure: each row
// names a variant by SKU or variant id and gives a cost with the store day it applies from
// (blank: today). Costs are matched by SKU (costs-rule.ts), so a variant id is read as its
// variant's SKU. A row for a SKU and day that already has a cost changes that cost; any other
// adds one, which applies from its day only (decision 078).
import {
  amountCell,
  dayCell,
  readCsvTable,
  withoutDuplicateKeys,
  type CsvRefusal,
  type ImportPlan,
} from "~/lib/csv-import";
import { effectiveUnitCost, overridesFor, type CostRow } from "~/features/profit/costs-rule";

export const COST_COLUMNS = [
  { key: "sku", label: "sku", required: false },
  { key: "variant_id", label: "variant_id", required: false, aliases: ["variant_gid"] },
  { key: "cost", label: "cost", required: true, aliases: ["cost_per_unit", "unit_cost"] },
  { key: "effective_date", label: "effective_date", required: false, aliases: ["effective_from", "date"] },
] as const;

export type CostVariant = {
  id: string;
  shopifyId: string | null;
  sku: string | null;
  productTitle: string;
  unitCostMinor: number | null;
};
export type StoredCost = CostRow & { id: string };

export type CostPlanRow = {
  line: number;
  sku: string;
  productName: string;
  effectiveFrom: string;
  costPerUnitMinor: number;
  /** unchanged: the day's sales already count at this cost (a stored one or Shopify's). */
  status: "new" | "changed" | "unchanged";
  oldCostMinor: number | null;
  existingId: string | null;
};

/** Keys a variant id may be written with: Shopify's GID, its number, or this app's id. */
function variantKeys(v: CostVariant): string[] {
  const keys = [v.id];
  if (v.shopifyId) keys.push(v.shopifyId, v.shopifyId.replace(/^gid:\/\/shopify\/ProductVariant\//, ""));
  return keys;
}

export function planCostImport(
  text: string,
  shop: { currency: string },
  today: string,
  variants: readonly CostVariant[],
  stored: readonly StoredCost[],
): ImportPlan<CostPlanRow> {
  const table = readCsvTable(text, COST_COLUMNS);
  if (!table.ok) return table;
  const byId = new Map(variants.flatMap((v) => variantKeys(v).map((k) => [k, v] as const)));
  const bySku = new Map(variants.filter((v) => v.sku).map((v) => [v.sku!, v]));
  const refused: CsvRefusal[] = [...table.refused];
  const parsed: ParsedCost[] = [];
  for (const { line, cells } of table.rows) {
    const refuse = (reason: string) => refused.push({ line, reason });
    const byVariant = cells.variant_id ? byId.get(cells.variant_id) : undefined;
    const bySkuCell = cells.sku ? bySku.get(cells.sku) : undefined;
    const day = cells.effective_date ? dayCell(cells.effective_date, "Effective date") : { day: today };
    const amount = amountCell(cells.cost, "Cost", shop.currency);
    if (!cells.sku && !cells.variant_id) refuse("Give a SKU or a variant id");
    else if (cells.variant_id && !byVariant) refuse(`No variant with id ${cells.variant_id.slice(0, 40)}`);
    else if (cells.sku && !bySkuCell) refuse(`No variant with SKU ${cells.sku.slice(0, 40)}`);
    else if (byVariant && bySkuCell && byVariant !== bySkuCell)
      refuse("The SKU and the variant id name different variants");
    else if (byVariant && !byVariant.sku)
      refuse("This variant has no SKU; costs are matched by SKU, so add one in Shopify first");
    else if ("reason" in day) refuse(day.reason);
    else if ("reason" in amount) refuse(amount.reason);
    else {
      const v = (byVariant ?? bySkuCell)!;
      parsed.push({
        line,
        sku: v.sku!,
        productName: v.productTitle,
        effectiveFrom: day.day,
        costPerUnitMinor: amount.minor,
      });
    }
  }
  return planCostRows(parsed, refused, variants, stored);
}

export type ParsedCost = Omit<CostPlanRow, "status" | "oldCostMinor" | "existingId">;

/**
 * The second half of a cost import, shared by the CSV and by Shopify's cost per item
 * (shopify-costs.ts): duplicate keys refused, each row read against the stored costs.
 */
export function planCostRows(
  parsed: ParsedCost[],
  refused: CsvRefusal[],
  variants: readonly CostVariant[],
  stored: readonly StoredCost[],
): ImportPlan<CostPlanRow> {
  const bySku = new Map(variants.filter((v) => v.sku).map((v) => [v.sku!, v]));
  const unique = withoutDuplicateKeys(parsed, (p) => `${p.sku}|${p.effectiveFrom}`);
  refused.push(...unique.refused);
  const existing = new Map(stored.filter((c) => c.sku).map((c) => [`${c.sku}|${c.effectiveFrom}`, c]));
  const rows = unique.rows.map((p): CostPlanRow => {
    const old = existing.get(`${p.sku}|${p.effectiveFrom}`);
    if (old) {
      const status = old.costPerUnitMinor === p.costPerUnitMinor ? "unchanged" : "changed";
      return { ...p, status, oldCostMinor: old.costPerUnitMinor, existingId: old.id };
    }
    const v = bySku.get(p.sku)!;
    const current = effectiveUnitCost(p.effectiveFrom, v.unitCostMinor, overridesFor(stored, p.sku, p.productName));
    return {
      ...p,
      status: current === p.costPerUnitMinor ? "unchanged" : "new",
      oldCostMinor: current,
      existingId: null,
    };
  });
  refused.sort((a, b) => a.line - b.line);
  return { ok: true, rows, refused };
}
