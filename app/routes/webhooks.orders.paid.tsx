import type { ActionFunctionArgs } from "@remix-run/node";
import { orderWebhookSchema } from "~/features/store-sync/index.server";
import { orderEffect } from "~/features/store-sync/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";
import { thenReevaluate, variantsOfOrder } from "~/features/inventory/index.server";

// Stock alerts and planning figures follow the order's sales (issue 14).
const effect = thenReevaluate(orderEffect, variantsOfOrder);

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, { topic: "orders/paid", payload: orderWebhookSchema, effect });
}
