// The invoice e-mail over real SMTP: an in-process smtp-server receives it and
// mailparser reads it as a mail client would.
import { describe, expect, it } from "vitest";
import { smtpInbox } from "~tests/smtp";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { pdfText } from "~tests/pdf-text";
import { invoiceCreateSchema } from "~/features/invoices/schema";
import { updateInvoiceSettings } from "~/features/invoices/invoices.server";
import { createInvoice, sendInvoice } from "~/features/invoices/service.server";

const received = smtpInbox();

describe("invoice e-mail over SMTP", () => {
  it("arrives with the recipient, subject, PDF and pay link, once", async () => {
    const shop = await prisma.shop.update({
      where: { id: (await createShop({ name: "Paper Goods" })).id },
      data: { plan: "pro" },
    });
    await updateInvoiceSettings(shop, {
      prefix: "PG-",
      paymentInstructions: null,
      businessAddress: "1 Mill Lane",
      paypalMeUrl: "https://paypal.me/papergoods",
      logoUrl: null,
    });
    const { invoice } = await createInvoice(
      shop,
      invoiceCreateSchema.parse({
        customer: { email: "grace@example.com", name: "Grace Hopper" },
        items: [{ title: "Letterpress cards", qty: 3, unit_price: "12.00" }],
        tax_rate: 0.1,
        payment_method: "paypal",
        marketing_ads: [
          {
            id: "ad1",
            title: "Spring sale",
            description: "10% off notebooks",
            linkUrl: "https://papergoods.example/sale",
            position: "bottom",
          },
        ],
      }),
    );
    await sendInvoice(shop, invoice.id, { idempotencyKey: "k1" });
    await sendInvoice(shop, invoice.id, { idempotencyKey: "k1" }); // a retried request
    const mine = received.filter((m) => m.subject?.includes("PG-0001"));
    expect(mine).toHaveLength(1);
    const mail = mine[0];
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("grace@example.com");
    expect(mail.subject).toBe("Invoice PG-0001 from Paper Goods: $39.60 due " + invoice.dueDate);
    expect(mail.text).toContain("Pay with PayPal: https://paypal.me/papergoods/39.60USD");
    expect(mail.text).toContain(`/i/${invoice.publicToken}`);
    expect(mail.html).toContain('href="https://paypal.me/papergoods/39.60USD"');
    expect(mail.html).toContain("Spring sale");
    expect(mail.attachments).toHaveLength(1);
    const pdf = mail.attachments[0];
    expect(pdf.contentType).toBe("application/pdf");
    expect(pdf.filename).toBe("invoice-PG-0001.pdf");
    const text = pdfText(pdf.content);
    expect(text).toContain("PG-0001");
    expect(text).toContain("Letterpress cards");
    expect(text).toContain("https://paypal.me/papergoods/39.60USD");
    const outbox = await prisma.outboxMessage.findFirstOrThrow({ where: { dedupeKey: `invoice:${invoice.id}:send` } });
    expect(outbox.status).toBe("sent");
    expect(outbox.transport).toBe("smtp");
    // From the shop, at the configured address (MAIL_FROM, or the default's address).
    expect(outbox.fromAddress).toMatch(/^Paper Goods <[^<>\s]+@[^<>\s]+>$/);
  });
});
