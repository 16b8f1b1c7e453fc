// Customers: valuable customers going quiet (issue 37, "VIPs turning at-risk"). A customer who is
// VIP, or was in the last VIP_WITHIN_DAYS days, whose current silence chance cannot explain:
//
//   P(no order in the silence) = exp(−silence ÷ their mean gap between order days) < ALPHA ÷ VIPs checked
//   and the silence is at least QUIET_FLOOR_DAYS
//
// Why this rule and not the churn model's P(no purchase in 90 days): the model is fitted per shop
// and can rate almost no one as gone (a fit whose dropout rate is near zero reads recency as
// nothing), so a frequent buyer silent for ten times their usual gap still comes out "Low". The
// rule reads the customer's own rhythm: for a buyer at a steady random pace (a Poisson process) a
// wait of k mean gaps happens by chance with probability e^-k. A fixed k does not do: at k = 3
// about one VIP in twenty is silent that long by chance, so a shop with 300 VIPs would always
// show fifteen "gone quiet" who are not (decision 119). Dividing ALPHA by the number of VIPs
// checked (Bonferroni) keeps the chance of a card naming only chance silences under ALPHA
// however many VIPs the shop has: 300 VIPs need about 8.7 gaps, 10 VIPs about 5.3. The floor
// keeps a weekly buyer's few quiet weeks off the list: a month is the least silence worth a card.
// One finding for the group, so thirty quiet VIPs are one card, not thirty.
import { daysBetween } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { FACT_SAMPLE, zOfProbability } from "~/features/insights/confidence";
import type { Finding } from "~/features/insights/types";

/** A VIP (now, or within VIP_WITHIN_DAYS) whose last order is at least QUIET_FLOOR_DAYS back. */
export type ValuableCustomer = {
  customerId: string;
  /** Distinct days with an order, and the first and last of them (shop's time zone). */
  orderDays: number;
  firstOrderDay: string;
  lastOrderDay: string;
  /** Net spend over the past 365 days. */
  spendMinor: number;
};

export const VIP_WITHIN_DAYS = 90;
/** The chance, per run, that the card names only customers whose silence is chance (family-wise). */
export const ALPHA = 0.05;
export const QUIET_FLOOR_DAYS = 30;
/** Gaps the usual rhythm is measured from at least (one odd gap is not a rhythm). */
export const MIN_GAPS = 3;

export type QuietCustomer = ValuableCustomer & { silenceDays: number; usualGapDays: number };

/** The chance a customer at a steady random pace with this mean gap goes this long without an order. */
export const silenceChance = (silenceDays: number, usualGapDays: number) => Math.exp(-silenceDays / usualGapDays);

/** The silence, in mean gaps, that chance explains no more than ALPHA ÷ `tested` of the time. */
export const quietAfterGaps = (tested: number) => Math.log(Math.max(tested, 1) / ALPHA);

/**
 * The customers whose silence chance does not explain, longest relative silence first. `rows`:
 * the valuable customers silent past the floor; `tested`: every valuable customer with a rhythm
 * (MIN_GAPS gaps or more) whatever their silence, the number of customers the rule looks at.
 */
export function quietCustomers(rows: ValuableCustomer[], tested: number, today: string): QuietCustomer[] {
  const limit = ALPHA / Math.max(tested, rows.length, 1);
  return rows
    .flatMap((r): QuietCustomer[] => {
      const gaps = r.orderDays - 1;
      if (gaps < MIN_GAPS) return [];
      const usualGapDays = daysBetween(r.firstOrderDay, r.lastOrderDay) / gaps;
      const silenceDays = daysBetween(r.lastOrderDay, today);
      if (silenceDays < QUIET_FLOOR_DAYS || silenceChance(silenceDays, usualGapDays) >= limit) return [];
      return [{ ...r, silenceDays, usualGapDays }];
    })
    .sort(
      (a, b) =>
        b.silenceDays / b.usualGapDays - a.silenceDays / a.usualGapDays || a.customerId.localeCompare(b.customerId),
    );
}

export function detectQuietVips(rows: ValuableCustomer[], tested: number, currency: string, today: string): Finding[] {
  const quiet = quietCustomers(rows, tested, today);
  if (!quiet.length) return [];
  const spend = quiet.reduce((s, r) => s + r.spendMinor, 0);
  // The card names the one worth most; the others are in the count and the spend.
  const top = [...quiet].sort((a, b) => b.spendMinor - a.spendMinor || a.customerId.localeCompare(b.customerId))[0]!;
  const n = quiet.length;
  const checked = Math.max(tested, rows.length);
  const k = quietAfterGaps(checked);
  const facts = {
    customers: n,
    spend: formatMoney(spend, currency),
    topSpend: formatMoney(top.spendMinor, currency),
    topLastOrder: top.lastOrderDay,
    topUsualGapDays: Math.round(top.usualGapDays),
    topSilenceDays: top.silenceDays,
    topQuietAfterDays: Math.ceil(Math.max(k * top.usualGapDays, QUIET_FLOOR_DAYS)),
    checked,
    gaps: Math.round(k * 10) / 10,
    floorDays: QUIET_FLOOR_DAYS,
    withinDays: VIP_WITHIN_DAYS,
  };
  const who = n === 1 ? "A VIP customer has" : `${n} VIP customers have`;
  return [
    {
      category: "customer",
      kind: "vip-at-risk",
      subject: { type: "segment", id: "VIP:quiet" },
      title: `${who} gone quiet`,
      description:
        `${n === 1 ? "A customer who is or was" : `${n} customers who are or were`} VIP in the last ${VIP_WITHIN_DAYS} days ` +
        `stopped ordering for longer than chance explains: over ${facts.gaps} times their usual gap (at least ${QUIET_FLOOR_DAYS} days), ` +
        `a silence that ${checked} VIPs buying at their usual pace would show by chance less than ${ALPHA * 100}% of the time. ` +
        `Together they spent ${facts.spend} in the past year. The one who spent most (${facts.topSpend}) ordered ` +
        `about every ${facts.topUsualGapDays} days and last on ${facts.topLastOrder}, ${facts.topSilenceDays} days ago.`,
      facts,
      // The silence is a recorded fact; whether it means the customer has left is the uncertainty.
      strength: { z: zOfProbability(0.7), n: FACT_SAMPLE },
      potentialValueMinor: spend,
      valueFormula: "their net spend over the past 365 days (what a lost VIP takes away each year)",
      evidence: {
        observed: `${n} valuable customer${n === 1 ? "" : "s"} silent; the top one ${facts.topSilenceDays} days`,
        expected: `an order within ${facts.gaps} × their usual gap (the top one: ${facts.topQuietAfterDays} days)`,
        band: `P(no order in the silence) = e^(−silence ÷ mean gap) < ${ALPHA} ÷ ${checked} VIPs checked, and silence ≥ ${QUIET_FLOOR_DAYS} days`,
        baselineWindow: `each customer's orders from their first to their last; VIP now or in the last ${VIP_WITHIN_DAYS} days`,
        sampleSize: n,
        method:
          "Each customer's own order rhythm (mean gap between order days, a steady random pace), Bonferroni over the VIPs checked; RFM segments for VIP",
      },
      link: `/customers/${top.customerId}`,
      action: { label: "Open the customer who spent most", url: `/customers/${top.customerId}` },
      figure: n,
      // The silence is as of today: it grows until the customer orders again.
      day: today,
    },
  ];
}
