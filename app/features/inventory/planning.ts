// Inventory planning maths: pure functions, no I/O. Every figure on /inventory, in its
// API and in its alerts comes from `planVariant` (docs/decisions/054-inventory-planning.md).
import { addDays as addDaysUncached } from "~/lib/dates";

// A full recompute (and the list at a location) asks for the same few dates (today plus n) for
// every variant: remembered.
const dates = new Map<string, string>();
export function addDays(day: string, n: number): string {
  const key = `${day}|${n}`;
  let out = dates.get(key);
  if (out === undefined) {
    if (dates.size > 5_000) dates.clear();
    dates.set(key, (out = addDaysUncached(day, n)));
  }
  return out;
}

export const PLANNING_DEFAULTS = {
  windowDays: 30,
  leadTimeDays: 14,
  serviceLevel: 0.95,
  daysOfStock: 30,
  minOrderQty: 1,
  casePack: 1,
} as const;

/** A variant with no sale in this many days is dead stock. */
export const DEAD_STOCK_DAYS = 90;

export const INVENTORY_STATUSES = ["out-of-stock", "low-stock", "in-stock", "well-stocked"] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];

export const STATUS_LABELS: Record<InventoryStatus, string> = {
  "out-of-stock": "Out of Stock",
  "low-stock": "Low Stock",
  "in-stock": "In Stock",
  "well-stocked": "Well Stocked",
};

/**
 * The standard normal distribution's inverse CDF (Acklam's rational approximation, relative
 * error < 1.15e-9): the z of a service level, e.g. normalInverseCdf(0.95) ≈ 1.6449.
 */
export function normalInverseCdf(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError("p must be in (0, 1)");
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    );
  }
  if (p > 1 - low) return -normalInverseCdf(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/** One day of the window: units sold, and whether the variant was out of stock all day. */
export type DemandDay = { units: number; outOfStock: boolean };

export type Demand = { velocity: number; sigma: number; inStockDays: number; units: number };

/**
 * Average daily units and their standard deviation over the days the variant could be
 * bought: days it was out of stock all day are left out (they show no demand, not zero demand).
 */
export function demandOf(days: readonly DemandDay[]): Demand {
  let n = 0;
  let sum = 0;
  for (const d of days) {
    if (d.outOfStock) continue;
    n++;
    sum += d.units;
  }
  if (n === 0) return { velocity: 0, sigma: 0, inStockDays: 0, units: 0 };
  const mean = sum / n;
  let sq = 0;
  for (const d of days) if (!d.outOfStock) sq += (d.units - mean) ** 2;
  // Sample standard deviation (n − 1): the window is a sample of the variant's demand.
  const sigma = n > 1 ? Math.sqrt(sq / (n - 1)) : 0;
  return { velocity: mean, sigma, inStockDays: n, units: sum };
}

/** z·σ·√L, in units (never negative: a service level below 50% is not offered). */
export function safetyStock(serviceLevel: number, sigma: number, leadTimeDays: number): number {
  const z = Math.max(0, normalInverseCdf(serviceLevel));
  return z * Math.max(0, sigma) * Math.sqrt(Math.max(0, leadTimeDays));
}

/** velocity × L + safety stock, rounded up to whole units; an override replaces it. */
export function reorderPoint(velocity: number, leadTimeDays: number, safety: number, override: number | null): number {
  if (override !== null) return override;
  return Math.ceil(velocity * leadTimeDays + safety - 1e-9);
}

/** Days the available stock lasts at the current velocity; null when nothing sells (forever). */
export function daysOfCover(available: number, velocity: number): number | null {
  if (available <= 0) return 0;
  if (velocity <= 0) return null;
  return available / velocity;
}

/** Order up to enough for the lead time plus the chosen days of stock, less what is there and coming. */
export function suggestedQuantity(input: {
  velocity: number;
  safety: number;
  leadTimeDays: number;
  daysOfStock: number;
  available: number;
  onOrder: number;
  minOrderQty: number;
  casePack: number;
}): number {
  const target = Math.ceil(input.velocity * (input.leadTimeDays + input.daysOfStock) + input.safety - 1e-9);
  const need = target - Math.max(0, input.available) - Math.max(0, input.onOrder);
  if (need <= 0) return 0;
  const atLeast = Math.max(need, input.minOrderQty);
  const pack = Math.max(1, input.casePack);
  return Math.ceil(atLeast / pack) * pack;
}

/** The spec's statuses: out at 0, low at or below the reorder point, well stocked above twice it. */
export function statusOf(available: number, reorderPt: number): InventoryStatus {
  if (available <= 0) return "out-of-stock";
  if (available <= reorderPt) return "low-stock";
  if (available > 2 * reorderPt) return "well-stocked";
  return "in-stock";
}

/** The spec's stock bar: 0, 25, 60 or 100. */
export function stockBar(available: number, reorderPt: number): 0 | 25 | 60 | 100 {
  if (available <= 0) return 0;
  if (available <= reorderPt) return 25;
  if (available <= 2 * reorderPt) return 60;
  return 100;
}

export type PlanningSettings = {
  windowDays: number;
  leadTimeDays: number;
  serviceLevel: number;
  daysOfStock: number;
  minOrderQty: number;
  casePack: number;
  reorderPointOverride: number | null;
};

export type PlanningInput = {
  /** Today in the shop's time zone (YYYY-MM-DD). */
  today: string;
  available: number;
  onOrder: number;
  priceMinor: number;
  /** The window's days, oldest first (missing days count as in stock with no sale). */
  days: readonly DemandDay[];
  /** The last day with a sale, if any (for dead stock). */
  lastSaleDay: string | null;
  settings: PlanningSettings;
};

export type Plan = {
  velocity: number;
  sigma: number;
  inStockDays: number;
  unitsInWindow: number;
  z: number;
  safetyStock: number;
  reorderPoint: number;
  computedReorderPoint: number;
  daysOfCover: number | null;
  stockOutDay: string | null;
  orderByDay: string | null;
  suggestedQty: number;
  lostRevenuePerDayMinor: number;
  status: InventoryStatus;
  stockBar: 0 | 25 | 60 | 100;
  needsReorder: boolean;
  overstock: boolean;
  deadStock: boolean;
};

export function planVariant(input: PlanningInput): Plan {
  const s = input.settings;
  const demand = demandOf(input.days);
  const z = Math.max(0, normalInverseCdf(s.serviceLevel));
  const safety = safetyStock(s.serviceLevel, demand.sigma, s.leadTimeDays);
  const computed = reorderPoint(demand.velocity, s.leadTimeDays, safety, null);
  const rop = s.reorderPointOverride ?? computed;
  const available = input.available;
  const cover = daysOfCover(available, demand.velocity);
  const stockOutDay = cover === null ? null : addDays(input.today, Math.floor(cover));
  // Order when the stock would fall to the reorder point: the day it is reached, or today if it already is.
  const orderByDay =
    demand.velocity <= 0 && available > rop
      ? null
      : addDays(input.today, Math.max(0, demand.velocity > 0 ? Math.floor((available - rop) / demand.velocity) : 0));
  const suggestedQty = suggestedQuantity({
    velocity: demand.velocity,
    safety,
    leadTimeDays: s.leadTimeDays,
    daysOfStock: s.daysOfStock,
    available,
    onOrder: input.onOrder,
    minOrderQty: s.minOrderQty,
    casePack: s.casePack,
  });
  const orderUpTo = demand.velocity * (s.leadTimeDays + s.daysOfStock) + safety;
  const deadCutoff = addDays(input.today, -DEAD_STOCK_DAYS);
  return {
    velocity: demand.velocity,
    sigma: demand.sigma,
    inStockDays: demand.inStockDays,
    unitsInWindow: demand.units,
    z,
    safetyStock: safety,
    reorderPoint: rop,
    computedReorderPoint: computed,
    daysOfCover: cover,
    stockOutDay,
    orderByDay,
    suggestedQty,
    lostRevenuePerDayMinor: available <= 0 ? Math.round(demand.velocity * input.priceMinor) : 0,
    status: statusOf(available, rop),
    stockBar: stockBar(available, rop),
    needsReorder: available + input.onOrder <= rop && suggestedQty > 0,
    overstock: demand.velocity > 0 && available > 2 * orderUpTo,
    deadStock: available > 0 && (input.lastSaleDay === null || input.lastSaleDay < deadCutoff),
  };
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** The one-line explanation shown under a variant ("show the maths"). */
export function explainPlan(plan: Plan, settings: PlanningSettings, available: number, onOrder: number): string {
  const v = round(plan.velocity);
  const parts = [
    `Velocity ${v}/day (${plan.unitsInWindow} sold over ${plan.inStockDays} in-stock days of ${settings.windowDays})`,
    `safety stock ${round(plan.z)} × σ ${round(plan.sigma)} × √${settings.leadTimeDays} = ${round(plan.safetyStock, 1)}`,
    settings.reorderPointOverride !== null
      ? `reorder point ${plan.reorderPoint} (override; computed ${plan.computedReorderPoint})`
      : `reorder point ⌈${v} × ${settings.leadTimeDays} + ${round(plan.safetyStock, 1)}⌉ = ${plan.reorderPoint}`,
    plan.daysOfCover === null
      ? "no sales, so no stock-out date"
      : `cover ${available} ÷ ${v} = ${round(plan.daysOfCover, 1)} days`,
    `suggest ⌈${v} × (${settings.leadTimeDays} + ${settings.daysOfStock}) + ${round(plan.safetyStock, 1)}⌉ − ${Math.max(0, available)} available − ${onOrder} on order → ${plan.suggestedQty} (min ${settings.minOrderQty}, case ${settings.casePack})`,
  ];
  return parts.join("; ");
}
