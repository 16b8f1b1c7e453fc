// GET /api/stores/{storeId}/invoices/{invoiceId}: one invoice with its timeline and series.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, publicOrigin } from "~/platform/http.server";
import { getInvoice, invoiceDto, listSeries } from "~/features/invoices/index.server";
import { merchantActions } from "~/features/invoices";
import { assertOwnStore, requireAdmin } from "~/features/shop/index.server";
import { invoiceErrorResponse } from "~/features/invoices/index.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request);
  assertOwnStore(ctx, params.storeId);
  try {
    const invoice = await getInvoice(ctx.shop, params.invoiceId ?? "");
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
  } catch (error) {
    return invoiceErrorResponse(error);
  }
}
