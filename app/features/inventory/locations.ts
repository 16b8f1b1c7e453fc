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
