import type { ActionFunctionArgs } from "@remix-run/node";
import { recordDataRequest } from "~/features/privacy/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, async (tx, { shopId, webhookId, payload, receivedAt }) => {
    if (!shopId) return;
    await recordDataRequest(tx, shopId, {
      webhookId,
      customer: (payload.customer ?? {}) as { id?: number; email?: string },
      ordersRequested: Array.isArray(payload.orders_requested) ? payload.orders_requested : [],
      receivedAt,
    });
  });
}
