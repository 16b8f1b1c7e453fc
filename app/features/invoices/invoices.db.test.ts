// Invoices on the database: numbering under concurrency, the plan limit, the status
// machine with its timeline, idempotent send, tenant isolation.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { pdfText } from "~tests/pdf-text";
import { invoiceCreateSchema, type InvoiceCreatePayload } from "~/features/invoices/schema";
import {
  getInvoice,
  InvoiceError,
  listInvoices,
  updateInvoiceSettings,
  invoiceInsights,
} from "~/features/invoices/invoices.server";
import { stopRecurring, markInvoicePaid, voidInvoice } from "~/features/invoices/transitions.server";
import { createInvoice, sendInvoice } from "~/features/invoices/service.server";
import { invoicePdf } from "~/features/invoices/mail.server";

type Shop = Awaited<ReturnType<typeof createShop>>;

export function payload(overrides: Partial<InvoiceCreatePayload> = {}) {
  return invoiceCreateSchema.parse({
    customer: { email: "ada@example.com", name: "Ada Lovelace", phone: "+44 20 0000" },
    items: [
      { title: "Design work", qty: 2, unit_price: "19.99" },
      { title: "Hosting", qty: 1, unit_price: 5 },
    ],
    tax_rate: 0.0825,
    shipping_cost: "7.50",
    ...overrides,
  });
}

async function proShop(overrides: Parameters<typeof createShop>[0] = {}) {
  const shop = await createShop(overrides);
  return prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro", email: "owner@example.com" } });
}

async function expectInvoiceError(promise: Promise<unknown>, status: number, code?: string) {
  const error = await promise.then(
    () => null,
    (e) => e,
  );
  expect(error).toBeInstanceOf(InvoiceError);
  expect((error as InvoiceError).status).toBe(status);
  if (code) expect((error as InvoiceError).code).toBe(code);
  return error as InvoiceError;
}

let shop: Shop;
let other: Shop;

beforeAll(async () => {
  shop = await proShop({ name: "Numbers Inc" });
  other = await proShop({ name: "Other shop" });
});

describe("create", () => {
  it("computes the money, numbers the invoice and records the creation", async () => {
    const { invoice } = await createInvoice(shop, payload(), { now: new Date("2026-06-01T10:00:00Z") });
    expect(invoice).toMatchObject({
      number: "INV-0001",
      status: "draft",
      currency: "USD",
      subtotalMinor: 44_98,
      taxMinor: 3_71,
      shippingMinor: 7_50,
      totalMinor: 56_19,
      issueDate: "2026-06-01",
      dueDate: "2026-06-08",
      paymentMethod: "none",
    });
    expect(invoice.items.map((i) => [i.title, i.quantity, i.unitPriceMinor, i.lineTotalMinor])).toEqual([
      ["Design work", 2, 19_99, 39_98],
      ["Hosting", 1, 5_00, 5_00],
    ]);
    expect(invoice.events.map((e) => [e.type, e.actor])).toEqual([["created", "merchant"]]);
    expect(invoice.publicToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("handles a zero-decimal currency", async () => {
    const { invoice } = await createInvoice(
      shop,
      payload({
        currency: "JPY",
        items: [{ title: "Tea", qty: 3, unit_price: "333" }],
        tax_rate: 0.1,
        shipping_cost: "500",
      }),
    );
    expect([invoice.subtotalMinor, invoice.taxMinor, invoice.shippingMinor, invoice.totalMinor]).toEqual([
      999, 100, 500, 1599,
    ]);
  });

  it("refuses an amount finer than the shop currency when none is given", async () => {
    const jpyShop = await proShop({ currency: "JPY" });
    const error = await expectInvoiceError(createInvoice(jpyShop, payload({ currency: undefined })), 400, "invalid");
    expect(Object.keys(error.extra.fieldErrors as object)).toContain("items.0.unit_price");
  });

  it("uses a configured prefix", async () => {
    const s = await proShop();
    await updateInvoiceSettings(s, {
      prefix: "ACME-",
      paymentInstructions: null,
      businessAddress: null,
      paypalMeUrl: null,
      logoUrl: null,
    });
    const { invoice } = await createInvoice(s, payload());
    expect(invoice.number).toBe("ACME-0001");
  });

  it("returns the first invoice for a repeated Idempotency-Key", async () => {
    const s = await proShop();
    const first = await createInvoice(s, payload(), { idempotencyKey: "key-1" });
    const again = await createInvoice(s, payload(), { idempotencyKey: "key-1" });
    expect(again.replayed).toBe(true);
    expect(again.invoice.id).toBe(first.invoice.id);
    expect(await prisma.invoice.count({ where: { shopId: s.id } })).toBe(1);
  });

  it("refuses an Idempotency-Key reused with a different request (422) and creates nothing", async () => {
    const s = await proShop();
    await createInvoice(s, payload(), { idempotencyKey: "key-2" });
    const different = payload({ customer: { email: "grace@example.com", name: "Grace Hopper" } });
    await expectInvoiceError(createInvoice(s, different, { idempotencyKey: "key-2" }), 422, "idempotency_key_reused");
    expect(await prisma.invoice.count({ where: { shopId: s.id } })).toBe(1);
  });
});

describe("numbering", () => {
  it("gives 200 concurrent creates 200 distinct, contiguous numbers", async () => {
    const s = await proShop();
    const results = await Promise.all(Array.from({ length: 200 }, () => createInvoice(s, payload())));
    const sequences = results.map((r) => r.invoice.sequence).sort((a, b) => a - b);
    expect(new Set(results.map((r) => r.invoice.number)).size).toBe(200);
    expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it("leaves no gap when a create fails after its number was taken", async () => {
    const s = await proShop();
    await createInvoice(s, payload());
    let taken: string | null = null;
    await expect(
      createInvoice(s, payload(), {
        afterNumberAllocated: (n) => {
          taken = n;
          throw new Error("disk full");
        },
      }),
    ).rejects.toThrow("disk full");
    expect(taken).toBe("INV-0002");
    const { invoice } = await createInvoice(s, payload());
    expect(invoice.number).toBe("INV-0002");
    expect(await prisma.invoice.count({ where: { shopId: s.id } })).toBe(2);
  });
});

describe("plan limit", () => {
  it("refuses the 26th invoice of a calendar month on Starter and writes nothing", async () => {
    const s = await createShop({ timezone: "America/New_York" });
    // 23:30 on 31 May in New York is already June in UTC: the month is the shop's.
    const may = new Date("2026-06-01T03:30:00Z");
    for (let i = 0; i < 25; i++) await createInvoice(s, payload(), { now: may });
    const before = await prisma.invoice.count({ where: { shopId: s.id } });
    const error = await expectInvoiceError(createInvoice(s, payload(), { now: may }), 403, "plan_limit");
    expect(error.message).toMatch(/25 invoices per calendar month/);
    expect(error.message).toMatch(/Upgrade to Pro/);
    expect(error.extra.upgradeUrl).toBe("/settings?tab=plan");
    expect(await prisma.invoice.count({ where: { shopId: s.id } })).toBe(before);
    // The next month starts at midnight in New York.
    const { invoice } = await createInvoice(s, payload(), { now: new Date("2026-06-01T04:30:00Z") });
    expect(invoice.number).toBe("INV-0026");
  });
});

describe("status machine", () => {
  it("sends a draft once, with one e-mail carrying the PDF", async () => {
    const { invoice } = await createInvoice(shop, payload());
    const sent = await sendInvoice(shop, invoice.id, { idempotencyKey: "click-1" });
    expect(sent.invoice.status).toBe("sent");
    expect(sent.invoice.sentAt).toBeInstanceOf(Date);
    // A retried request with the same key answers the same; a new send is refused.
    const replay = await sendInvoice(shop, invoice.id, { idempotencyKey: "click-1" });
    expect(replay.replayed).toBe(true);
    await expectInvoiceError(sendInvoice(shop, invoice.id, { idempotencyKey: "click-2" }), 409, "illegal_transition");
    await expectInvoiceError(sendInvoice(shop, invoice.id), 409);
    const mails = await prisma.outboxMessage.findMany({
      where: { shopId: shop.id, toAddress: "ada@example.com", dedupeKey: `invoice:${invoice.id}:send` },
    });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(invoice.number);
    expect(JSON.parse(mails[0].attachments!)).toEqual([
      expect.objectContaining({ contentType: "application/pdf", filename: `invoice-${invoice.number}.pdf` }),
    ]);
    expect(mails[0].text).toContain(`/i/${invoice.publicToken}`);
  });

  it("sends only one e-mail when two sends race", async () => {
    const { invoice } = await createInvoice(shop, payload());
    const results = await Promise.allSettled([sendInvoice(shop, invoice.id), sendInvoice(shop, invoice.id)]);
    for (const r of results) if (r.status === "rejected" && !(r.reason instanceof InvoiceError)) throw r.reason;
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await prisma.outboxMessage.count({ where: { dedupeKey: `invoice:${invoice.id}:send` } })).toBe(1);
  });

  it("records every transition with time and actor; illegal ones change nothing", async () => {
    const { invoice } = await createInvoice(shop, payload());
    await expectInvoiceError(markInvoicePaid(shop, invoice.id), 409);
    await expectInvoiceError(voidInvoice(shop, invoice.id), 409);
    await sendInvoice(shop, invoice.id);
    const paid = await markInvoicePaid(shop, invoice.id);
    expect(paid.status).toBe("paid");
    expect(paid.paidAt).toBeInstanceOf(Date);
    const error = await expectInvoiceError(voidInvoice(shop, invoice.id), 409);
    expect(error.message).toBe(`Invoice ${invoice.number} is paid; it cannot be voided.`);
    const after = await getInvoice(shop, invoice.id);
    expect(after.status).toBe("paid");
    expect(after.events.map((e) => [e.type, e.actor])).toEqual([
      ["created", "merchant"],
      ["sent", "merchant"],
      ["emailed", "system"],
      ["paid", "merchant"],
    ]);
    for (const e of after.events) expect(e.createdAt).toBeInstanceOf(Date);
  });

  it("voids a sent invoice and keeps its number", async () => {
    const { invoice } = await createInvoice(shop, payload());
    await sendInvoice(shop, invoice.id);
    const voided = await voidInvoice(shop, invoice.id);
    expect(voided.status).toBe("void");
    expect(voided.number).toBe(invoice.number);
  });
});

describe("tenant isolation", () => {
  it("never reaches another shop's invoice", async () => {
    const { invoice } = await createInvoice(shop, payload());
    await expectInvoiceError(getInvoice(other, invoice.id), 404);
    await expectInvoiceError(sendInvoice(other, invoice.id), 404);
    await expectInvoiceError(markInvoicePaid(other, invoice.id), 404);
    await expectInvoiceError(stopRecurring(other, invoice.id), 404);
    expect((await listInvoices(other)).map((i) => i.id)).not.toContain(invoice.id);
    expect((await getInvoice(shop, invoice.id)).status).toBe("draft");
  });
});

describe("list and insights", () => {
  it("filters by status, each invoice under one filter (overdue has its own)", async () => {
    const s = await proShop();
    const a = (await createInvoice(s, payload())).invoice;
    const b = (await createInvoice(s, payload())).invoice;
    const c = (await createInvoice(s, payload())).invoice;
    await sendInvoice(s, b.id, { now: new Date("2026-06-01T00:00:00Z") });
    await sendInvoice(s, c.id, { now: new Date("2026-06-01T00:00:00Z") });
    await markInvoicePaid(s, c.id, { now: new Date("2026-06-04T00:00:00Z") });
    await prisma.invoice.update({ where: { id: b.id }, data: { status: "overdue" } });
    const ids = async (f: "all" | "draft" | "sent" | "overdue" | "paid") => (await listInvoices(s, f)).map((i) => i.id);
    expect(await ids("draft")).toEqual([a.id]);
    expect(await ids("sent")).toEqual([]);
    expect(await ids("overdue")).toEqual([b.id]);
    expect(await ids("paid")).toEqual([c.id]);
    expect(await ids("all")).toEqual([c.id, b.id, a.id]);
    const insights = await invoiceInsights(s);
    expect(insights.overdueTotalMinor).toBe(56_19);
    expect(insights.averageDaysToPay).toBe(3);
    expect(insights.tips.earlyPayment.facts).toEqual({ paid: 1 });
  });
});

describe("PDF", () => {
  it("is a real PDF whose text has the number, items and total", async () => {
    const { invoice } = await createInvoice(shop, payload());
    const pdf = await invoicePdf(shop, invoice);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain(invoice.number);
    expect(text).toContain("Design work");
    expect(text).toContain("$56.19");
    expect(text).toContain("Numbers Inc");
  });
});
