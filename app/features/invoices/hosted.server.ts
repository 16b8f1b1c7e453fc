// What the hosted invoice page /i/{token} shows: the seller, the payment method, the ads and the
// invoice's figures, with days in the shop's zone. Null for an unknown token or a draft (a 404).
import type { SerializeFrom } from "@remix-run/node";
import { dayInZone } from "~/lib/dates";
import { getInvoiceByToken } from "./invoices.server";
import { invoicePresentation } from "./presentation.server";
import { recordInvoiceView } from "./transitions.server";

/** The page's data for `token`, recording the view in the invoice's timeline. */
export async function hostedInvoiceView(token: string, baseUrl: string, paymentResult: string | null) {
  const invoice = await getInvoiceByToken(token);
  if (!invoice || invoice.status === "draft") return null;
  await recordInvoiceView(invoice);
  const { hostedUrl: _hostedUrl, ...presentation } = await invoicePresentation(invoice.shop, invoice, { baseUrl });
  return {
    ...presentation,
    paymentResult,
    invoice: {
      number: invoice.number,
      status: invoice.status,
      currency: invoice.currency,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      paidAt: invoice.paidAt ? dayInZone(invoice.paidAt, invoice.shop.timezone) : null,
      customerName: invoice.customerName,
      customerEmail: invoice.customerEmail,
      taxRate: invoice.taxRate,
      subtotalMinor: invoice.subtotalMinor,
      taxMinor: invoice.taxMinor,
      shippingMinor: invoice.shippingMinor,
      totalMinor: invoice.totalMinor,
      items: invoice.items.map((i) => ({
        title: i.title,
        quantity: i.quantity,
        unitPriceMinor: i.unitPriceMinor,
        lineTotalMinor: i.lineTotalMinor,
      })),
      pdfUrl: `/i/${invoice.publicToken}/pdf`,
      payUrl: `/i/${invoice.publicToken}/pay`,
    },
  };
}

/** hostedInvoiceView()'s result as the browser receives it. */
export type HostedInvoiceData = NonNullable<SerializeFrom<typeof hostedInvoiceView>>;
