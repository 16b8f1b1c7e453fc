// The hosted invoice page /i/{token}: public (the 192-bit token is the only key), never
// framed, never indexed. Shows the invoice and how to pay by its payment method, and
// records a "viewed" event in the invoice's timeline.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dayInZone } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { rateToPercentText } from "~/features/invoices";
import { getInvoiceByToken, invoicePresentation, recordInvoiceView } from "~/features/invoices/index.server";
import { statusLabel } from "~/features/invoices";
import type { MarketingAd } from "~/features/invoices";
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
  const invoice = await getInvoiceByToken(params.token ?? "");
  if (!invoice || invoice.status === "draft")
    throw new Response("Invoice not found", { status: 404, headers: HOSTED_PAGE_HEADERS });
  await recordInvoiceView(invoice);
  const { hostedUrl: _hostedUrl, ...presentation } = await invoicePresentation(invoice.shop, invoice, {
    baseUrl: publicOrigin(request),
  });
  const url = new URL(request.url);
  return {
    ...presentation,
    paymentResult: url.searchParams.get("payment"),
    invoice: {
      number: invoice.number,
      status: invoice.status,
      currency: invoice.currency,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      paidAt: invoice.paidAt ? dayInZone(invoice.paidAt, invoice.shop.timezone) : null,
      customerName: invoice.customerName,
      customerEmail: invoice.customerEmail,
      taxRate: invoice.taxRate,
      subtotalMinor: invoice.subtotalMinor,
      taxMinor: invoice.taxMinor,
      shippingMinor: invoice.shippingMinor,
      totalMinor: invoice.totalMinor,
      items: invoice.items.map((i) => ({
        title: i.title,
        quantity: i.quantity,
        unitPriceMinor: i.unitPriceMinor,
        lineTotalMinor: i.lineTotalMinor,
      })),
      pdfUrl: `/i/${invoice.publicToken}/pdf`,
      payUrl: `/i/${invoice.publicToken}/pay`,
    },
  };
}

const css = `
  body{margin:0}
  .hp{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a;background:#f1f2f4;min-height:100vh;margin:0;padding:32px 16px;box-sizing:border-box}
  .hp *{box-sizing:border-box}
  .hp-wrap{max-width:960px;margin:0 auto;display:flex;gap:20px;align-items:flex-start}
  .hp-main{flex:1;min-width:0;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:32px}
  .hp-side{width:240px;flex-shrink:0}
  .hp-row{display:flex;justify-content:space-between;gap:16px;flex-wrap:wrap}
  .hp-muted{color:#616161}
  .hp-h1{font-size:28px;margin:0}
  .hp-badge{display:inline-block;border-radius:8px;padding:2px 10px;font-size:13px;font-weight:600;background:#e3e3e3}
  .hp-badge.paid{background:#cdfee1;color:#0c5132}.hp-badge.sent{background:#e0f0ff;color:#00527c}.hp-badge.overdue{background:#fedad9;color:#8e1f0b}
  .hp table{width:100%;border-collapse:collapse;margin-top:24px}
  .hp th{text-align:left;border-bottom:2px solid #1a1a1a;padding:8px 4px;font-size:13px}
  .hp td{border-bottom:1px solid #e3e3e3;padding:8px 4px}
  .hp .num{text-align:right;white-space:nowrap}
  .hp-totals{margin-left:auto;width:280px;margin-top:12px}
  .hp-totals div{display:flex;justify-content:space-between;padding:3px 0}
  .hp-total{font-weight:700;font-size:18px;border-top:2px solid #1a1a1a;margin-top:4px;padding-top:6px!important}
  .hp-pay{margin-top:28px;margin-bottom:16px;border:1px solid #005bd3;border-radius:10px;padding:20px}
  .hp-btn{display:inline-block;background:#005bd3;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px;font-weight:600;text-decoration:none;cursor:pointer}
  .hp-ad{background:#fff;border:1px solid #e3e3e3;border-radius:10px;padding:14px;margin-bottom:14px}
  .hp-ad img{max-width:100%;border-radius:6px;margin-bottom:8px}
  .hp-ad a{color:#005bd3}
  .hp-note{border-radius:8px;padding:12px;margin-bottom:16px}
  .hp-foot{margin-top:24px;font-size:13px}
  .hp-foot a{color:#005bd3}
  @media (max-width:720px){.hp-wrap{flex-direction:column}.hp-side{width:100%}.hp-main{padding:20px}}
`;

function Ad({ ad }: { ad: MarketingAd }) {
  return (
    <aside className="hp-ad" aria-label="Offer">
      {ad.imageUrl ? <img src={ad.imageUrl} alt="" referrerPolicy="no-referrer" /> : null}
      <strong>{ad.title}</strong>
      {ad.description ? (
        <p className="hp-muted" style={{ margin: "4px 0 0" }}>
          {ad.description}
        </p>
      ) : null}
      {ad.linkUrl ? (
        <p style={{ margin: "6px 0 0" }}>
          <a href={ad.linkUrl} rel="noopener noreferrer nofollow" target="_blank">
            Learn more
          </a>
        </p>
      ) : null}
    </aside>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** How to pay an open invoice (card, PayPal or the seller's instructions), or that it is settled. */
function PaymentBox({
  open,
  payment,
  invoice,
  amount,
}: {
  open: boolean;
  payment: LoaderData["payment"];
  invoice: LoaderData["invoice"];
  amount: string;
}) {
  return open ? (
    <section className="hp-pay" aria-labelledby="pay-heading">
      <h2 id="pay-heading" style={{ marginTop: 0, fontSize: 18 }}>
        How to pay
      </h2>
      {payment.kind === "stripe" ? (
        <form method="post" action={invoice.payUrl}>
          <button type="submit" className="hp-btn">
            {payment.label} · {amount}
          </button>
        </form>
      ) : payment.kind === "paypal" ? (
        <a className="hp-btn" href={payment.url} rel="noopener noreferrer">
          {payment.label} · {amount}
        </a>
      ) : (
        <p style={{ whiteSpace: "pre-line", margin: 0 }}>{payment.text}</p>
      )}
    </section>
  ) : invoice.status === "paid" ? (
    <p className="hp-pay" style={{ borderColor: "#29845a" }}>
      This invoice was paid{invoice.paidAt ? ` on ${invoice.paidAt}` : ""}. Thank you!
    </p>
  ) : (
    <p className="hp-pay" style={{ borderColor: "#8a8a8a" }}>
      This invoice was voided and is not payable.
    </p>
  );
}

export default function HostedInvoice() {
  const { shopName, shopEmail, businessAddress, logoUrl, payment, ads, invoice, paymentResult } =
    useLoaderData<typeof loader>();
  const m = (minor: number) => formatMoney(minor, invoice.currency);
  const open = invoice.status === "sent" || invoice.status === "overdue";
  return (
    <div className="hp">
      <style dangerouslySetInnerHTML={{ __html: css }} />
      <div className="hp-wrap">
        <main className="hp-main">
          {ads.top.map((ad) => (
            <Ad key={ad.id} ad={ad} />
          ))}
          {paymentResult === "success" && open ? (
            <p className="hp-note" style={{ background: "#e0f0ff" }}>
              Thank you. Your payment is being confirmed; this page will show it as paid shortly.
            </p>
          ) : null}
          {paymentResult === "cancelled" && open ? (
            <p className="hp-note" style={{ background: "#fff1e3" }}>
              The payment was cancelled. You can try again below.
            </p>
          ) : null}
          <div className="hp-row">
            <div>
              {logoUrl ? (
                <img src={logoUrl} alt={`${shopName} logo`} style={{ maxHeight: 56, marginBottom: 8 }} />
              ) : null}
              <div style={{ fontWeight: 700, fontSize: 18 }}>{shopName}</div>
              {businessAddress ? (
                <div className="hp-muted" style={{ whiteSpace: "pre-line" }}>
                  {businessAddress}
                </div>
              ) : null}
              {shopEmail ? <div className="hp-muted">{shopEmail}</div> : null}
            </div>
            <div style={{ textAlign: "right" }}>
              <h1 className="hp-h1">Invoice {invoice.number}</h1>
              <span className={`hp-badge ${invoice.status}`}>{statusLabel(invoice.status)}</span>
            </div>
          </div>
          <div className="hp-row" style={{ marginTop: 24 }}>
            <div>
              <div className="hp-muted">Billed to</div>
              <div>{invoice.customerName}</div>
              <div className="hp-muted">{invoice.customerEmail}</div>
            </div>
            <div style={{ textAlign: "right" }}>
              <div>
                <span className="hp-muted">Issued</span> {invoice.issueDate}
              </div>
              <div>
                <span className="hp-muted">Due</span> {invoice.dueDate}
              </div>
              {invoice.paidAt ? (
                <div>
                  <span className="hp-muted">Paid</span> {invoice.paidAt}
                </div>
              ) : null}
              <div style={{ fontSize: 24, fontWeight: 700, marginTop: 6 }} data-testid="amount-due">
                {m(invoice.totalMinor)}
              </div>
            </div>
          </div>
          <table>
            <thead>
              <tr>
                <th>Item</th>
                <th className="num">Qty</th>
                <th className="num">Unit price</th>
                <th className="num">Line total</th>
              </tr>
            </thead>
            <tbody>
              {invoice.items.map((item, i) => (
                <tr key={i}>
                  <td>{item.title}</td>
                  <td className="num">{item.quantity}</td>
                  <td className="num">{m(item.unitPriceMinor)}</td>
                  <td className="num">{m(item.lineTotalMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="hp-totals">
            <div>
              <span className="hp-muted">Subtotal</span>
              <span>{m(invoice.subtotalMinor)}</span>
            </div>
            <div>
              <span className="hp-muted">Tax ({rateToPercentText(invoice.taxRate)}%)</span>
              <span>{m(invoice.taxMinor)}</span>
            </div>
            <div>
              <span className="hp-muted">Shipping</span>
              <span>{m(invoice.shippingMinor)}</span>
            </div>
            <div className="hp-total">
              <span>Total {invoice.currency}</span>
              <span>{m(invoice.totalMinor)}</span>
            </div>
          </div>

          <PaymentBox open={open} payment={payment} invoice={invoice} amount={m(invoice.totalMinor)} />
          {ads.bottom.map((ad) => (
            <Ad key={ad.id} ad={ad} />
          ))}
          <p className="hp-foot hp-muted">
            <a href={invoice.pdfUrl} download>
              Download PDF
            </a>{" "}
            · Questions? Reply to the invoice e-mail{shopEmail ? ` or write to ${shopEmail}` : ""}.
          </p>
        </main>
        {ads.sidebar.length ? (
          <div className="hp-side">
            {ads.sidebar.map((ad) => (
              <Ad key={ad.id} ad={ad} />
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="hp" style={{ fontFamily: "system-ui, sans-serif", padding: 48, textAlign: "center" }}>
      <h1 style={{ fontSize: 22 }}>Invoice not found</h1>
      <p>This link is not valid. Please check the address in your e-mail, or contact the seller.</p>
    </div>
  );
}
