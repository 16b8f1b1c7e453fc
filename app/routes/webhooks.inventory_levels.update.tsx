import type { ActionFunctionArgs } from "@remix-run/node";
import { inventoryLevelWebhookSchema } from "~/features/store-sync/index.server";
import { inventoryLevelEffect } from "~/features/store-sync/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, {
    topic: "inventory_levels/update",
    payload: inventoryLevelWebhookSchema,
    effect: inventoryLevelEffect,
  });
}
