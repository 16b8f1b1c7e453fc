// Card payments for invoices through Stripe Checkout, used only when STRIPE_SECRET_KEY
// is set. Plain HTTPS calls (no SDK) keep the dependency list short; the webhook
// signature is checked exactly as Stripe documents (HMAC-SHA256 of "t.payload").
import crypto from "node:crypto";
import { env } from "~/env.server";
import { InvoiceError } from "~/features/invoices/invoices.server";
import { markInvoicePaid } from "~/features/invoices/transitions.server";

type CheckoutInvoice = {
  id: string;
  shopId: string;
  number: string;
  currency: string;
  totalMinor: number;
  customerEmail: string;
  publicToken: string;
};

export async function createCheckoutSession(invoice: CheckoutInvoice, baseUrl: string): Promise<string> {
  if (!env.stripe) throw new Error("Stripe is not configured");
  const page = `${baseUrl}/i/${invoice.publicToken}`;
  const body = new URLSearchParams({
    mode: "payment",
    customer_email: invoice.customerEmail,
    client_reference_id: invoice.id,
    success_url: `${page}?payment=success`,
    cancel_url: `${page}?payment=cancelled`,
    "line_items[0][quantity]": "1",
    "line_items[0][price_data][currency]": invoice.currency.toLowerCase(),
    "line_items[0][price_data][unit_amount]": String(invoice.totalMinor),
    "line_items[0][price_data][product_data][name]": `Invoice ${invoice.number}`,
    "metadata[invoice_id]": invoice.id,
    "metadata[shop_id]": invoice.shopId,
    "payment_intent_data[metadata][invoice_id]": invoice.id,
  });
  const response = await fetch("https://api.stripe.com/v1/checkout/sessions", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${env.stripe.secretKey}`,
      "Content-Type": "application/x-www-form-urlencoded",
      // One session per invoice and amount, however often the button is pressed.
      "Idempotency-Key": `checkout-${invoice.id}-${invoice.totalMinor}-${Math.floor(Date.now() / 3_600_000)}`,
    },
    body,
  });
  const data = (await response.json().catch(() => ({}))) as { url?: string; error?: { message?: string } };
  if (!response.ok || !data.url) throw new Error(`Stripe Checkout failed: ${data.error?.message ?? response.status}`);
  return data.url;
}

/** Verifies a Stripe-Signature header ("t=…,v1=…") for the raw body; false when invalid or older than 5 minutes. */
export function verifyStripeSignature(
  payload: string,
  header: string | null,
  secret: string,
  now = Date.now(),
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header
      .split(",")
      .map((p) => p.split("=", 2) as [string, string])
      .filter((p) => p.length === 2),
  );
  const timestamp = Number(parts.t);
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  const signatures = header
    .split(",")
    .filter((p) => p.startsWith("v1="))
    .map((p) => p.slice(3));
  return signatures.some(
    (sig) => sig.length === expected.length && crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected)),
  );
}

export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex")}`;
}

type StripeEvent = {
  type?: string;
  data?: { object?: { id?: string; payment_status?: string; metadata?: { invoice_id?: string; shop_id?: string } } };
};

/**
 * A verified Stripe event: a paid Checkout session for one of our invoices marks it
 * paid (once; a repeated delivery finds it paid already). Anything else is ignored.
 */
export async function handleStripeEvent(payload: string): Promise<void> {
  let event: StripeEvent;
  try {
    event = JSON.parse(payload) as StripeEvent;
  } catch {
    return;
  }
  const session = event.data?.object;
  if (event.type !== "checkout.session.completed" || session?.payment_status !== "paid") return;
  const invoiceId = session.metadata?.invoice_id;
  const shopId = session.metadata?.shop_id;
  if (!invoiceId || !shopId) return;
  try {
    await markInvoicePaid({ id: shopId }, invoiceId, {
      actor: "stripe",
      detail: `Paid by card through the pay link (Stripe Checkout ${session.id ?? ""})`.trim(),
    });
  } catch (error) {
    // Not ours (404) or already paid (409): nothing to do.
    if (!(error instanceof InvoiceError && (error.status === 409 || error.status === 404))) throw error;
  }
}
