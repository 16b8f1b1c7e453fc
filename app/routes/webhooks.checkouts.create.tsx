import type { ActionFunctionArgs } from "@remix-run/node";
import { checkoutEffect, checkoutWebhookSchema } from "~/features/engagement/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, { topic: "checkouts/create", payload: checkoutWebhookSchema, effect: checkoutEffect });
}
