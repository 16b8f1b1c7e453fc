// The hosted invoice page /i/{token}: public (the 192-bit token is the only key), never
// framed, never indexed. Shows the invoice and how to pay by its payment method, and
// records a "viewed" event in the invoice's timeline.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HostedInvoicePage } from "~/features/invoices";
import { hostedInvoiceView } from "~/features/invoices/index.server";
import { publicOrigin } from "~/platform/http.server";

export const HOSTED_PAGE_HEADERS = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  // The token is in the URL: never send it on to another site.
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
};

export const headers: HeadersFunction = () => HOSTED_PAGE_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Invoice ${data.invoice.number} · ${data.shopName}` : "Invoice not found" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const payment = new URL(request.url).searchParams.get("payment");
  const view = await hostedInvoiceView(params.token ?? "", publicOrigin(request), payment);
  if (!view) throw new Response("Invoice not found", { status: 404, headers: HOSTED_PAGE_HEADERS });
  return view;
}

export default function HostedInvoice() {
  return <HostedInvoicePage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return (
    <div className="hp" style={{ fontFamily: "system-ui, sans-serif", padding: 48, textAlign: "center" }}>
      <h1 style={{ fontSize: 22 }}>Invoice not found</h1>
      <p>This link is not valid. Please check the address in your e-mail, or contact the seller.</p>
    </div>
  );
}
