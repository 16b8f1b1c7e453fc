// shop/redact (compliance): 48 hours after uninstall Shopify asks for all of the shop's data to go.
import type { ActionFunctionArgs } from "@remix-run/node";
import { shopRedactWebhookSchema } from "~/features/privacy/index.server";
import { eraseShop } from "~/features/shop/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, {
    topic: "shop/redact",
    payload: shopRedactWebhookSchema,
    shopField: "shop_domain",
    anyShop: true,
    deletesShop: true,
    effect: (tx, { shopDomain }) => eraseShop(tx, shopDomain),
  });
}
