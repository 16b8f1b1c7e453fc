// Customers, from each new customer's first order and what followed it:
// - a monthly first-order cohort whose repeat rate (the share that ordered again within
//   REPEAT_DAYS) fell against the earlier cohorts at the same age — two-proportion z test,
//   only cohorts every member of which has had REPEAT_DAYS, and only cohorts big enough;
// - new customers whose first order is far above the store's usual first order — robust z
//   (median / 1.4826 × MAD) on log values, one grouped finding.
// Both are one-direction alerts: a rising repeat rate or a small first order is no card.
import { median, medianAbsoluteDeviation } from "simple-statistics";
import { addDays, daysBetween } from "~/lib/dates";
import { formatMoney, formatPercent } from "~/lib/money";
import type { Finding } from "~/features/insights/types";

/** One customer whose first order (not cancelled) is in the window read. */
export type NewCustomer = {
  customerId: string;
  /** The shop's day of the first order. */
  firstDay: string;
  /** That order's total less refunds, minor units. */
  firstOrderMinor: number;
  /** The shop's day of the next order, or null. */
  secondDay: string | null;
  /** Spent on later orders within REPEAT_DAYS of the first day, minor units. */
  repeatSpendMinor: number;
};

/** A customer's order as read: the shop's day and its total less refunds. */
export type CustomerOrder = { customerId: string; day: string; netMinor: number };

/**
 * Each customer's first order and what followed, from their orders in time order. "Ordered
 * again" is an order on a later day: a second order the same day is one visit split in two.
 */
export function newCustomersFrom(orders: CustomerOrder[]): NewCustomer[] {
  const out = new Map<string, NewCustomer>();
  for (const o of orders) {
    const c = out.get(o.customerId);
    if (!c) {
      out.set(o.customerId, {
        customerId: o.customerId,
        firstDay: o.day,
        firstOrderMinor: o.netMinor,
        secondDay: null,
        repeatSpendMinor: 0,
      });
      continue;
    }
    if (o.day <= c.firstDay) continue;
    c.secondDay ??= o.day;
    if (daysBetween(c.firstDay, o.day) <= REPEAT_DAYS) c.repeatSpendMinor += o.netMinor;
  }
  return [...out.values()];
}

/** A cohort member repeats if it ordered again within this many days of its first order. */
export const REPEAT_DAYS = 60;
/** Smallest cohort judged, and smallest pooled baseline. */
export const MIN_COHORT = 30;
export const MIN_BASELINE = 100;
/**
 * Earlier mature cohorts pooled as the baseline: the three before, so a slow drift (acquisition
 * changing over a year) is not read as a drop — the alert is for a cohort falling off its recent peers.
 */
export const BASELINE_COHORTS = 3;
/** A drop is a card beyond this z and at least this relative fall. */
export const COHORT_Z = 2.5;
export const MIN_RELATIVE_DROP = 0.2;
/** Months of first orders read: the judged cohort, its baseline, and the months not yet mature. */
export const COHORT_HISTORY_DAYS = 31 * (BASELINE_COHORTS + 1) + REPEAT_DAYS + 31;

/** The new customers judged for a large first order, and the robust z that makes one unusual. */
export const NEW_DAYS = 30;
export const VALUE_Z = 3.5;
export const MIN_VALUE_RATIO = 3;
export const MIN_VALUE_BASELINE = 30;
/** σ of log values never below this (a store whose first orders are all one price). */
const MIN_LOG_SIGMA = 0.1;

const monthOf = (day: string) => day.slice(0, 7);
const lastDayOfMonth = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

function repeated(c: NewCustomer) {
  return c.secondDay !== null && daysBetween(c.firstDay, c.secondDay) <= REPEAT_DAYS;
}

type Cohort = { month: string; size: number; repeaters: number; repeatSpendMinor: number };

/** Monthly cohorts every member of which has had REPEAT_DAYS by yesterday, oldest first. */
export function matureCohorts(customers: NewCustomer[], today: string): Cohort[] {
  const yesterday = addDays(today, -1);
  const byMonth = new Map<string, Cohort>();
  for (const c of customers) {
    const month = monthOf(c.firstDay);
    if (addDays(lastDayOfMonth(month), REPEAT_DAYS) > yesterday) continue;
    const cohort = byMonth.get(month) ?? { month, size: 0, repeaters: 0, repeatSpendMinor: 0 };
    cohort.size++;
    if (repeated(c)) {
      cohort.repeaters++;
      cohort.repeatSpendMinor += c.repeatSpendMinor;
    }
    byMonth.set(month, cohort);
  }
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}

export function detectCohortRepeatDrop(customers: NewCustomer[], currency: string, today: string): Finding[] {
  const cohorts = matureCohorts(customers, today);
  const latest = cohorts.at(-1);
  if (!latest || latest.size < MIN_COHORT) return [];
  const earlier = cohorts.slice(0, -1).slice(-BASELINE_COHORTS);
  const n0 = earlier.reduce((s, c) => s + c.size, 0);
  const r0 = earlier.reduce((s, c) => s + c.repeaters, 0);
  if (n0 < MIN_BASELINE || r0 === 0) return [];
  const p0 = r0 / n0;
  const p1 = latest.repeaters / latest.size;
  const pooled = (r0 + latest.repeaters) / (n0 + latest.size);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / latest.size + 1 / n0));
  if (se === 0) return [];
  const z = (p1 - p0) / se;
  if (z > -COHORT_Z || p1 > p0 * (1 - MIN_RELATIVE_DROP)) return [];
  const missing = Math.round((p0 - p1) * latest.size);
  const spendPerRepeater = Math.round(earlier.reduce((s, c) => s + c.repeatSpendMinor, 0) / r0);
  const value = missing * spendPerRepeater;
  const facts = {
    cohort: latest.month,
    size: latest.size,
    rate: formatPercent(p1),
    baselineRate: formatPercent(p0),
    repeatDays: REPEAT_DAYS,
    baselineCohorts: earlier.length,
    missing,
    value: formatMoney(value, currency),
  };
  const first = earlier[0]!.month;
  const last = earlier.at(-1)!.month;
  return [
    {
      category: "customer",
      kind: "cohort-repeat-drop",
      subject: { type: "cohort", id: latest.month },
      title: `Repeat rate of ${latest.month}'s new customers fell to ${facts.rate}`,
      description: `Of the ${latest.size} customers whose first order was in ${latest.month}, ${facts.rate} ordered again within ${REPEAT_DAYS} days, against ${facts.baselineRate} for the ${earlier.length} cohorts before. That is about ${missing} fewer repeat customers, worth ${facts.value}.`,
      facts,
      strength: { z, n: latest.size },
      potentialValueMinor: value > 0 ? value : null,
      valueFormula: `(baseline rate − cohort rate) × cohort size × the baseline repeaters' spend in their first ${REPEAT_DAYS} days after the first order`,
      evidence: {
        observed: `${facts.rate} (${latest.repeaters} of ${latest.size})`,
        expected: `${facts.baselineRate} (${r0} of ${n0})`,
        band: `two-proportion z ≤ −${COHORT_Z} and ≥ ${formatPercent(MIN_RELATIVE_DROP)} lower (z = ${z.toFixed(2)})`,
        baselineWindow: `first orders ${first} to ${last}`,
        sampleSize: latest.size,
        method: `Monthly first-order cohorts; repeat within ${REPEAT_DAYS} days; two-proportion z test against the earlier cohorts pooled`,
      },
      link: "/customers",
      action: { label: "Start a win-back campaign", url: "/customers/campaigns/new" },
      figure: p1,
      day: addDays(lastDayOfMonth(latest.month), REPEAT_DAYS),
    },
  ];
}

export function detectValuableNewCustomers(customers: NewCustomer[], currency: string, today: string): Finding[] {
  const since = addDays(today, -NEW_DAYS);
  const baseline = customers.filter((c) => c.firstDay < since && c.firstOrderMinor > 0);
  if (baseline.length < MIN_VALUE_BASELINE) return [];
  const logs = baseline.map((c) => Math.log(c.firstOrderMinor));
  const center = median(logs);
  const sigma = Math.max(MIN_LOG_SIGMA, 1.4826 * medianAbsoluteDeviation(logs));
  const usual = Math.round(Math.exp(center));
  const standout = customers
    .filter((c) => c.firstDay >= since && c.firstDay < today && c.firstOrderMinor > 0)
    .map((c) => ({ c, z: (Math.log(c.firstOrderMinor) - center) / sigma }))
    .filter(({ c, z }) => z >= VALUE_Z && c.firstOrderMinor >= MIN_VALUE_RATIO * usual)
    .sort((a, b) => b.c.firstOrderMinor - a.c.firstOrderMinor);
  if (!standout.length) return [];
  const n = standout.length;
  const total = standout.reduce((s, x) => s + x.c.firstOrderMinor, 0);
  const above = total - n * usual;
  const top = standout[0]!;
  const facts = {
    customers: n,
    total: formatMoney(total, currency),
    usual: formatMoney(usual, currency),
    largest: formatMoney(top.c.firstOrderMinor, currency),
    days: NEW_DAYS,
  };
  const open = n === 1 ? `/customers/${top.c.customerId}` : "/customers?segment=new";
  return [
    {
      category: "customer",
      kind: "valuable-new-customers",
      subject: { type: "segment", id: "new:high-value" },
      title: `${n} new customer${n === 1 ? "" : "s"} with an unusually large first order`,
      description: `${n} customer${n === 1 ? "" : "s"} who first ordered in the last ${NEW_DAYS} days spent ${facts.total} on ${n === 1 ? "that order" : "those orders"} (largest ${facts.largest}), where a new customer's first order is usually ${facts.usual}. Worth a personal thank-you.`,
      facts,
      strength: { z: top.z, n: baseline.length },
      potentialValueMinor: above > 0 ? above : null,
      valueFormula: "their first orders' total − their number × the usual first order (median)",
      evidence: {
        observed: `${n} first order${n === 1 ? "" : "s"} from ${formatMoney(standout.at(-1)!.c.firstOrderMinor, currency)} to ${facts.largest}`,
        expected: `${facts.usual} (median first order)`,
        band: `log value beyond +${VALUE_Z} robust σ and at least ${MIN_VALUE_RATIO}× the median`,
        baselineWindow: `first orders before ${since}`,
        sampleSize: baseline.length,
        method: "Median and 1.4826 × MAD of log first-order values of earlier new customers",
      },
      link: open,
      action: { label: n === 1 ? "Open the customer" : "Open the New segment", url: open },
      figure: n,
      day: standout
        .map((x) => x.c.firstDay)
        .sort()
        .at(-1)!,
    },
  ];
}
