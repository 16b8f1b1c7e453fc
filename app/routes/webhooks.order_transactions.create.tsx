import type { ActionFunctionArgs } from "@remix-run/node";
import { transactionEffect, transactionWebhookSchema } from "~/features/store-sync/index.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, {
    topic: "order_transactions/create",
    payload: transactionWebhookSchema,
    effect: transactionEffect,
  });
}
