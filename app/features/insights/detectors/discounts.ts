// Pricing: discount dependence. The share of gross sales given away in discounts over the last
// RECENT_DAYS against the BASELINE_DAYS before them, from the daily rollups. A finding needs the
// share up by at least POINTS and by half again, and beyond Z_MIN standard errors of the recent
// window's mean, measured with the baseline's robust day-to-day spread (1.4826 × MAD of the daily
// shares, never below FLOOR), so one promotion day or a quiet store does not raise an alarm.
import { median, medianAbsoluteDeviation } from "simple-statistics";
import { formatDay } from "~/lib/dates";
import { formatMoney, formatPercent } from "~/lib/money";
import type { Finding } from "~/features/insights/types";

export type DiscountDay = { day: string; ordersCount: number; grossSalesMinor: number; discountsMinor: number };

export const RECENT_DAYS = 30;
export const BASELINE_DAYS = 90;
/** The rise in the discount share (0.05 = 5 points of gross sales) worth a merchant's attention. */
export const POINTS = 0.05;
export const RELATIVE = 1.5;
export const Z_MIN = 3;
/** Orders the recent window needs before its share means anything. */
export const MIN_ORDERS = 30;
/** The least day-to-day spread of the share assumed (1 point). */
export const FLOOR = 0.01;

type Windows = { recent: { from: string; to: string }; baseline: { from: string; to: string } };

const sum = (rows: DiscountDay[], key: "grossSalesMinor" | "discountsMinor" | "ordersCount") =>
  rows.reduce((s, r) => s + r[key], 0);

export function detectDiscountDependence(
  days: DiscountDay[],
  windows: Windows,
  currency: string,
  today: string,
): Finding[] {
  const inRange = (d: DiscountDay, r: { from: string; to: string }) => d.day >= r.from && d.day <= r.to;
  const recent = days.filter((d) => inRange(d, windows.recent));
  const baseline = days.filter((d) => inRange(d, windows.baseline) && d.grossSalesMinor > 0);
  const gross = sum(recent, "grossSalesMinor");
  const baseGross = sum(baseline, "grossSalesMinor");
  if (gross <= 0 || baseGross <= 0 || sum(recent, "ordersCount") < MIN_ORDERS || baseline.length < 28) return [];
  const share = sum(recent, "discountsMinor") / gross;
  const baseShare = sum(baseline, "discountsMinor") / baseGross;
  if (share - baseShare < POINTS || share < baseShare * RELATIVE) return [];
  const daily = baseline.map((d) => d.discountsMinor / d.grossSalesMinor);
  const spread = Math.max(FLOOR, 1.4826 * medianAbsoluteDeviation(daily));
  const sellingDays = recent.filter((d) => d.grossSalesMinor > 0).length;
  const z = (share - baseShare) / (spread / Math.sqrt(sellingDays));
  if (!(z >= Z_MIN)) return [];
  const extra = Math.round((share - baseShare) * gross);
  const facts = {
    share: formatPercent(share),
    baselineShare: formatPercent(baseShare),
    discounts: formatMoney(sum(recent, "discountsMinor"), currency),
    gross: formatMoney(gross, currency),
    extra: formatMoney(extra, currency),
    days: RECENT_DAYS,
    baselineDays: BASELINE_DAYS,
  };
  const typical = formatPercent(median(daily));
  return [
    {
      category: "pricing",
      kind: "discount-dependence",
      subject: { type: "discounts", id: "store" },
      title: `Discounts take ${facts.share} of gross sales, up from ${facts.baselineShare}`,
      description:
        `In the last ${facts.days} days discounts took ${facts.discounts} of ${facts.gross} gross sales (${facts.share}), ` +
        `against ${facts.baselineShare} in the ${facts.baselineDays} days before: ${facts.extra} more given away than at the earlier rate. ` +
        `Customers may be learning to wait for a code; check which codes drive it and whether full-price sales fell.`,
      facts,
      strength: { z, n: sellingDays },
      potentialValueMinor: extra,
      valueFormula: `(recent share ${facts.share} − baseline share ${facts.baselineShare}) × recent gross sales ${facts.gross}`,
      evidence: {
        observed: `${facts.share} of gross sales discounted`,
        expected: `${facts.baselineShare} (typical day ${typical})`,
        band: `±${Z_MIN} standard errors of a ${sellingDays}-day mean, day-to-day spread ${formatPercent(spread)} (1.4826 × MAD)`,
        baselineWindow: `${formatDay(windows.baseline.from)} – ${formatDay(windows.baseline.to)}`,
        sampleSize: sellingDays,
        method: "Discounts ÷ gross sales from the daily rollups, recent window against the baseline",
      },
      link: "/costs",
      action: { label: "Review discounts in the P&L", url: "/costs" },
      figure: Math.round(share * 1000),
      day: windows.recent.to > today ? today : windows.recent.to,
    },
  ];
}
