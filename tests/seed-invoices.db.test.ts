// The demo invoices: every status, timelines, recurring series and outbox messages,
// consistent with the app's own rules (a tick right after seeding finds nothing due)
// and the same rows on every run.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "./factories";
import { seedInvoices } from "../prisma/seed/invoices";
import { enqueueDueInvoiceWork } from "~/features/invoices/jobs.server";
import type { JobQueue } from "~/platform/jobs/types";

const TODAY = "2026-06-30";

async function snapshot(shopId: string) {
  const invoices = await prisma.invoice.findMany({
    where: { shopId },
    orderBy: { sequence: "asc" },
    include: { items: { orderBy: { position: "asc" } }, events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  const outbox = await prisma.outboxMessage.findMany({ where: { shopId }, orderBy: { id: "asc" } });
  return { invoices, outbox };
}

describe("demo invoices seed", () => {
  it("writes about 60 invoices in every status with timelines, series and outbox", async () => {
    const shop = await createShop({ timezone: "America/New_York" });
    const summary = await seedInvoices(prisma, shop, TODAY);
    expect(summary.invoices).toBeGreaterThanOrEqual(55);
    expect(summary.invoices).toBeLessThanOrEqual(65);
    for (const status of ["draft", "sent", "paid", "overdue", "void"])
      expect(summary.byStatus[status]).toBeGreaterThan(0);

    const { invoices, outbox } = await snapshot(shop.id);
    expect(invoices.map((i) => i.sequence)).toEqual(invoices.map((_, i) => i + 1));
    const settings = await prisma.invoiceSettings.findUniqueOrThrow({ where: { shopId: shop.id } });
    expect(settings.nextNumber).toBe(invoices.length + 1);
    for (const inv of invoices) {
      expect(inv.events[0].type).toBe("created");
      expect(inv.subtotalMinor).toBe(inv.items.reduce((s, i) => s + i.lineTotalMinor, 0));
      expect(inv.totalMinor).toBe(inv.subtotalMinor + inv.taxMinor + inv.shippingMinor);
      if (inv.status !== "draft") expect(outbox.some((m) => m.dedupeKey === `invoice:${inv.id}:send`)).toBe(true);
      if (inv.status === "paid")
        expect(inv.events.at(-1)?.type === "paid" || inv.events.at(-1)?.type === "recurring_next").toBe(true);
    }
    const series = new Map<string, number>();
    for (const inv of invoices) if (inv.seriesId) series.set(inv.seriesId, (series.get(inv.seriesId) ?? 0) + 1);
    expect([...series.values()].sort()).toEqual([5, 6]);
    expect(outbox.filter((m) => m.kind === "invoice_reminder").length).toBeGreaterThan(5);

    // Nothing is due right after seeding: the data already follows the reminder and overdue rules.
    const enqueued: string[] = [];
    const queue = { enqueue: async (name: string) => (enqueued.push(name), "id") } as unknown as JobQueue;
    await enqueueDueInvoiceWork(queue, new Date(`${TODAY}T16:00:00Z`));
    expect(enqueued).toEqual([]);

    // The same rows on a second run.
    const before = await snapshot(shop.id);
    await prisma.invoice.deleteMany({ where: { shopId: shop.id } });
    await prisma.outboxMessage.deleteMany({ where: { shopId: shop.id } });
    await prisma.invoiceSettings.delete({ where: { shopId: shop.id } });
    await seedInvoices(prisma, shop, TODAY);
    const after = await snapshot(shop.id);
    const strip = (s: typeof before) => JSON.parse(JSON.stringify(s, (k, v) => (k === "updatedAt" ? undefined : v)));
    expect(strip(after)).toEqual(strip(before));
  });
});
