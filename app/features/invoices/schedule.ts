// Calendar rules of invoicing, on shop-zone days (YYYY-MM-DD): due dates, reminder
// days and the next issue day of a recurring invoice.
import { addDays } from "~/lib/dates";

export const REMINDER_DAYS = [3, 7, 14] as const;
export const INVOICE_INTERVALS = ["daily", "weekly", "monthly", "yearly"] as const;
export type RecurringInterval = (typeof INVOICE_INTERVALS)[number];

function addMonthsClamped(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/**
 * The next issue day after `day`. Months and years keep the day of the *series'* anchor
 * when they can (31 Jan → 28 Feb → 31 Mar), so pass the anchor day and the count.
 */
export function nthIssueDate(anchor: string, interval: RecurringInterval, n: number): string {
  switch (interval) {
    case "daily":
      return addDays(anchor, n);
    case "weekly":
      return addDays(anchor, 7 * n);
    case "monthly":
      return addMonthsClamped(anchor, n);
    case "yearly":
      return addMonthsClamped(anchor, 12 * n);
  }
}

/** The reminder step that is due today and not yet sent (the latest one only: a missed tick never sends a burst). */
export function dueReminderStep(sentDay: string, today: string, lastSent: number): number | null {
  let due: number | null = null;
  for (const step of REMINDER_DAYS) if (step > lastSent && today >= addDays(sentDay, step)) due = step;
  return due;
}

export function isPastDue(dueDate: string, today: string): boolean {
  return today > dueDate;
}
