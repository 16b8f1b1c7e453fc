import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveWebhook } from "../services/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

// 48 hours after uninstall Shopify asks for all of the shop's data to go: every
// shop-owned row cascades from the shop.
export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(
    request,
    async (tx, { shopDomain }) => {
      await tx.session.deleteMany({ where: { shop: shopDomain } });
      await tx.shop.deleteMany({ where: { domain: shopDomain } });
    },
    { deletesShop: true },
  );
}
