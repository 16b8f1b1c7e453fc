// GET /i/{token}/pdf: the customer's copy of the invoice PDF. Served from the stored PDF
// of the invoice's current version (rendered once, off the request thread), and limited
// per token and per client so no anonymous caller can keep the renderer busy.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInvoiceByToken, invoicePdf, pdfFilename } from "~/features/invoices/index.server";
import { HOSTED_PAGE_HEADERS } from "~/routes/i.$token";
import { json, publicOrigin } from "~/platform/http.server";
import { clientKey, consume } from "~/platform/rate-limit.server";
import { PoolBusy } from "~/platform/worker-pool.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const invoice = await getInvoiceByToken(token);
  if (!invoice || invoice.status === "draft")
    throw new Response("Invoice not found", { status: 404, headers: HOSTED_PAGE_HEADERS });
  const limited = await consume([
    ["invoicePdfByToken", token],
    ["invoicePdfByClient", clientKey(request)],
  ]);
  if (limited) return limited;
  let pdf: Buffer;
  try {
    pdf = await invoicePdf(invoice.shop, invoice, { baseUrl: publicOrigin(request) });
  } catch (error) {
    if (!(error instanceof PoolBusy)) throw error;
    return json(
      { error: "The PDF is being prepared. Please try again in a few seconds." },
      { status: 503, headers: { ...HOSTED_PAGE_HEADERS, "Retry-After": "5" } },
    );
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...HOSTED_PAGE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdfFilename(invoice.number)}"`,
    },
  });
}
