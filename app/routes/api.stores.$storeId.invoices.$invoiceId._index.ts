// GET /api/stores/{storeId}/invoices/{invoiceId}: one invoice with its timeline and series.
import { json, publicOrigin } from "~/platform/http.server";
import { getInvoice, invoiceDto, listSeries } from "~/features/invoices/index.server";
import { merchantActions } from "~/features/invoices";
import { storeApi } from "~/features/shop/index.server";

export const loader = storeApi({
  handle: async ({ ctx, request, params }) => {
    const invoice = await getInvoice(ctx.shop, params.invoiceId);
    const series = invoice.seriesId ? await listSeries(ctx.shop, invoice.seriesId) : [];
    return json(
      {
        ...invoiceDto(invoice, publicOrigin(request)),
        actions: merchantActions(invoice.status),
        timeline: invoice.events.map((e) => ({ id: e.id, type: e.type, actor: e.actor, detail: e.detail, at: e.createdAt.toISOString() })),
        series: series.map((s) => ({ id: s.id, invoiceNumber: s.number, status: s.status, issueDate: s.issueDate, totalMinor: s.totalMinor, currency: s.currency })),
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
});
