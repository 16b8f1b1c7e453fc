// The hosted invoice page's parts: an ad, how to pay (or that it is settled), the totals.
import { formatMoney } from "~/lib/money";
import { rateToPercentText } from "~/features/invoices/money";
import type { MarketingAd } from "~/features/invoices/schema";
import type { HostedInvoiceData } from "~/features/invoices/hosted.server";

export function Ad({ ad }: { ad: MarketingAd }) {
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

/** How to pay an open invoice (card, PayPal or the seller's instructions), or that it is settled. */
export function PaymentBox({
  open,
  payment,
  invoice,
  amount,
}: {
  open: boolean;
  payment: HostedInvoiceData["payment"];
  invoice: HostedInvoiceData["invoice"];
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

/** Subtotal, tax, shipping and the total, in the invoice's currency. */
export function HostedTotals({ invoice }: { invoice: HostedInvoiceData["invoice"] }) {
  const m = (minor: number) => formatMoney(minor, invoice.currency);
  return (
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
  );
}
