// GET /i/{token}/pdf: the customer's copy of the invoice PDF.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getInvoiceByToken } from "~/features/invoices/index.server";
import { invoicePdf, pdfFilename } from "~/features/invoices/index.server";
import { HOSTED_PAGE_HEADERS } from "~/routes/i.$token";
import { publicOrigin } from "~/platform/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const invoice = await getInvoiceByToken(params.token ?? "");
  if (!invoice || invoice.status === "draft")
    throw new Response("Invoice not found", { status: 404, headers: HOSTED_PAGE_HEADERS });
  const pdf = await invoicePdf(invoice.shop, invoice, { baseUrl: publicOrigin(request) });
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...HOSTED_PAGE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdfFilename(invoice.number)}"`,
    },
  });
}
