// Incremental conversion and revenue against the hold-out, with a 95% interval (normal
// approximation, unpooled variances), and "not enough data yet" while either group is small.
export type Group = { n: number; conversions: number; revenueMinor: number; revenueSqMinor: number };

export const MIN_GROUP = 30;
export const MIN_CONVERSIONS = 10;
const Z95 = 1.959964;

export type Lift =
  | { enough: false; reason: string }
  | {
      enough: true;
      treatedRate: number;
      holdoutRate: number;
      /** Conversion-rate difference and its 95% interval (fractions). */
      rateLift: number;
      rateLow: number;
      rateHigh: number;
      /** Revenue the treated group brought beyond what the hold-out's rate predicts, minor units. */
      incrementalRevenueMinor: number;
      revenueLowMinor: number;
      revenueHighMinor: number;
    };

function meanVar(g: Group): { mean: number; variance: number } {
  const mean = g.revenueMinor / g.n;
  const variance = g.n > 1 ? Math.max(0, (g.revenueSqMinor - g.n * mean * mean) / (g.n - 1)) : 0;
  return { mean, variance };
}

export function computeLift(treated: Group, holdout: Group): Lift {
  if (treated.n < MIN_GROUP || holdout.n < MIN_GROUP)
    return { enough: false, reason: `Not enough data yet: each group needs ${MIN_GROUP} recipients` };
  if (treated.conversions + holdout.conversions < MIN_CONVERSIONS)
    return { enough: false, reason: `Not enough data yet: ${MIN_CONVERSIONS} conversions are needed` };
  const p1 = treated.conversions / treated.n;
  const p0 = holdout.conversions / holdout.n;
  const se = Math.sqrt((p1 * (1 - p1)) / treated.n + (p0 * (1 - p0)) / holdout.n);
  const t = meanVar(treated);
  const c = meanVar(holdout);
  const diff = t.mean - c.mean;
  const seRev = Math.sqrt(t.variance / treated.n + c.variance / holdout.n);
  return {
    enough: true,
    treatedRate: p1,
    holdoutRate: p0,
    rateLift: p1 - p0,
    rateLow: p1 - p0 - Z95 * se,
    rateHigh: p1 - p0 + Z95 * se,
    incrementalRevenueMinor: Math.round(diff * treated.n),
    revenueLowMinor: Math.round((diff - Z95 * seRev) * treated.n),
    revenueHighMinor: Math.round((diff + Z95 * seRev) * treated.n),
  };
}
