// app_subscriptions/update: keeps the stored plan in step with the shop's Shopify
// subscription (approved, cancelled, declined, expired or frozen outside the app).
import type { ActionFunctionArgs } from "@remix-run/node";
import { subscriptionWebhookSchema } from "~/features/billing/index.server";
import { applySubscription, subscriptionFromWebhook } from "~/features/billing/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, {
    topic: "app_subscriptions/update",
    payload: subscriptionWebhookSchema,
    anyShop: true,
    effect: async (tx, { shopId, payload, receivedAt }) => {
      const subscription = subscriptionFromWebhook(payload);
      if (!shopId || !subscription) return;
      await applySubscription(tx, shopId, subscription, receivedAt);
    },
  });
}
