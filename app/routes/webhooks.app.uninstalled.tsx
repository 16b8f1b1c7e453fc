import type { ActionFunctionArgs } from "@remix-run/node";
import { markUninstalled } from "~/features/shop/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, (tx, { shopDomain, receivedAt }) => markUninstalled(tx, shopDomain, receivedAt));
}
