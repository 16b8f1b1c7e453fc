// GET /api/stores/{storeId}/invoices/{invoiceId}/pdf: the invoice as a PDF download.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInvoice } from "~/features/invoices/index.server";
import { assertOwnStore, requireAdmin } from "~/features/shop/index.server";
import { invoiceErrorResponse } from "~/features/invoices/index.server";
import { invoicePdf, pdfFilename } from "~/features/invoices/index.server";
import { publicOrigin } from "~/platform/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request);
  assertOwnStore(ctx, params.storeId);
  try {
    const invoice = await getInvoice(ctx.shop, params.invoiceId ?? "");
    const pdf = await invoicePdf(ctx.shop, invoice, { baseUrl: publicOrigin(request) });
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${pdfFilename(invoice.number)}"`,
        "Content-Length": String(pdf.length),
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    return invoiceErrorResponse(error);
  }
}
