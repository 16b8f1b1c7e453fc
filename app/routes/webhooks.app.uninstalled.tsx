import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveWebhook } from "../services/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, async (tx, { shopDomain, receivedAt }) => {
    await tx.session.deleteMany({ where: { shop: shopDomain } });
    await tx.shop.updateMany({ where: { domain: shopDomain }, data: { uninstalledAt: receivedAt } });
  });
}
