// Invoice and reminder e-mails: the PDF attached, the hosted page and pay link in the
// body, sent through sendMail with a per-invoice dedupe key (one message per send or
// reminder step, however often it is retried). Without SMTP it lands in the outbox.
import { type FullInvoice, type InvoiceShop } from "~/features/invoices/invoices.server";
import { addInvoiceEvent } from "~/features/invoices/transitions.server";
import { invoiceMailContent, type InvoiceMailKind } from "~/features/invoices/mail-content";
import { cachedInvoicePdf, type CachedPdfSource } from "~/features/invoices/pdf-cache.server";
import { invoicePresentation } from "~/features/invoices/presentation.server";
import { sendMail } from "~/platform/mail.server";

type Sender = Pick<InvoiceShop, "id" | "name" | "email" | "timezone">;

/** The PDF a merchant or customer downloads: rendered once per version, off the request thread. */
export async function invoicePdf(
  shop: Sender,
  invoice: CachedPdfSource,
  options: { baseUrl?: string; sendIndex?: number } = {},
) {
  return cachedInvoicePdf(shop, invoice, options);
}

export function pdfFilename(number: string) {
  return `invoice-${number.replace(/[^A-Za-z0-9._-]+/g, "-")}.pdf`;
}

/** Sends the invoice (or a reminder) to the customer with the PDF; records it in the timeline. */
export async function deliverInvoiceMail(
  shop: Sender,
  invoice: FullInvoice,
  options: InvoiceMailKind & { baseUrl?: string; now?: Date },
) {
  const sendIndex = Math.max(0, invoice.sendCount - 1);
  const presentation = await invoicePresentation(shop, invoice, { baseUrl: options.baseUrl, sendIndex });
  // The renderer loads with the first e-mailed invoice, not at boot (docs/decisions/070-server-memory.md).
  const { renderInvoicePdf } = await import("~/features/invoices/pdf.server");
  const pdf = await renderInvoicePdf(invoice, presentation);
  const mail: InvoiceMailKind =
    options.kind === "reminder" ? { kind: "reminder", step: options.step } : { kind: "invoice" };
  const content = invoiceMailContent(shop.name, invoice, presentation, mail);
  const result = await sendMail({
    shopId: shop.id,
    fromName: shop.name,
    kind: mail.kind === "invoice" ? "invoice" : "invoice_reminder",
    to: invoice.customerEmail,
    subject: content.subject,
    text: content.text,
    html: content.html,
    attachments: [{ filename: pdfFilename(invoice.number), contentType: "application/pdf", content: pdf }],
    dedupeKey: mail.kind === "invoice" ? `invoice:${invoice.id}:send` : `invoice:${invoice.id}:reminder:${mail.step}`,
  });
  if (!result.duplicate) {
    const message = result.message!;
    const where =
      message.transport === "smtp"
        ? message.status === "sent"
          ? "delivered over SMTP"
          : `delivery failed: ${message.error ?? "unknown error"}`
        : "stored in the outbox (no SMTP configured)";
    await addInvoiceEvent(
      shop.id,
      invoice.id,
      message.status === "failed" ? "email_failed" : "emailed",
      "system",
      `${mail.kind === "invoice" ? "Invoice" : `Reminder (day ${mail.step})`} e-mailed to ${invoice.customerEmail}, ${where}`,
      options.now,
    );
  }
  return result;
}
