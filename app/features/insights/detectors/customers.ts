// Customers: valuable customers going quiet (issue 37, "VIPs turning at-risk"). A customer who is
// VIP, or was in the last VIP_WITHIN_DAYS days, and whose current silence is unusual for them:
//
//   days since their last order > max(QUIET_GAPS × their mean gap between order days, QUIET_FLOOR_DAYS)
//
// Why this rule and not the churn model's P(no purchase in 90 days): the model is fitted per shop
// and can rate almost no one as gone (a fit whose dropout rate is near zero reads recency as
// nothing), so a frequent buyer silent for five times their usual gap still comes out "Low". The
// rule reads the customer's own rhythm: for a buyer at a steady pace (a Poisson process), a wait
// of three mean gaps happens by chance once in twenty (e^-3 ≈ 0.05), and the floor keeps a
// weekly buyer's three quiet weeks off the list: a month is the least silence worth a card.
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
export const QUIET_GAPS = 3;
export const QUIET_FLOOR_DAYS = 30;
/** Gaps the usual rhythm is measured from at least (one odd gap is not a rhythm). */
export const MIN_GAPS = 3;

export type QuietCustomer = ValuableCustomer & { silenceDays: number; usualGapDays: number };

/** The customers whose silence is unusual for them, longest relative silence first. */
export function quietCustomers(rows: ValuableCustomer[], today: string): QuietCustomer[] {
  return rows
    .flatMap((r): QuietCustomer[] => {
      const gaps = r.orderDays - 1;
      if (gaps < MIN_GAPS) return [];
      const usualGapDays = daysBetween(r.firstOrderDay, r.lastOrderDay) / gaps;
      const silenceDays = daysBetween(r.lastOrderDay, today);
      if (silenceDays <= Math.max(QUIET_GAPS * usualGapDays, QUIET_FLOOR_DAYS)) return [];
      return [{ ...r, silenceDays, usualGapDays }];
    })
    .sort(
      (a, b) =>
        b.silenceDays / b.usualGapDays - a.silenceDays / a.usualGapDays || a.customerId.localeCompare(b.customerId),
    );
}

export function detectQuietVips(rows: ValuableCustomer[], currency: string, today: string): Finding[] {
  const quiet = quietCustomers(rows, today);
  if (!quiet.length) return [];
  const spend = quiet.reduce((s, r) => s + r.spendMinor, 0);
  // The card names the one worth most; the others are in the count and the spend.
  const top = [...quiet].sort((a, b) => b.spendMinor - a.spendMinor || a.customerId.localeCompare(b.customerId))[0]!;
  const n = quiet.length;
  const facts = {
    customers: n,
    spend: formatMoney(spend, currency),
    topSpend: formatMoney(top.spendMinor, currency),
    topLastOrder: top.lastOrderDay,
    topUsualGapDays: Math.round(top.usualGapDays),
    topSilenceDays: top.silenceDays,
    topQuietAfterDays: Math.round(Math.max(QUIET_GAPS * top.usualGapDays, QUIET_FLOOR_DAYS)),
    gaps: QUIET_GAPS,
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
        `stopped ordering for longer than ${QUIET_GAPS} times their usual gap (at least ${QUIET_FLOOR_DAYS} days). ` +
        `Together they spent ${facts.spend} in the past year. The one who spent most (${facts.topSpend}) ordered ` +
        `about every ${facts.topUsualGapDays} days and last on ${facts.topLastOrder}, ${facts.topSilenceDays} days ago.`,
      facts,
      // The silence is a recorded fact; whether it means the customer has left is the uncertainty.
      strength: { z: zOfProbability(0.7), n: FACT_SAMPLE },
      potentialValueMinor: spend,
      valueFormula: "their net spend over the past 365 days (what a lost VIP takes away each year)",
      evidence: {
        observed: `${n} valuable customer${n === 1 ? "" : "s"} silent; the top one ${facts.topSilenceDays} days`,
        expected: `an order within ${QUIET_GAPS} × their usual gap (the top one: ${facts.topQuietAfterDays} days)`,
        band: `silence > max(${QUIET_GAPS} × mean gap between order days, ${QUIET_FLOOR_DAYS} days)`,
        baselineWindow: `each customer's orders from their first to their last; VIP now or in the last ${VIP_WITHIN_DAYS} days`,
        sampleSize: n,
        method: "Each customer's own order rhythm (mean gap between order days); RFM segments for VIP",
      },
      link: `/customers/${top.customerId}`,
      action: { label: "Open the customer who spent most", url: `/customers/${top.customerId}` },
      figure: n,
      // The silence is as of today: it grows until the customer orders again.
      day: today,
    },
  ];
}
