// The screen's list (search, status filter, pages) and deleting drafts, on the database:
// every query stays within the shop, only a draft can be deleted; and the PDF's status marks.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { pdfText } from "~tests/pdf-text";
import { invoiceCreateSchema, type InvoiceCreatePayload } from "~/features/invoices/schema";
import { getInvoiceSettings, InvoiceError, listInvoicePage } from "~/features/invoices/invoices.server";
import { deleteDraftInvoice, markInvoicePaid, voidInvoice } from "~/features/invoices/transitions.server";
import { parseListQuery } from "~/features/invoices/list-query";
import { createInvoice, sendInvoice } from "~/features/invoices/service.server";
import { invoicePdf } from "~/features/invoices/mail.server";
import { hostedUrl } from "~/features/invoices/links.server";

type Shop = Awaited<ReturnType<typeof proShop>>;

async function proShop(name: string) {
  const shop = await createShop({ name });
  return prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
}

const payload = (customer: { name: string; email: string }, overrides: Partial<InvoiceCreatePayload> = {}) =>
  invoiceCreateSchema.parse({ customer, items: [{ title: "Work", qty: 1, unit_price: "10" }], ...overrides });

const query = (search: string) => parseListQuery(new URLSearchParams(search));

async function rejected(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvoiceError);
  return error as InvoiceError;
}

let a: Shop;
let b: Shop;
const numbersOf = (page: Awaited<ReturnType<typeof listInvoicePage>>) => page.rows.map((r) => r.number);

beforeAll(async () => {
  a = await proShop("Shop A");
  b = await proShop("Shop B");
  // Shop A: 25 invoices; #3 (Ada) sent, #4 (Ada) overdue, #5 paid. Shop B: an Ada of its own.
  for (let i = 1; i <= 25; i++) {
    const customer =
      i === 3 || i === 4
        ? { name: "Ada Lovelace", email: `ada${i}@analytical.example` }
        : { name: `Customer ${i}`, email: `c${i}@example.com` };
    const { invoice } = await createInvoice(a, payload(customer));
    if (i >= 3 && i <= 5) await sendInvoice(a, invoice.id);
    if (i === 4) await prisma.invoice.update({ where: { id: invoice.id }, data: { status: "overdue" } });
    if (i === 5) await markInvoicePaid(a, invoice.id);
  }
  await createInvoice(b, payload({ name: "Ada Byron", email: "ada@b.example" }));
});

describe("the invoice list", () => {
  it("pages the shop's invoices newest first, 20 a page, and clamps a page past the end", async () => {
    const first = await listInvoicePage(a, query(""));
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2, pageSize: 20 });
    expect(numbersOf(first)[0]).toBe("INV-0025");
    expect(first.rows).toHaveLength(20);
    const second = await listInvoicePage(a, query("page=2"));
    expect(numbersOf(second)).toEqual(["INV-0005", "INV-0004", "INV-0003", "INV-0002", "INV-0001"]);
    expect((await listInvoicePage(a, query("page=9"))).page).toBe(2);
  });

  it("searches number, customer name and e-mail, ignoring case, within the shop only", async () => {
    expect(numbersOf(await listInvoicePage(a, query("q=ADA")))).toEqual(["INV-0004", "INV-0003"]);
    expect(numbersOf(await listInvoicePage(a, query("q=analytical.EXAMPLE")))).toEqual(["INV-0004", "INV-0003"]);
    expect(numbersOf(await listInvoicePage(a, query("q=inv-0012")))).toEqual(["INV-0012"]);
    expect(numbersOf(await listInvoicePage(b, query("q=ada")))).toEqual(["INV-0001"]);
    expect((await listInvoicePage(b, query("q=Lovelace"))).total).toBe(0);
    // % and _ are text, not LIKE's wildcards.
    expect((await listInvoicePage(a, query("q=%25"))).total).toBe(0);
    expect((await listInvoicePage(a, query("q=INV_0012"))).total).toBe(0);
  });

  it("filters by status, combined with the search", async () => {
    expect(numbersOf(await listInvoicePage(a, query("status=sent")))).toEqual(["INV-0003"]);
    expect(numbersOf(await listInvoicePage(a, query("status=overdue")))).toEqual(["INV-0004"]);
    expect(numbersOf(await listInvoicePage(a, query("status=paid")))).toEqual(["INV-0005"]);
    expect((await listInvoicePage(a, query("status=draft"))).total).toBe(22);
    expect(numbersOf(await listInvoicePage(a, query("status=overdue&q=ada")))).toEqual(["INV-0004"]);
    expect((await listInvoicePage(a, query("status=draft&q=ada"))).total).toBe(0);
    expect((await listInvoicePage(b, query("status=overdue"))).total).toBe(0);
  });

  it("treats the search as text, not a pattern", async () => {
    expect((await listInvoicePage(a, query("q=%25"))).total).toBe(0);
    expect((await listInvoicePage(a, query("q=_"))).total).toBe(0);
  });
});

describe("deleting a draft", () => {
  it("deletes the shop's own draft with its items and timeline", async () => {
    const s = await proShop("Deleter");
    const { invoice } = await createInvoice(s, payload({ name: "X", email: "x@example.com" }));
    await deleteDraftInvoice(s, invoice.id);
    expect(await prisma.invoice.count({ where: { id: invoice.id } })).toBe(0);
    expect(await prisma.invoiceItem.count({ where: { invoiceId: invoice.id } })).toBe(0);
    expect(await prisma.invoiceEvent.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });

  it("refuses anything sent (409) and leaves it", async () => {
    const s = await proShop("Sender");
    const { invoice } = await createInvoice(s, payload({ name: "X", email: "x@example.com" }));
    await sendInvoice(s, invoice.id);
    const error = await rejected(deleteDraftInvoice(s, invoice.id));
    expect(error.status).toBe(409);
    expect(error.message).toBe("Invoice INV-0001 is sent; only a draft can be deleted.");
    await voidInvoice(s, invoice.id);
    expect((await rejected(deleteDraftInvoice(s, invoice.id))).status).toBe(409);
    expect(await prisma.invoice.count({ where: { id: invoice.id } })).toBe(1);
  });

  it("answers 404 for another shop's draft and deletes nothing", async () => {
    const { invoice } = await createInvoice(b, payload({ name: "Y", email: "y@example.com" }));
    const error = await rejected(deleteDraftInvoice(a, invoice.id));
    expect(error.status).toBe(404);
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("draft");
  });

  it("gives the latest number back, so numbers stay without a gap", async () => {
    const s = await proShop("Numbers");
    const one = (await createInvoice(s, payload({ name: "X", email: "x@example.com" }))).invoice;
    const two = (await createInvoice(s, payload({ name: "X", email: "x@example.com" }))).invoice;
    await deleteDraftInvoice(s, two.id);
    expect((await createInvoice(s, payload({ name: "X", email: "x@example.com" }))).invoice.number).toBe("INV-0002");
    // An earlier draft's number cannot come back without renumbering: the next number moves on.
    await deleteDraftInvoice(s, one.id);
    expect((await getInvoiceSettings(s.id)).nextNumber).toBe(3);
  });
});

describe("PDF marks", () => {
  it("marks a draft DRAFT with no online link, then the sent, paid and void versions", async () => {
    const s = await proShop("Stamps");
    const { invoice } = await createInvoice(s, payload({ name: "Z", email: "z@example.com" }));
    const link = hostedUrl(invoice.publicToken);
    const draft = pdfText(await invoicePdf(s, invoice));
    expect(draft).toContain("DRAFT");
    expect(draft).not.toContain(link);
    expect(draft).not.toContain("/i/");

    const { invoice: sent } = await sendInvoice(s, invoice.id);
    const sentText = pdfText(await invoicePdf(s, sent));
    expect(sentText).not.toContain("DRAFT");
    expect(sentText).toContain(link);

    const paid = pdfText(await invoicePdf(s, await markInvoicePaid(s, invoice.id)));
    expect(paid).toContain("PAID");
    expect(paid).not.toContain("VOID");
    expect(paid).not.toContain("How to pay"); // nothing is asked of a paid invoice

    const other = (await createInvoice(s, payload({ name: "Z", email: "z@example.com" }))).invoice;
    await sendInvoice(s, other.id);
    const voided = pdfText(await invoicePdf(s, await voidInvoice(s, other.id)));
    expect(voided).toContain("VOID");
    expect(voided).not.toContain("PAID");
    expect(voided).toContain("nothing is due");
  });
});
