// Planning figures per location. Orders carry no location, so a variant's demand is allocated
// to the locations stocking it in proportion to each location's share of the shop's stock (all
// variants): a location holding 70% of the shop's units is taken to ship 70% of what sells
// there (docs/decisions/063-per-location-planning.md). Pure: no I/O.
import { addDays, daysOfCover, statusOf, stockBar, type InventoryStatus } from "./planning";

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
 * A location's share of an item's demand: its weight over the weights of the `locations`
 * locations stocking the item (`itemWeights`); equal shares when none of them holds any stock.
 */
export function shareOf(weight: number, itemWeights: number, locations: number): number {
  return itemWeights > 0 ? weight / itemWeights : 1 / locations;
}

/**
 * Each location's share of the demand: its weight (share of the shop's units) over the weights
 * of the locations stocking this item; equal shares when none of them holds any stock.
 */
export function demandShares(levels: readonly LocationLevel[], weights: ReadonlyMap<string, number>): number[] {
  const w = levels.map((l) => Math.max(0, weights.get(l.locationId) ?? 0));
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((x) => shareOf(x, total, levels.length));
}

/**
 * One location's figures from its share of the variant's demand: velocity and reorder point
 * split by the share (σ of a share of the demand is that share of σ, so the safety stock splits
 * the same way); cover, status and stock bar from that location's available units, by the
 * spec's rules.
 */
export function planShare(
  variant: { velocity: number; reorderPoint: number },
  level: LocationLevel,
  share: number,
  today: string,
): LocationPlan {
  const velocity = variant.velocity * share;
  const reorderPoint = Math.ceil(variant.reorderPoint * share);
  const raw = daysOfCover(level.available, velocity);
  // A vanishing share of a tiny velocity would put the stock-out beyond any calendar.
  const cover = raw !== null && Number.isFinite(raw) && raw < 100_000 ? raw : null;
  return {
    locationId: level.locationId,
    available: level.available,
    share,
    velocity,
    reorderPoint,
    daysOfCover: cover,
    stockOutDay: cover === null ? null : addDays(today, Math.floor(cover)),
    status: statusOf(level.available, reorderPoint),
    stockBar: stockBar(level.available, reorderPoint),
  };
}

/** The variant's figures at each location stocking it (the detail view). */
export function planLocations(
  variant: { velocity: number; reorderPoint: number },
  levels: readonly LocationLevel[],
  weights: ReadonlyMap<string, number>,
  today: string,
): LocationPlan[] {
  if (!levels.length) return [];
  const shares = demandShares(levels, weights);
  return levels.map((l, i) => planShare(variant, l, shares[i], today));
}

export type LocatedPlan = LocationPlan & {
  /** The location's share of the variant's sales lost per day while it is out of stock there. */
  lostRevenuePerDayMinor: number;
  /** The variant needs reordering and this location is at or below its share of the reorder point. */
  needsReorder: boolean;
};

/** A location's stock of an item with the weights its share is computed from (see `shareOf`). */
export type ItemAtLocation = LocationLevel & { weight: number; itemWeights: number; locations: number };

/**
 * One location's figures for the list filtered by that location: `planShare` (the detail view's
 * function) at the location's share, plus the lost revenue per day and "need reordering" there.
 */
export function planAtLocation(
  variant: { velocity: number; reorderPoint: number; priceMinor: number; needsReorder: boolean },
  at: ItemAtLocation,
  today: string,
): LocatedPlan {
  const plan = planShare(variant, at, shareOf(Math.max(0, at.weight), at.itemWeights, at.locations), today);
  return {
    ...plan,
    lostRevenuePerDayMinor: plan.available <= 0 ? Math.round(plan.velocity * variant.priceMinor) : 0,
    needsReorder: variant.needsReorder && plan.available <= plan.reorderPoint,
  };
}
