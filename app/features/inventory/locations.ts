// Planning figures per location. Orders carry no location, so a variant's demand is allocated
// to the locations stocking it in proportion to each location's share of the shop's stock (all
// variants): a location holding 70% of the shop's units is taken to ship 70% of what sells
// there (docs/decisions/063-per-location-planning.md). Pure: no I/O.
import { addDays } from "~/lib/dates";
import { daysOfCover, statusOf, stockBar, type InventoryStatus } from "./planning";

export type LocationLevel = { locationId: string; available: number };

export type LocationPlan = {
  locationId: string;
  available: number;
  /** This location's share of the variant's demand, 0–1. */
  share: number;
  velocity: number;
  reorderPoint: number;
  daysOfCover: number | null;
  stockOutDay: string | null;
  status: InventoryStatus;
  stockBar: 0 | 25 | 60 | 100;
};

/**
 * Each location's share of the demand: its weight (share of the shop's units) over the weights
 * of the locations stocking this item; equal shares when none of them holds any stock.
 */
export function demandShares(levels: readonly LocationLevel[], weights: ReadonlyMap<string, number>): number[] {
  const w = levels.map((l) => Math.max(0, weights.get(l.locationId) ?? 0));
  const total = w.reduce((a, b) => a + b, 0);
  return total > 0 ? w.map((x) => x / total) : levels.map(() => 1 / levels.length);
}

/**
 * The variant's velocity and reorder point split by share (σ of a share of the demand is that
 * share of σ, so the safety stock splits the same way); cover, status and stock bar per location
 * from that location's available units, by the spec's rules.
 */
export function planLocations(
  variant: { velocity: number; reorderPoint: number },
  levels: readonly LocationLevel[],
  weights: ReadonlyMap<string, number>,
  today: string,
): LocationPlan[] {
  if (!levels.length) return [];
  const shares = demandShares(levels, weights);
  return levels.map((l, i) => {
    const velocity = variant.velocity * shares[i];
    const reorderPoint = Math.ceil(variant.reorderPoint * shares[i]);
    const raw = daysOfCover(l.available, velocity);
    // A vanishing share of a tiny velocity would put the stock-out beyond any calendar.
    const cover = raw !== null && Number.isFinite(raw) && raw < 100_000 ? raw : null;
    return {
      locationId: l.locationId,
      available: l.available,
      share: shares[i],
      velocity,
      reorderPoint,
      daysOfCover: cover,
      stockOutDay: cover === null ? null : addDays(today, Math.floor(cover)),
      status: statusOf(l.available, reorderPoint),
      stockBar: stockBar(l.available, reorderPoint),
    };
  });
}

/**
 * Each location's weight for `demandShares`: its available units summed over all the shop's
 * items, negative levels counting as none (what `locationWeights` reads with one grouped query).
 */
export function weightsOf(levels: readonly LocationLevel[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const l of levels) weights.set(l.locationId, (weights.get(l.locationId) ?? 0) + Math.max(0, l.available));
  return weights;
}

export type LocatedPlan = LocationPlan & {
  /** The location's share of the variant's sales lost per day while it is out of stock there. */
  lostRevenuePerDayMinor: number;
  /** The variant needs reordering and this location is at or below its share of the reorder point. */
  needsReorder: boolean;
};

/**
 * One location's figures for the list filtered by that location: `planLocations` (the detail
 * view's function) picked at `locationId`, plus the lost revenue per day and "need reordering"
 * at that location; null when the location does not stock the item (no level row).
 */
export function planAtLocation(
  variant: { velocity: number; reorderPoint: number; priceMinor: number; needsReorder: boolean },
  levels: readonly LocationLevel[],
  weights: ReadonlyMap<string, number>,
  locationId: string,
  today: string,
): LocatedPlan | null {
  if (!levels.some((l) => l.locationId === locationId)) return null;
  const plan = planLocations(variant, levels, weights, today).find((p) => p.locationId === locationId)!;
  return {
    ...plan,
    lostRevenuePerDayMinor: plan.available <= 0 ? Math.round(plan.velocity * variant.priceMinor) : 0,
    needsReorder: variant.needsReorder && plan.available <= plan.reorderPoint,
  };
}
