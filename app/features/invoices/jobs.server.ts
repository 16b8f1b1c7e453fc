// Invoice automation on the job queue (docs/decisions/016-invoice-automation.md):
// a tick every 5 minutes finds what is due in each shop's time zone and enqueues it
// with singleton keys; the handlers re-check the invoice before acting, so a paid or
// void invoice gets no reminder and nothing runs twice, however many instances run.
import { prisma } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import type { JobQueue } from "~/platform/jobs/types";
import { dueReminderStep, isPastDue, nthIssueDate, type RecurringInterval } from "~/features/invoices/schedule";
import {
  createNextInSeries,
  getInvoice,
  InvoiceError,
  TX_OPTIONS,
  type InvoiceShop,
} from "~/features/invoices/invoices.server";
import { addInvoiceEvent, markInvoiceOverdue } from "~/features/invoices/transitions.server";
import { deliverInvoiceMail } from "~/features/invoices/mail.server";
import { sendInvoice } from "~/features/invoices/service.server";

export const JOBS = {
  tick: "invoices.tick",
  reminder: "invoice.reminder",
  overdue: "invoice.overdue",
  recur: "invoice.recur",
} as const;

type InvoiceJob = { shopId: string; invoiceId: string };

async function shopFor(shopId: string): Promise<InvoiceShop | null> {
  return prisma.shop.findUnique({ where: { id: shopId } });
}

/** Finds due reminders, overdue transitions and recurring invoices, and enqueues each once. */
export async function enqueueDueInvoiceWork(queue: JobQueue, now = new Date()) {
  const candidates = await prisma.invoice.findMany({
    where: {
      OR: [{ status: { in: ["sent", "overdue"] } }, { nextIssueDate: { not: null } }],
      shop: { uninstalledAt: null },
    },
    select: {
      id: true,
      shopId: true,
      status: true,
      sentAt: true,
      dueDate: true,
      lastReminderDay: true,
      nextIssueDate: true,
      shop: { select: { timezone: true } },
    },
  });
  const counts = { reminders: 0, overdue: 0, recurring: 0 };
  for (const inv of candidates) {
    const today = dayInZone(now, inv.shop.timezone);
    const job = { shopId: inv.shopId, invoiceId: inv.id };
    if (inv.status === "sent" && isPastDue(inv.dueDate, today)) {
      if (await queue.enqueue(JOBS.overdue, job, { singletonKey: `${inv.id}` })) counts.overdue++;
    }
    if ((inv.status === "sent" || inv.status === "overdue") && inv.sentAt) {
      const step = dueReminderStep(dayInZone(inv.sentAt, inv.shop.timezone), today, inv.lastReminderDay);
      if (step && (await queue.enqueue(JOBS.reminder, { ...job, step }, { singletonKey: `${inv.id}:${step}` })))
        counts.reminders++;
    }
    if (inv.nextIssueDate && today >= inv.nextIssueDate) {
      if (
        await queue.enqueue(
          JOBS.recur,
          { ...job, issueDate: inv.nextIssueDate },
          { singletonKey: `${inv.id}:${inv.nextIssueDate}` },
        )
      )
        counts.recurring++;
    }
  }
  return counts;
}

/** Reminder `step` (3, 7 or 14 days after sending), once, only while the invoice is unpaid. */
export async function runReminder({ shopId, invoiceId, step }: InvoiceJob & { step: number }, now = new Date()) {
  const shop = await shopFor(shopId);
  if (!shop) return "skipped";
  // Claim the step: only one worker's update matches, and never for a paid or void invoice.
  const { count } = await prisma.invoice.updateMany({
    where: { id: invoiceId, shopId, status: { in: ["sent", "overdue"] }, lastReminderDay: { lt: step } },
    data: { lastReminderDay: step, sendCount: { increment: 1 } },
  });
  if (count === 0) return "skipped";
  const invoice = await getInvoice(shop, invoiceId);
  await addInvoiceEvent(shopId, invoiceId, "reminder", "system", `Reminder ${step} days after sending`, now);
  await deliverInvoiceMail(shop, invoice, { kind: "reminder", step, now });
  return "sent";
}

export async function runOverdue({ shopId, invoiceId }: InvoiceJob, now = new Date()) {
  const shop = await shopFor(shopId);
  if (!shop) return null;
  try {
    return await markInvoiceOverdue(shop, invoiceId, now);
  } catch (error) {
    // Paid or voided meanwhile: nothing to do.
    if (error instanceof InvoiceError && error.status === 409) return null;
    throw error;
  }
}

/** Creates the next invoice of a series (draft, or sent when auto send is on). */
export async function runRecurring(
  { shopId, invoiceId, issueDate }: InvoiceJob & { issueDate: string },
  now = new Date(),
) {
  const shop = await shopFor(shopId);
  if (!shop) return null;
  const source = await getInvoice(shop, invoiceId);
  let createdId: string | null = null;
  try {
    createdId = await prisma.$transaction(async (tx) => {
      // Claim this occurrence: only the worker that clears nextIssueDate creates the invoice.
      const { count } = await tx.invoice.updateMany({
        where: { id: invoiceId, shopId, nextIssueDate: issueDate },
        data: { nextIssueDate: null },
      });
      if (count === 0) return null;
      const id = await createNextInSeries(tx, shop, source, issueDate);
      await tx.invoiceEvent.create({
        data: {
          shopId,
          invoiceId,
          type: "recurring_next",
          actor: "system",
          detail: `Next invoice of the series created for ${issueDate}`,
          createdAt: now,
        },
      });
      return id;
    }, TX_OPTIONS);
  } catch (error) {
    if (error instanceof InvoiceError && error.code === "plan_limit") {
      // Skip this occurrence, keep the series going, and say why on the timeline.
      const interval = (source.recurringInterval ?? "monthly") as RecurringInterval;
      const { count } = await prisma.invoice.updateMany({
        where: { id: invoiceId, shopId, nextIssueDate: issueDate },
        data: { nextIssueDate: nthIssueDate(issueDate, interval, 1) },
      });
      if (count)
        await addInvoiceEvent(
          shopId,
          invoiceId,
          "recurring_skipped",
          "system",
          `Not created for ${issueDate}: ${error.message}`,
          now,
        );
      return null;
    }
    throw error;
  }
  if (createdId) {
    const created = await getInvoice(shop, createdId);
    if (created.autoSend) await sendInvoice(shop, createdId, { actor: "system", now });
  }
  return createdId;
}

export function registerInvoiceJobs(queue: JobQueue) {
  queue.register(JOBS.tick, async () => {
    await enqueueDueInvoiceWork(queue);
  });
  queue.register<InvoiceJob & { step: number }>(JOBS.reminder, async (p) => void (await runReminder(p)));
  queue.register<InvoiceJob>(JOBS.overdue, async (p) => void (await runOverdue(p)));
  queue.register<InvoiceJob & { issueDate: string }>(JOBS.recur, async (p) => void (await runRecurring(p)));
  queue.schedule(JOBS.tick, "*/5 * * * *");
}
