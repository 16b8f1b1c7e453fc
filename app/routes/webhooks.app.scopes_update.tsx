import type { ActionFunctionArgs } from "@remix-run/node";
import { updateGrantedScopes } from "~/features/shop/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, (tx, { shopDomain, payload }) =>
    updateGrantedScopes(tx, shopDomain, Array.isArray(payload.current) ? payload.current.map(String) : []),
  );
}
