// Which unit cost a sold line counts at. A cost entered in the app replaces the
// synced cost from its effective store day on, and only from then: a line sold before
// keeps the cost it was sold at, unknown included, as the form promises ("Sales from
// this day use this cost"). See docs/profit-formula.md and docs/decisions/078-cost-from-its-effective-day.md.

export type CostOverride = { effectiveFrom: string; costPerUnitMinor: number };

/** Overrides for one product, sorted by effectiveFrom ascending; `day` is the sale's store day. */
export function effectiveUnitCost(
  day: string,
  snapshotMinor: number | null,
  overrides: readonly CostOverride[],
): number | null {
  let applicable: CostOverride | undefined;
  for (const o of overrides) {
    if (o.effectiveFrom <= day) applicable = o;
    else break;
  }
  return applicable ? applicable.costPerUnitMinor : snapshotMinor;
}

export function sortOverrides<T extends CostOverride & { createdAt?: Date }>(list: readonly T[]): T[] {
  return [...list].sort(
    (a, b) =>
      a.effectiveFrom.localeCompare(b.effectiveFrom) || (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0),
  );
}

/** How a manual cost finds the lines it applies to: by SKU, else by product title. */
export type CostKey = { sku: string | null; productName: string };

export type CostRow = CostKey & CostOverride & { id?: string; createdAt?: Date };

/**
 * The overrides that apply to a line: the costs entered for its SKU, or when there
 * are none, those entered by product name (without a SKU) for its product.
 */
export function overridesFor(
  costs: readonly CostRow[],
  sku: string | null,
  productTitle: string | null,
): CostOverride[] {
  const bySku = sku ? costs.filter((c) => c.sku === sku) : [];
  if (bySku.length) return sortOverrides(bySku);
  if (!productTitle) return [];
  const title = productTitle.trim().toLowerCase();
  return sortOverrides(costs.filter((c) => !c.sku && c.productName.trim().toLowerCase() === title));
}

/** A cost row effective in a window, with the units it prices costed three ways (cost-changes.server.ts). */
export type CostChangeSold = {
  productId: string;
  /** The cost row's name (product, or product - variant) and SKU. */
  name: string;
  sku: string | null;
  effectiveFrom: string;
  /** Units sold in the range whose cost is known before and after the change. */
  units: number;
  /** Those units at the cost that applied the day before, at the new cost, and as reported. */
  beforeCogsMinor: number;
  afterCogsMinor: number;
  reportedCogsMinor: number;
};
