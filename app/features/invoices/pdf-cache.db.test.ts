// Invoice PDFs are rendered once per version (a worker thread renders, the database keeps
// the bytes), a change to anything the PDF shows renders it again, and another shop's
// invoice is never served.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { pdfText } from "~tests/pdf-text";
import { invoiceCreateSchema } from "~/features/invoices/schema";
import { getInvoice, updateInvoiceSettings } from "~/features/invoices/invoices.server";
import { markInvoicePaid } from "~/features/invoices/transitions.server";
import { createInvoice, sendInvoice } from "~/features/invoices/service.server";
import { invoicePdf } from "~/features/invoices/mail.server";
import { pdfRenderCount } from "~/features/invoices/pdf-cache.server";

let shop: Awaited<ReturnType<typeof createShop>>;
let other: Awaited<ReturnType<typeof createShop>>;

beforeAll(async () => {
  shop = await createShop({ name: "Cache Shop" });
  other = await createShop({ name: "Other Shop" });
});

const payload = () =>
  invoiceCreateSchema.parse({
    customer: { email: "ada@example.com", name: "Ada" },
    items: [{ title: "Consulting", qty: 2, unit_price: "50.00" }],
  });

describe("cached invoice PDFs", () => {
  it("renders a version once and serves the stored bytes after that", async () => {
    const { invoice } = await createInvoice(shop, payload());
    const rendersBefore = pdfRenderCount();
    const first = await invoicePdf(shop, invoice);
    expect(first.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfText(first)).toContain(invoice.number);
    const again = await Promise.all([invoicePdf(shop, invoice), invoicePdf(shop, invoice), invoicePdf(shop, invoice)]);
    expect(pdfRenderCount() - rendersBefore).toBe(1);
    for (const bytes of again) expect(bytes.equals(first)).toBe(true);
    const stored = await prisma.invoicePdf.findUniqueOrThrow({ where: { invoiceId: invoice.id } });
    expect(stored.shopId).toBe(shop.id);
    expect(Buffer.from(stored.bytes).equals(first)).toBe(true);
  });

  it("renders again when the invoice or its presentation changes", async () => {
    const { invoice } = await createInvoice(shop, payload());
    await sendInvoice(shop, invoice.id);
    const sent = await getInvoice(shop, invoice.id);
    const start = pdfRenderCount();
    const asSent = await invoicePdf(shop, sent);
    await markInvoicePaid(shop, invoice.id);
    const paid = await invoicePdf(shop, await getInvoice(shop, invoice.id));
    expect(pdfRenderCount() - start).toBe(2);
    expect(paid.equals(asSent)).toBe(false);
    await updateInvoiceSettings(shop, {
      prefix: "INV-",
      paymentInstructions: "Bank transfer to 123",
      businessAddress: null,
      paypalMeUrl: null,
    });
    await invoicePdf(shop, await getInvoice(shop, invoice.id));
    expect(pdfRenderCount() - start).toBe(3);
    await invoicePdf(shop, await getInvoice(shop, invoice.id));
    expect(pdfRenderCount() - start).toBe(3);
  });

  it("never serves one shop's stored PDF for another shop's invoice", async () => {
    const { invoice } = await createInvoice(shop, payload());
    await invoicePdf(shop, invoice);
    const theirs = await createInvoice(other, payload());
    // Same figures, same number: the other shop still gets its own PDF, with its own name.
    const bytes = await invoicePdf(other, theirs.invoice);
    expect(pdfText(bytes)).toContain("Other Shop");
    expect(pdfText(bytes)).not.toContain("Cache Shop");
    expect((await prisma.invoicePdf.findUniqueOrThrow({ where: { invoiceId: theirs.invoice.id } })).shopId).toBe(
      other.id,
    );
  });
});
