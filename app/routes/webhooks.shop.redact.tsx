import type { ActionFunctionArgs } from "@remix-run/node";
import { eraseShop } from "~/features/shop/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

// 48 hours after uninstall Shopify asks for all of the shop's data to go.
export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, (tx, { shopDomain }) => eraseShop(tx, shopDomain), { deletesShop: true });
}
