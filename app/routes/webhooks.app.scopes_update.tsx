// app/scopes_update: the scopes the merchant has granted now.
import type { ActionFunctionArgs } from "@remix-run/node";
import { scopesUpdateWebhookSchema, updateGrantedScopes } from "~/features/shop/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, {
    topic: "app/scopes_update",
    payload: scopesUpdateWebhookSchema,
    anyShop: true,
    effect: (tx, { shopDomain, payload }) => updateGrantedScopes(tx, shopDomain, payload.current),
  });
}
