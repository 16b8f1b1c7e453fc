import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveWebhook } from "../services/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, async (tx, { shopDomain, payload }) => {
    const current = Array.isArray(payload.current) ? payload.current.map(String) : [];
    await tx.session.updateMany({ where: { shop: shopDomain }, data: { scope: current.join(",") } });
  });
}
