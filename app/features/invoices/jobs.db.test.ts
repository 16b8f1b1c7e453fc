// Invoice automation through the real job queue of this engine (croner + Job table on
// SQLite, pg-boss on PostgreSQL), with two queue instances playing two app servers.
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { createJobQueue } from "~/platform/jobs/index.server";
import type { JobQueue } from "~/platform/jobs/types";
import { invoiceCreateSchema, type InvoiceCreatePayload } from "~/features/invoices/schema";
import { enqueueDueInvoiceWork, registerInvoiceJobs } from "~/features/invoices/jobs.server";
import { getInvoice, listSeries } from "~/features/invoices/invoices.server";
import { markInvoicePaid } from "~/features/invoices/transitions.server";
import { createInvoice, sendInvoice } from "~/features/invoices/service.server";

const queues: JobQueue[] = [];
function appInstance() {
  const q = createJobQueue();
  registerInvoiceJobs(q);
  queues.push(q);
  return q;
}
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
});

const a = appInstance();
const b = appInstance();

/** One tick of the schedule on both instances at `now`, then both work the queue concurrently. */
async function tick(now: Date) {
  await Promise.all([enqueueDueInvoiceWork(a, now), enqueueDueInvoiceWork(b, now)]);
  await Promise.all([a.runDue(), b.runDue()]);
}

function payload(overrides: Partial<InvoiceCreatePayload> = {}) {
  return invoiceCreateSchema.parse({
    customer: { email: "buyer@example.com", name: "Buyer" },
    items: [{ title: "Retainer", qty: 1, unit_price: "100.00" }],
    ...overrides,
  });
}

async function shopIn(timezone: string) {
  const shop = await createShop({ timezone });
  return prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
}

const at = (iso: string) => new Date(iso);
const reminders = (invoiceId: string) =>
  prisma.outboxMessage.findMany({
    where: { dedupeKey: { startsWith: `invoice:${invoiceId}:reminder:` } },
    orderBy: { createdAt: "asc" },
  });

describe("reminders", () => {
  it("sends each of the 3, 7 and 14 day reminders once with two instances running", async () => {
    const shop = await shopIn("UTC");
    const { invoice } = await createInvoice(shop, payload({ due_in_days: 30 }), { now: at("2026-06-01T09:00:00Z") });
    await sendInvoice(shop, invoice.id, { now: at("2026-06-01T10:00:00Z") });

    await tick(at("2026-06-03T23:00:00Z")); // day 2: nothing
    expect(await reminders(invoice.id)).toHaveLength(0);
    await tick(at("2026-06-04T00:05:00Z")); // day 3
    await tick(at("2026-06-04T00:10:00Z")); // a later tick the same day: still one
    expect((await reminders(invoice.id)).map((m) => m.dedupeKey)).toEqual([`invoice:${invoice.id}:reminder:3`]);
    await tick(at("2026-06-08T08:00:00Z"));
    await tick(at("2026-06-15T08:00:00Z"));
    await tick(at("2026-06-20T08:00:00Z"));
    const sent = await reminders(invoice.id);
    expect(sent.map((m) => m.dedupeKey?.split(":").pop())).toEqual(["3", "7", "14"]);
    expect(sent[0].subject).toMatch(/^Reminder: invoice INV-0001/);
    expect(JSON.parse(sent[0].attachments!)[0].contentType).toBe("application/pdf");
    const events = (await getInvoice(shop, invoice.id)).events.filter((e) => e.type === "reminder");
    expect(events.map((e) => e.detail)).toEqual([
      "Reminder 3 days after sending",
      "Reminder 7 days after sending",
      "Reminder 14 days after sending",
    ]);
  });

  it("stops once the invoice is paid", async () => {
    const shop = await shopIn("UTC");
    const { invoice } = await createInvoice(shop, payload({ due_in_days: 30 }), { now: at("2026-06-01T09:00:00Z") });
    await sendInvoice(shop, invoice.id, { now: at("2026-06-01T10:00:00Z") });
    await tick(at("2026-06-04T12:00:00Z"));
    await markInvoicePaid(shop, invoice.id);
    await tick(at("2026-06-08T12:00:00Z"));
    await tick(at("2026-06-15T12:00:00Z"));
    expect((await reminders(invoice.id)).map((m) => m.dedupeKey?.split(":").pop())).toEqual(["3"]);
  });

  it("counts days in the shop's time zone", async () => {
    const shop = await shopIn("Pacific/Auckland"); // UTC+12 in June
    const { invoice } = await createInvoice(shop, payload({ due_in_days: 30 }), { now: at("2026-06-01T00:00:00Z") });
    // Sent at 23:00 UTC on 1 June = 11:00 on 2 June in Auckland; day 3 is 5 June there.
    await sendInvoice(shop, invoice.id, { now: at("2026-06-01T23:00:00Z") });
    await tick(at("2026-06-04T11:00:00Z")); // 23:00 on 4 June in Auckland
    expect(await reminders(invoice.id)).toHaveLength(0);
    await tick(at("2026-06-04T12:30:00Z")); // 00:30 on 5 June in Auckland
    expect(await reminders(invoice.id)).toHaveLength(1);
  });
});

describe("overdue", () => {
  it("turns a sent invoice overdue the day after its due date, in the shop's zone", async () => {
    const shop = await shopIn("America/New_York");
    const { invoice } = await createInvoice(shop, payload({ due_in_days: 7 }), { now: at("2026-06-01T14:00:00Z") });
    expect(invoice.dueDate).toBe("2026-06-08");
    await sendInvoice(shop, invoice.id, { now: at("2026-06-01T15:00:00Z") });
    await tick(at("2026-06-09T03:30:00Z")); // 23:30 on 8 June in New York
    expect((await getInvoice(shop, invoice.id)).status).toBe("sent");
    await tick(at("2026-06-09T04:30:00Z")); // 00:30 on 9 June
    const after = await getInvoice(shop, invoice.id);
    expect(after.status).toBe("overdue");
    expect(after.events.filter((e) => e.type === "overdue").map((e) => e.actor)).toEqual(["system"]);
    // Overdue can still be paid.
    expect((await markInvoicePaid(shop, invoice.id)).status).toBe("paid");
  });

  it("leaves drafts and paid invoices alone", async () => {
    const shop = await shopIn("UTC");
    const draft = (await createInvoice(shop, payload({ due_in_days: 1 }), { now: at("2026-06-01T00:00:00Z") })).invoice;
    const paid = (await createInvoice(shop, payload({ due_in_days: 1 }), { now: at("2026-06-01T00:00:00Z") })).invoice;
    await sendInvoice(shop, paid.id, { now: at("2026-06-01T01:00:00Z") });
    await markInvoicePaid(shop, paid.id);
    await tick(at("2026-06-10T00:00:00Z"));
    expect((await getInvoice(shop, draft.id)).status).toBe("draft");
    expect((await getInvoice(shop, paid.id)).status).toBe("paid");
  });
});

describe("recurring", () => {
  it("creates the next invoice of the series once, as a draft", async () => {
    const shop = await shopIn("UTC");
    const { invoice } = await createInvoice(shop, payload({ is_recurring: true, recurring_interval: "monthly" }), {
      now: at("2026-01-31T10:00:00Z"),
    });
    expect(invoice.nextIssueDate).toBe("2026-02-28");
    expect(invoice.seriesId).toBe(invoice.id);
    await tick(at("2026-02-27T10:00:00Z"));
    expect(await listSeries(shop, invoice.id)).toHaveLength(1);
    await tick(at("2026-02-28T00:01:00Z"));
    await tick(at("2026-02-28T00:06:00Z"));
    const series = await listSeries(shop, invoice.id);
    expect(series.map((s) => [s.number, s.status, s.issueDate])).toEqual([
      ["INV-0001", "draft", "2026-01-31"],
      ["INV-0002", "draft", "2026-02-28"],
    ]);
    const next = await getInvoice(shop, series[1].id);
    expect(next.totalMinor).toBe(invoice.totalMinor);
    expect(next.nextIssueDate).toBe("2026-03-31"); // anchored on 31 January, no drift
    expect(next.events[0].detail).toBe("Created from INV-0001 (recurring monthly)");
    expect((await getInvoice(shop, invoice.id)).nextIssueDate).toBeNull();
  });

  it("sends the next invoice when auto send is on", async () => {
    const shop = await shopIn("UTC");
    const { invoice } = await createInvoice(
      shop,
      payload({ is_recurring: true, recurring_interval: "weekly", auto_send: true }),
      { now: at("2026-03-02T10:00:00Z") },
    );
    expect(invoice.status).toBe("sent");
    await tick(at("2026-03-09T08:00:00Z"));
    const series = await listSeries(shop, invoice.id);
    expect(series.map((s) => s.status)).toEqual(["sent", "sent"]);
    expect(await prisma.outboxMessage.count({ where: { dedupeKey: `invoice:${series[1].id}:send` } })).toBe(1);
  });
});
