// app/uninstalled: the shop removed the app. The payload is the shop, which names itself.
import type { ActionFunctionArgs } from "@remix-run/node";
import { appUninstalledWebhookSchema, markUninstalled } from "~/features/shop/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, {
    topic: "app/uninstalled",
    payload: appUninstalledWebhookSchema,
    shopField: "myshopify_domain",
    anyShop: true,
    effect: (tx, { shopDomain, receivedAt }) => markUninstalled(tx, shopDomain, receivedAt),
  });
}
