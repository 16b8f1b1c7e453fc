import type { ActionFunctionArgs } from "@remix-run/node";
import { inventoryLevelWebhookSchema } from "~/features/store-sync/index.server";
import { inventoryLevelEffect } from "~/features/store-sync/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";
import { thenReevaluate, variantsOfInventoryItem } from "~/features/inventory/index.server";

// Stock alerts open and close as the stock changes (issue 14).
const effect = thenReevaluate(inventoryLevelEffect, variantsOfInventoryItem);

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, {
    topic: "inventory_levels/update",
    payload: inventoryLevelWebhookSchema,
    effect,
  });
}
