// The hosted invoice page (/i/{token}) as the customer sees it: the seller, the invoice, its
// lines and totals, how to pay, and the merchant's ads around it.
import { formatMoney } from "~/lib/money";
import { statusLabel } from "~/features/invoices/status";
import type { HostedInvoiceData } from "~/features/invoices/hosted.server";
import { HOSTED_PAGE_CSS } from "~/features/invoices/components/hosted-page-css";
import { Ad, HostedTotals, PaymentBox } from "~/features/invoices/components/HostedInvoiceParts";

export function HostedInvoicePage({ data }: { data: HostedInvoiceData }) {
  const { shopName, shopEmail, businessAddress, logoUrl, payment, ads, invoice, paymentResult } = data;
  const m = (minor: number) => formatMoney(minor, invoice.currency);
  const open = invoice.status === "sent" || invoice.status === "overdue";
  return (
    <div className="hp">
      <style dangerouslySetInnerHTML={{ __html: HOSTED_PAGE_CSS }} />
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
          <HostedTotals invoice={invoice} />

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
