// customers/data_request (compliance): a customer asked the shop for their data.
import type { ActionFunctionArgs } from "@remix-run/node";
import { dataRequestWebhookSchema } from "~/features/privacy/index.server";
import { recordDataRequest } from "~/features/privacy/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, {
    topic: "customers/data_request",
    payload: dataRequestWebhookSchema,
    shopField: "shop_domain",
    anyShop: true,
    effect: async (tx, { shopId, webhookId, payload, receivedAt }) => {
      if (!shopId) return;
      await recordDataRequest(tx, shopId, {
        webhookId,
        customer: { id: payload.customer.id ?? undefined, email: payload.customer.email ?? undefined },
        ordersRequested: payload.orders_requested ?? [],
        receivedAt,
      });
    },
  });
}
