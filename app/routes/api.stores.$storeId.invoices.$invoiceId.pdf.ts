// GET /api/stores/{storeId}/invoices/{invoiceId}/pdf: the invoice as a PDF download.
import { getInvoice, invoicePdf, pdfFilename } from "~/features/invoices/index.server";
import { storeApi } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { publicOrigin } from "~/platform/http.server";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const loader = storeApi({
  permission: permissions.loader,
  handle: async ({ ctx, request, params }) => {
    const invoice = await getInvoice(ctx.shop, params.invoiceId);
    const pdf = await invoicePdf(ctx.shop, invoice, { baseUrl: publicOrigin(request) });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${pdfFilename(invoice.number)}"`,
        "Content-Length": String(pdf.length),
        "Cache-Control": "private, no-store",
      },
    });
  },
});
