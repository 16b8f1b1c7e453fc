// POST /i/{token}/pay: sends the customer to Stripe Checkout for the invoice total
// (only when Stripe is configured and the invoice is payable by card).
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { env } from "~/env.server";
import { getInvoiceByToken } from "~/features/invoices/index.server";
import { createCheckoutSession } from "~/features/invoices/index.server";
import { HOSTED_PAGE_HEADERS } from "~/routes/i.$token";
import { publicOrigin } from "~/platform/http.server";
import { describeError } from "~/lib/log-safe";

export async function loader({ params }: ActionFunctionArgs) {
  return redirect(`/i/${params.token ?? ""}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const invoice = await getInvoiceByToken(params.token ?? "");
  if (!invoice || invoice.status === "draft")
    throw new Response("Invoice not found", { status: 404, headers: HOSTED_PAGE_HEADERS });
  const page = `/i/${invoice.publicToken}`;
  if (!env.stripe || invoice.paymentMethod !== "stripe" || !["sent", "overdue"].includes(invoice.status))
    return redirect(page);
  try {
    return redirect(await createCheckoutSession(invoice, publicOrigin(request)), 303);
  } catch (error) {
    console.error(`[invoices] payment link failed: ${describeError(error)}`);
    return new Response(
      "The card payment could not be started. Please try again in a moment or use the other payment options.",
      {
        status: 502,
        headers: { "Content-Type": "text/plain; charset=utf-8", ...HOSTED_PAGE_HEADERS },
      },
    );
  }
}
