// POST /webhooks/stripe: Stripe tells us a Checkout payment for an invoice completed.
// Signed with STRIPE_WEBHOOK_SECRET; marking paid is idempotent.
import type { ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { json, methodNotAllowed } from "~/platform/http.server";
import { handleStripeEvent, verifyStripeSignature } from "~/features/invoices/index.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!env.stripe?.webhookSecret) return json({ error: "Stripe webhooks are not configured" }, { status: 404 });
  const payload = await request.text();
  if (!verifyStripeSignature(payload, request.headers.get("Stripe-Signature"), env.stripe.webhookSecret))
    return json({ error: "Invalid signature" }, { status: 400 });
  await handleStripeEvent(payload);
  return json({ received: true });
}
