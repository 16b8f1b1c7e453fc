// Which unit cost a sold line counts at. A cost entered in the app replaces the
// synced cost from its effective day; a line whose cost was never known takes the
// earliest entered cost, because an unknown cost is not a historical fact.
// See docs/profit-formula.md.

export type CostOverride = { effectiveFrom: string; costPerUnitMinor: number };

/** Overrides for one product, sorted by effectiveFrom ascending. */
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
  if (applicable) return applicable.costPerUnitMinor;
  if (snapshotMinor === null && overrides.length > 0) return overrides[0].costPerUnitMinor;
  return snapshotMinor;
}

export function sortOverrides<T extends CostOverride & { createdAt?: Date }>(list: readonly T[]): T[] {
  return [...list].sort(
    (a, b) =>
      a.effectiveFrom.localeCompare(b.effectiveFrom) || (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0),
  );
}
