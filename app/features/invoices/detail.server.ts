// One invoice as the detail screen and GET /api/stores/{storeId}/invoices/{invoiceId}
// read it: the wire format plus the merchant's allowed actions, the timeline and the
// recurring series.
import { getInvoice, invoiceDto, listSeries, type InvoiceShop } from "~/features/invoices/invoices.server";
import { merchantActions } from "~/features/invoices/status";
import { formatInstant } from "~/lib/dates";

export async function invoiceDetail(shop: Pick<InvoiceShop, "id">, invoiceId: string, baseUrl?: string) {
  const invoice = await getInvoice(shop, invoiceId);
  const series = invoice.seriesId ? await listSeries(shop, invoice.seriesId) : [];
  return {
    ...invoiceDto(invoice, baseUrl),
    actions: merchantActions(invoice.status),
    timeline: invoice.events.map((e) => ({
      id: e.id,
      type: e.type,
      actor: e.actor,
      detail: e.detail,
      at: e.createdAt.toISOString(),
    })),
    series: series.map((s) => ({
      id: s.id,
      invoiceNumber: s.number,
      status: s.status,
      issueDate: s.issueDate,
      totalMinor: s.totalMinor,
      currency: s.currency,
    })),
  };
}
export type InvoiceDetail = Awaited<ReturnType<typeof invoiceDetail>>;

/** The detail screen's invoice: the API's, with its instants as text in the shop's time zone. */
export async function invoiceScreenDetail(
  shop: Pick<InvoiceShop, "id" | "timezone">,
  invoiceId: string,
  baseUrl?: string,
) {
  const d = await invoiceDetail(shop, invoiceId, baseUrl);
  return {
    ...d,
    paidAtText: d.paidAt ? formatInstant(d.paidAt, shop.timezone) : null,
    timeline: d.timeline.map((e) => ({ ...e, when: formatInstant(e.at, shop.timezone) })),
  };
}
