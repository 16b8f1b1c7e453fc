// customers/redact (compliance): erase a customer's personal data.
import type { ActionFunctionArgs } from "@remix-run/node";
import { customerRedactWebhookSchema } from "~/features/privacy/index.server";
import { redactCustomer } from "~/features/privacy/index.server";
import { dropRedactedScores } from "~/features/customers/index.server";
import { lockShopRow } from "~/db.server";
import { receiveWebhook } from "~/platform/webhooks.server";

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(request, {
    topic: "customers/redact",
    payload: customerRedactWebhookSchema,
    shopField: "shop_domain",
    anyShop: true,
    effect: async (tx, { shopId, webhookId, payload, receivedAt }) => {
      if (!shopId) return;
      // Before any row of the customer's: a recompute in progress finishes first.
      await lockShopRow(tx, shopId);
      await redactCustomer(tx, shopId, {
        webhookId,
        customer: {
          id: payload.customer.id ?? undefined,
          email: payload.customer.email ?? undefined,
          phone: payload.customer.phone ?? undefined,
        },
        ordersToRedact: payload.orders_to_redact ?? [],
        receivedAt,
      });
      await dropRedactedScores(tx, shopId);
    },
  });
}
