// Receives Shopify webhooks: verifies the HMAC (401 otherwise, nothing written),
// and runs each delivery's effect once, in the same transaction that records the
// delivery id, so a repeated delivery changes nothing.
import { prisma, type Prisma } from "~/db.server";
import { env } from "~/env.server";
import { json } from "~/platform/http.server";
import { shopify } from "~/shopify.server";
import { isUniqueViolation } from "~/platform/prisma-errors";

export type WebhookContext = {
  shopDomain: string;
  shopId: string | null;
  topic: string;
  webhookId: string;
  payload: Record<string, unknown>;
  receivedAt: Date;
};

type Effect = (tx: Prisma.TransactionClient, ctx: WebhookContext) => Promise<void>;

export async function receiveWebhook(request: Request, effect: Effect, options: { deletesShop?: boolean } = {}) {
  if (request.method !== "POST")
    return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  if (!env.shopify) return json({ error: "Webhooks need Shopify credentials" }, { status: 401 });
  // Throws a 401 Response on a bad HMAC.
  const { shop, topic, webhookId, payload } = await shopify().authenticate.webhook(request);
  const shopRow = await prisma.shop.findUnique({ where: { domain: shop }, select: { id: true } });
  const ctx: WebhookContext = {
    shopDomain: shop,
    shopId: shopRow?.id ?? null,
    topic: String(topic),
    webhookId,
    payload: (payload ?? {}) as Record<string, unknown>,
    receivedAt: new Date(),
  };
  try {
    await prisma.$transaction(async (tx) => {
      await tx.webhookDelivery.create({
        data: {
          shopDomain: shop,
          webhookId,
          topic: ctx.topic,
          // The shop's rows are about to go; keep the delivery record apart from them.
          shopId: options.deletesShop ? null : ctx.shopId,
        },
      });
      await effect(tx, ctx);
    });
  } catch (error) {
    // A repeated delivery collides on the delivery record; a unique violation raised by
    // the effect itself rolled everything back and must be retried by Shopify (500).
    if (isUniqueViolation(error)) {
      const seen = await prisma.webhookDelivery.findUnique({
        where: { shopDomain_webhookId: { shopDomain: shop, webhookId } },
      });
      if (seen) return new Response(null, { status: 200 });
    }
    throw error;
  }
  return new Response(null, { status: 200 });
}
