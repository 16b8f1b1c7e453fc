// POST /webhooks/stripe: Stripe tells us a Checkout payment for an invoice completed.
// Signed with STRIPE_WEBHOOK_SECRET; marking paid is idempotent (a repeated delivery
// finds the invoice already paid and changes nothing).
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "../db.server";
import { env } from "../env.server";
import { json, methodNotAllowed } from "../lib/http.server";
import { InvoiceError, markInvoicePaid } from "../models/invoices.server";
import { verifyStripeSignature } from "../services/stripe.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

type StripeEvent = { type?: string; data?: { object?: { id?: string; payment_status?: string; metadata?: { invoice_id?: string; shop_id?: string } } } };

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!env.stripe?.webhookSecret) return json({ error: "Stripe webhooks are not configured" }, { status: 404 });
  const payload = await request.text();
  if (!verifyStripeSignature(payload, request.headers.get("Stripe-Signature"), env.stripe.webhookSecret))
    return json({ error: "Invalid signature" }, { status: 400 });
  const event = JSON.parse(payload) as StripeEvent;
  const session = event.data?.object;
  if (event.type !== "checkout.session.completed" || session?.payment_status !== "paid") return json({ received: true });
  const invoiceId = session.metadata?.invoice_id;
  const shopId = session.metadata?.shop_id;
  if (!invoiceId || !shopId) return json({ received: true });
  const invoice = await prisma.invoice.findFirst({ where: { id: invoiceId, shopId }, select: { id: true } });
  if (!invoice) return json({ received: true });
  try {
    await markInvoicePaid({ id: shopId }, invoiceId, { actor: "stripe", detail: `Paid by card through the pay link (Stripe Checkout ${session.id ?? ""})`.trim() });
  } catch (error) {
    if (!(error instanceof InvoiceError && error.status === 409)) throw error;
  }
  return json({ received: true });
}
