// One invoice as the detail screen and GET /api/stores/{storeId}/invoices/{invoiceId}
// read it: the wire format plus the merchant's allowed actions, the timeline and the
// recurring series.
import { getInvoice, invoiceDto, listSeries, type InvoiceShop } from "~/features/invoices/invoices.server";
import { merchantActions } from "~/features/invoices/status";

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
