// The words and HTML of invoice and reminder e-mails: pure, so the demo seed writes
// exactly what the app would send.
import { formatMoney } from "~/lib/money";
import { rateToPercentText } from "~/features/invoices/money";
import type { AdsByPosition } from "~/features/invoices/ads";
import type { PaymentOption } from "~/features/invoices/payment";
import type { PdfInvoice } from "~/features/invoices/pdf.server";
import type { InvoicePresentation } from "~/features/invoices/presentation";

type MailInvoice = Pick<
  PdfInvoice,
  | "number"
  | "status"
  | "currency"
  | "dueDate"
  | "customerName"
  | "taxRate"
  | "subtotalMinor"
  | "taxMinor"
  | "shippingMinor"
  | "totalMinor"
  | "items"
>;

/**
 * The figures under the items, as the PDF prints them: subtotal, tax, shipping, total, so
 * the lines of the e-mail add up. (Invoices have no discount; a discount line would sit
 * after the subtotal.)
 */
export function mailBreakdown(invoice: MailInvoice): { label: string; amount: string; total?: boolean }[] {
  const m = (minor: number) => formatMoney(minor, invoice.currency);
  return [
    { label: "Subtotal", amount: m(invoice.subtotalMinor) },
    { label: `Tax (${rateToPercentText(invoice.taxRate)}%)`, amount: m(invoice.taxMinor) },
    { label: "Shipping", amount: m(invoice.shippingMinor) },
    { label: `Total ${invoice.currency}`, amount: m(invoice.totalMinor), total: true },
  ];
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function adsHtml(ads: AdsByPosition["top"]) {
  return ads
    .map(
      (ad) =>
        `<table role="presentation" width="100%" style="border:1px solid #e3e3e3;border-radius:6px;margin:12px 0;background:#fafafa"><tr><td style="padding:12px">` +
        (ad.imageUrl
          ? `<img src="${esc(ad.imageUrl)}" alt="" style="max-width:100%;border-radius:4px;margin-bottom:8px">`
          : "") +
        `<strong>${esc(ad.title)}</strong><br><span style="color:#616161">${esc(ad.description)}</span>` +
        (ad.linkUrl ? `<br><a href="${esc(ad.linkUrl)}" style="color:#005bd3">Learn more</a>` : "") +
        `</td></tr></table>`,
    )
    .join("");
}

function paymentText(p: PaymentOption) {
  return p.kind === "instructions" ? p.text : `${p.label}: ${p.url}`;
}

export type InvoiceMailKind = { kind: "invoice" } | { kind: "reminder"; step: number };

export function invoiceMailContent(
  shopName: string,
  invoice: MailInvoice,
  ctx: Pick<InvoicePresentation, "payment" | "hostedUrl" | "ads">,
  mail: InvoiceMailKind,
) {
  const total = formatMoney(invoice.totalMinor, invoice.currency);
  const breakdown = mailBreakdown(invoice);
  const subject =
    mail.kind === "invoice"
      ? `Invoice ${invoice.number} from ${shopName}: ${total} due ${invoice.dueDate}`
      : `Reminder: invoice ${invoice.number} from ${shopName} (${total}) ${invoice.status === "overdue" ? "is overdue" : `is due ${invoice.dueDate}`}`;
  const opening =
    mail.kind === "invoice"
      ? `Here is invoice ${invoice.number} for ${total}, due on ${invoice.dueDate}. The PDF is attached.`
      : `A friendly reminder that invoice ${invoice.number} for ${total} ${invoice.status === "overdue" ? `was due on ${invoice.dueDate} and is still open` : `is due on ${invoice.dueDate}`}. The PDF is attached again for convenience.`;
  const text = [
    `Hello ${invoice.customerName},`,
    "",
    opening,
    "",
    `How to pay: ${paymentText(ctx.payment)}`,
    `View the invoice online: ${ctx.hostedUrl}`,
    "",
    ...invoice.items.map((i) => `- ${i.title} × ${i.quantity}: ${formatMoney(i.lineTotalMinor, invoice.currency)}`),
    ...breakdown.map((b) => `${b.label}: ${b.amount}`),
    "",
    `Thank you,`,
    shopName,
  ].join("\n");
  const payButton =
    ctx.payment.kind === "instructions"
      ? `<p style="padding:12px;border:1px solid #005bd3;border-radius:6px">${esc(ctx.payment.text)}</p>`
      : `<p><a href="${esc(ctx.payment.url)}" style="display:inline-block;background:#005bd3;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${esc(ctx.payment.label)}</a></p>`;
  const rows = invoice.items
    .map(
      (i) =>
        `<tr><td style="padding:4px 0">${esc(i.title)} × ${i.quantity}</td><td style="padding:4px 0;text-align:right">${esc(formatMoney(i.lineTotalMinor, invoice.currency))}</td></tr>`,
    )
    .join("");
  const figures = breakdown
    .map((b, i) => {
      const cell = `padding:${i === 0 ? "8px" : "2px"} 0 2px;${b.total ? "border-top:1px solid #1a1a1a;font-weight:bold" : "color:#616161"}`;
      return `<tr><td style="${cell}">${esc(b.label)}</td><td style="${cell};text-align:right">${esc(b.amount)}</td></tr>`;
    })
    .join("");
  const main =
    adsHtml(ctx.ads.top) +
    `<p>Hello ${esc(invoice.customerName)},</p><p>${esc(opening)}</p>` +
    payButton +
    `<p><a href="${esc(ctx.hostedUrl)}" style="color:#005bd3">View invoice ${esc(invoice.number)} online</a></p>` +
    `<table role="presentation" width="100%" style="border-top:1px solid #e3e3e3;margin-top:12px;border-collapse:collapse">${rows}${figures}</table>` +
    `<p>Thank you,<br>${esc(shopName)}</p>` +
    adsHtml(ctx.ads.bottom);
  const html =
    `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#1a1a1a;margin:0;padding:24px;background:#f1f1f1">` +
    `<table role="presentation" width="100%" style="max-width:680px;margin:0 auto;background:#fff;border-radius:8px"><tr>` +
    `<td style="padding:24px;vertical-align:top">${main}</td>` +
    (ctx.ads.sidebar.length
      ? `<td style="width:180px;padding:24px 16px 24px 0;vertical-align:top">${adsHtml(ctx.ads.sidebar)}</td>`
      : "") +
    `</tr></table></body></html>`;
  return { subject, text, html };
}
