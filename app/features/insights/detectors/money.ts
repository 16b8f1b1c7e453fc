// Money owed: overdue invoices (the invoices feature's figures), one finding for the shop.
import { formatMoney } from "~/lib/money";
import { FACT_SAMPLE, zOfProbability } from "~/features/insights/confidence";
import type { Finding } from "~/features/insights/types";

export type InvoiceFacts = { overdueCount: number; overdueTotalMinor: number; averageDaysToPay: number | null };

export function detectOverdueInvoices(f: InvoiceFacts, currency: string, today: string): Finding[] {
  if (f.overdueCount <= 0) return [];
  const total = formatMoney(f.overdueTotalMinor, currency);
  const n = f.overdueCount;
  return [
    {
      category: "money",
      kind: "overdue-invoices",
      subject: { type: "invoices", id: "overdue" },
      title: `${n} overdue invoice${n === 1 ? "" : "s"}: ${total} unpaid`,
      description: `${n} invoice${n === 1 ? " is" : "s are"} past due, ${total} in all.${f.averageDaysToPay !== null ? ` Paid invoices took ${f.averageDaysToPay} days on average.` : ""} Reminders at 3, 7 and 14 days stop as soon as an invoice is paid.`,
      facts: { overdue: n, total, averageDaysToPay: f.averageDaysToPay },
      // A past due date is a fact, not an estimate.
      strength: { z: zOfProbability(0.99), n: FACT_SAMPLE },
      potentialValueMinor: f.overdueTotalMinor,
      valueFormula: "sum of the overdue invoices' totals",
      evidence: {
        observed: `${n} overdue, ${total}`,
        expected: "0 overdue",
        band: "due date passed unpaid",
        baselineWindow: "all open invoices",
        sampleSize: n,
        method: "Invoice status rule: sent → overdue when the due date passes unpaid",
      },
      link: "/app/invoices?status=overdue",
      action: { label: "Send reminders", url: "/app/invoices?status=overdue" },
      figure: f.overdueTotalMinor,
      day: today,
    },
  ];
}
