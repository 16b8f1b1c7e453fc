// The redemption rate the points liability uses (docs/decisions/081): the store's own rate
// over the last 12 store months, as Smile.io and LoyaltyLion report it (points spent ÷ points
// earned in the period), unless the merchant sets one; with too little history, a stated default.
import { addDays, dayInZone, daysBetween, type DayRange } from "~/lib/dates";

/** The trailing window, in whole store months. */
export const REDEMPTION_WINDOW_MONTHS = 12;
/** Below this many points earned in the window the observed rate is noise. */
export const MIN_POINTS_EARNED = 1_000;
/** The ledger must reach back this many store days: a young program has had no time to redeem. */
export const MIN_HISTORY_DAYS = 90;
/**
 * Without history no breakage is assumed: the liability is the points' face value until the
 * store's own rate can be observed (breakage is recognised only once it can be estimated).
 */
export const DEFAULT_REDEMPTION_RATE = 1;

/** The last 12 store months up to and including `today`: from the day after the same date a year back. */
export function redemptionWindow(today: string): DayRange {
  const [y, m, d] = today.split("-").map(Number);
  const year = y - Math.floor(REDEMPTION_WINDOW_MONTHS / 12);
  const month = m - (REDEMPTION_WINDOW_MONTHS % 12);
  const [yy, mm] = month < 1 ? [year - 1, month + 12] : [year, month];
  const lastOfMonth = new Date(Date.UTC(yy, mm, 0)).getUTCDate();
  const back = `${yy}-${String(mm).padStart(2, "0")}-${String(Math.min(d, lastOfMonth)).padStart(2, "0")}`;
  return { from: addDays(back, 1), to: today };
}

/** The window ending on the store's day at `now` (its calendar, whatever its clocks did). */
export function redemptionWindowAt(now: Date, timeZone: string): DayRange {
  return redemptionWindow(dayInZone(now, timeZone));
}

/** A store day's ledger movement of one kind (LoyaltyDay): points signed as in the ledger. */
export type DaySum = { day: string; kind: string; points: number };

export type ObservedRate = {
  window: DayRange;
  /** Points earned in the window, net of points reversed by refunds (never the customer's to spend). */
  earned: number;
  /** Points redeemed in the window, net of points given back for expired codes. */
  redeemed: number;
  /** redeemed ÷ earned, at most 1; null with too little history. */
  rate: number | null;
  /** Why there is no rate, for the screen. */
  tooLittle: "points" | "days" | null;
};

/**
 * The observed rate from the ledger's day sums (those outside the window are left out) and the
 * first day the ledger has any entry (null: none). Redeemed points can be older than the window,
 * so the ratio is capped at 1.
 */
export function observedRedemptionRate(
  sums: readonly DaySum[],
  window: DayRange,
  firstDay: string | null,
): ObservedRate {
  const inWindow = sums.filter((s) => s.day >= window.from && s.day <= window.to);
  const of = (kind: string) => inWindow.filter((s) => s.kind === kind).reduce((a, s) => a + s.points, 0);
  const earned = of("earn") + of("reverse");
  const redeemed = 0 - (of("redeem") + of("reimburse"));
  const history = firstDay === null ? 0 : daysBetween(firstDay, window.to) + 1;
  const tooLittle = history < MIN_HISTORY_DAYS ? "days" : earned < MIN_POINTS_EARNED ? "points" : null;
  return {
    window,
    earned,
    redeemed,
    rate: tooLittle ? null : Math.min(1, Math.max(0, redeemed / earned)),
    tooLittle,
  };
}

export type RedemptionBasis = ObservedRate & {
  /** The rate the liability uses, a fraction. */
  used: number;
  source: "override" | "observed" | "default";
  /** The merchant's override, a fraction, or null. */
  override: number | null;
};

/** The merchant's override when set, else the observed rate, else the default. */
export function redemptionBasis(observed: ObservedRate, override: number | null): RedemptionBasis {
  if (override !== null) return { ...observed, used: override, source: "override", override };
  if (observed.rate !== null) return { ...observed, used: observed.rate, source: "observed", override };
  return { ...observed, used: DEFAULT_REDEMPTION_RATE, source: "default", override };
}
