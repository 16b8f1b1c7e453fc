import type { ActionFunctionArgs } from "@remix-run/node";
import { orderEffect } from "../services/shopify-sync/webhook-effects.server";
import { receiveWebhook } from "../services/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, orderEffect);
}
