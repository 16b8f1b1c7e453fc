// Data quality, shown as "check your data" instead of a false business insight: a sync gap
// (days without orders where the baseline expected several) and missing costs above a share.
import { formatDay } from "~/lib/dates";
import { formatPercent } from "~/lib/money";
import { FACT_SAMPLE, zOfProbability } from "~/features/insights/confidence";
import type { Finding } from "~/features/insights/types";

/** Variants sold without a cost above this share make profit figures unreliable. */
export const MISSING_COST_SHARE = 0.1;

export function detectSyncGap(gapDays: string[], today: string): Finding[] {
  if (!gapDays.length) return [];
  const days = [...gapDays].sort();
  const from = days[0]!;
  const to = days.at(-1)!;
  const span = days.length === 1 ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
  return [
    {
      category: "data",
      kind: "sync-gap",
      subject: { type: "sync", id: `orders:${from}` },
      title: `Check your data: no orders recorded on ${days.length} day${days.length === 1 ? "" : "s"}`,
      description: `No orders were recorded on ${span}, where the store usually has several a day. This looks like a sync gap rather than a sales drop: check the store import under Settings.`,
      facts: { days: days.length, from, to },
      // P(no order) for a Poisson count expected at 5 or more is under 1% a day.
      strength: { z: zOfProbability(0.99), n: days.length * 5 },
      potentialValueMinor: null,
      valueFormula: null,
      evidence: {
        observed: "0 orders a day",
        expected: "5 or more orders a day (weekday baseline)",
        band: "a Poisson count expected at 5 is 0 less than 1% of days",
        baselineWindow: "the 28 days before, by weekday",
        sampleSize: days.length,
        method: "Zero-order days against the orders baseline of the sales detector",
      },
      link: "/settings?tab=data",
      action: { label: "Check the store sync", url: "/settings?tab=data" },
      figure: days.length,
      day: to > today ? today : to,
    },
  ];
}

export function detectMissingCosts(sold: number, uncosted: number, today: string, days: number): Finding[] {
  if (sold <= 0 || uncosted / sold < MISSING_COST_SHARE) return [];
  const share = formatPercent(uncosted / sold);
  return [
    {
      category: "data",
      kind: "missing-costs",
      subject: { type: "costs", id: "variants" },
      title: `Check your data: ${uncosted} of ${sold} products sold have no cost`,
      description: `${uncosted} of the ${sold} variants sold in the last ${days} days (${share}) have no unit cost, so their profit is unknown. Add their costs to make profit and margin findings reliable.`,
      facts: { uncosted, sold, share, days },
      strength: { z: zOfProbability(0.99), n: FACT_SAMPLE },
      potentialValueMinor: null,
      valueFormula: null,
      evidence: {
        observed: `${share} of variants sold without a cost`,
        expected: `under ${formatPercent(MISSING_COST_SHARE, 0)}`,
        band: `threshold ${formatPercent(MISSING_COST_SHARE, 0)}`,
        baselineWindow: `last ${days} days`,
        sampleSize: sold,
        method: "The one missing-cost count (profit feature)",
      },
      link: "/costs",
      action: { label: "Add costs", url: "/costs" },
      figure: uncosted,
      day: today,
    },
  ];
}
