// The invoices side panel's early-payment and net-terms tips (core.md's "AI insights" of the
// list), computed from the shop's own paid invoices instead of fixed text: how long customers
// take, how many pay by the due date, and what a 5%-within-7-days discount would cost at most.
// Every number in the text is one of the facts returned beside it.
import { median } from "simple-statistics";
import { daysBetween } from "~/lib/dates";
import { formatMoney, formatPercent } from "~/lib/money";

/** A paid invoice, in the shop's days: sent, paid, due; its total in the shop's currency or null. */
export type PaidInvoice = {
  sentDay: string;
  paidDay: string;
  dueDay: string;
  dueInDays: number;
  totalMinor: number | null;
};

export const EARLY_DISCOUNT = 0.05;
export const EARLY_DAYS = 7;
/** Paid invoices needed before a tip speaks of "your customers". */
export const MIN_PAID = 5;
/** Share paid by the due date at or above which the terms are working. */
export const ON_TIME_GOOD = 0.8;

export type Tip = { title: string; text: string; facts: Record<string, string | number> };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function paymentTips(paid: PaidInvoice[], currency: string): { earlyPayment: Tip; terms: Tip } {
  const early = `${formatPercent(EARLY_DISCOUNT, 0)} early-payment discount`;
  if (paid.length < MIN_PAID) {
    const have = paid.length ? ` (${plural(paid.length, "paid invoice", "paid invoices")} so far)` : "";
    return {
      earlyPayment: {
        title: early,
        text: `Once ${MIN_PAID} invoices are paid${have}, this shows how long your customers take and what a ${formatPercent(EARLY_DISCOUNT, 0)} discount for payment within ${EARLY_DAYS} days would cost.`,
        facts: { paid: paid.length },
      },
      terms: {
        title: "Payment terms",
        text: `Once ${MIN_PAID} invoices are paid, this shows how many are paid by their due date on your usual terms.`,
        facts: { paid: paid.length },
      },
    };
  }
  const days = paid.map((p) => Math.max(0, daysBetween(p.sentDay, p.paidDay)));
  const medianDays = Math.round(median(days));
  const within = days.filter((d) => d <= EARLY_DAYS).length / paid.length;
  const priced = paid.filter((p) => p.totalMinor !== null);
  // The most a discount could cost: every paid invoice taking it.
  const cost = Math.round(priced.reduce((s, p) => s + p.totalMinor!, 0) * EARLY_DISCOUNT);
  const withinText = formatPercent(within, 0);
  const earlyText =
    medianDays <= EARLY_DAYS
      ? `Half your customers pay within ${medianDays} days already (${withinText} within ${EARLY_DAYS}, ${plural(paid.length, "paid invoice", "paid invoices")}): a discount for paying within ${EARLY_DAYS} days would mostly reward what they do anyway, up to ${formatMoney(cost, currency)} on these invoices.`
      : `Customers take a median of ${medianDays} days to pay; ${withinText} pay within ${EARLY_DAYS} (${plural(paid.length, "paid invoice", "paid invoices")}). A ${formatPercent(EARLY_DISCOUNT, 0)} discount for payment within ${EARLY_DAYS} days could bring cash in about ${medianDays - EARLY_DAYS} days sooner, at a cost of at most ${formatMoney(cost, currency)} on these invoices.`;

  // Terms: the most used "due in" days, and how the invoices on them were paid.
  const byTerms = new Map<number, number>();
  for (const p of paid) byTerms.set(p.dueInDays, (byTerms.get(p.dueInDays) ?? 0) + 1);
  const usual = [...byTerms].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  const onTerms = paid.filter((p) => p.dueInDays === usual);
  const onTime = onTerms.filter((p) => p.paidDay <= p.dueDay).length / onTerms.length;
  const late = onTerms.filter((p) => p.paidDay > p.dueDay).map((p) => daysBetween(p.dueDay, p.paidDay));
  const lateDays = late.length ? Math.round(median(late)) : 0;
  const onTimeText = formatPercent(onTime, 0);
  const termsText =
    onTime >= ON_TIME_GOOD
      ? `${onTimeText} of invoices on net-${usual} terms are paid by their due date (${plural(onTerms.length, "invoice", "invoices")}): your terms work. Net-30 is the usual choice for wholesale and B2B customers.`
      : `Only ${onTimeText} of invoices on net-${usual} terms are paid by their due date (${plural(onTerms.length, "invoice", "invoices")}); the late ones a median of ${lateDays} days late. Agree the terms when you quote, or offer the early-payment discount.`;
  return {
    earlyPayment: {
      title: early,
      text: earlyText,
      facts: { paid: paid.length, medianDays, within: withinText, cost: formatMoney(cost, currency) },
    },
    terms: {
      title: `Net-${usual} terms`,
      text: termsText,
      facts: { usual, invoices: onTerms.length, onTime: onTimeText, lateDays },
    },
  };
}
