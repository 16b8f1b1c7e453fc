// GET /api/stores/{storeId}/invoices/{invoiceId}/pdf: the invoice as a PDF download.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInvoice } from "../models/invoices.server";
import { assertOwnStore, requireAdmin } from "../services/admin-context.server";
import { baseUrlFor, invoiceErrorResponse } from "../services/invoice-api.server";
import { invoicePdf, pdfFilename } from "../services/invoice-mail.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request);
  assertOwnStore(ctx, params.storeId);
  try {
    const invoice = await getInvoice(ctx.shop, params.invoiceId ?? "");
    const pdf = await invoicePdf(ctx.shop, invoice, { baseUrl: baseUrlFor(request) });
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
