// Receives Shopify webhooks, bound to what the HMAC actually signs (the body only; see
// docs/decisions/035-webhook-binding.md). In order:
//   HMAC wrong → 401, nothing written
//   X-Shopify-Topic is not this route's topic → 401, nothing written
//   the body does not match the topic's schema → 200, recorded "rejected" with the reason
//   the body names another shop than X-Shopify-Shop-Domain → 401, nothing written
//   the body holds text no database can store (NUL, a lone surrogate) → 200, "rejected"
//   triggered longer ago than Shopify retries → 200, recorded "ignored" (stale)
//   a data topic for a shop that is not installed → 200, recorded "ignored"
//   otherwise the effect runs once, in the transaction that records the delivery id,
//   so a repeated delivery changes nothing. An effect that fails on the payload's
//   content (not the database) is rolled back and recorded "rejected": Shopify would
//   retry it forever for nothing.
import type { z } from "zod";
import { prisma, type Prisma } from "~/db.server";
import { env } from "~/env.server";
import { unstorableText } from "~/lib/text";
import { json } from "~/platform/http.server";
import { isUniqueViolation } from "~/platform/prisma-errors";
import { shopify } from "~/shopify.server";

/** Shopify retries a failed delivery 8 times over 4 hours; an hour more allows for clock skew. */
export const WEBHOOK_RETRY_WINDOW_MS = 5 * 60 * 60 * 1000;

export type WebhookContext<P = Record<string, unknown>> = {
  shopDomain: string;
  shopId: string | null;
  topic: string;
  webhookId: string;
  payload: P;
  receivedAt: Date;
};

type Tx = Prisma.TransactionClient;

export type WebhookSpec<S extends z.ZodType> = {
  /** The topic this route receives, as Shopify writes it ("orders/create"). */
  topic: string;
  /** The payload's shape; anything else is rejected without running the effect. */
  payload: S;
  /** The shop the signed payload names, for topics whose payload names one. */
  shopOf?: (payload: z.output<S>) => string;
  /** Runs even when the shop is not installed (lifecycle and compliance topics). */
  anyShop?: boolean;
  /** The effect deletes the shop's rows: the delivery record is kept apart from them. */
  deletesShop?: boolean;
  effect: (tx: Tx, ctx: WebhookContext<z.output<S>>) => Promise<void>;
};

type Outcome = "ignored" | "rejected";

/** Prisma's codes for a value the database cannot hold (too long, out of range, invalid): the body's fault. */
const VALUE_ERRORS = new Set(["P2000", "P2006", "P2007", "P2019", "P2020", "P2023", "P2033"]);

/** A failure of the database itself (Shopify should retry), as opposed to one of the payload's content. */
function isDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (error.name === "PrismaClientValidationError") return false;
  if (typeof code === "string" && VALUE_ERRORS.has(code)) return false;
  if (
    error.name === "PrismaClientUnknownRequestError" &&
    /Could not convert argument value|out of range/i.test(error.message)
  )
    return false;
  return (
    error.name.startsWith("PrismaClient") ||
    error.name === "DriverAdapterError" ||
    (typeof code === "string" && /^(P\d{4}|\d{2}[0-9A-Z]{3}|SQLITE_)/.test(code))
  );
}

function triggeredAt(request: Request): Date | null {
  const raw = request.headers.get("X-Shopify-Triggered-At");
  const at = raw ? new Date(raw) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/** A delivery acknowledged without its effect. Kept apart from the shop's rows: nothing proves it is the shop's. */
async function record(shopDomain: string, webhookId: string, topic: string, outcome: Outcome, reason: string) {
  try {
    await prisma.webhookDelivery.create({
      data: { shopDomain, webhookId, topic, shopId: null, outcome, reason: reason.slice(0, 500) },
    });
  } catch (error) {
    // The same delivery again: it was recorded the first time.
    if (!isUniqueViolation(error)) throw error;
  }
  return new Response(null, { status: 200 });
}

const unauthorized = () => json({ error: "Unauthorized" }, { status: 401 });

export async function receiveWebhook<S extends z.ZodType>(request: Request, spec: WebhookSpec<S>): Promise<Response> {
  if (request.method !== "POST")
    return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  if (!env.shopify) return json({ error: "Webhooks need Shopify credentials" }, { status: 401 });
  const topicHeader = request.headers.get("X-Shopify-Topic")?.trim().toLowerCase();
  // Throws a 401 Response on a bad HMAC. A correctly signed body that is not JSON is refused.
  let delivery: Awaited<ReturnType<ReturnType<typeof shopify>["authenticate"]["webhook"]>>;
  try {
    delivery = await shopify().authenticate.webhook(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    return json({ error: "The body is not JSON." }, { status: 400 });
  }
  const { shop, webhookId, payload } = delivery;
  if (topicHeader !== spec.topic) return unauthorized();

  const shopRow = await prisma.shop.findUnique({ where: { domain: shop }, select: { id: true, uninstalledAt: true } });
  const recordedShopId = spec.deletesShop ? null : (shopRow?.id ?? null);
  const parsed = spec.payload.safeParse(payload ?? null);
  if (!parsed.success) {
    const where = [...new Set(parsed.error.issues.map((i) => i.path.join(".") || "(body)"))].slice(0, 10).join(", ");
    return record(shop, webhookId, spec.topic, "rejected", `payload does not match ${spec.topic}: ${where}`);
  }
  if (spec.shopOf && spec.shopOf(parsed.data).toLowerCase() !== shop.toLowerCase()) return unauthorized();
  const unstorable = Object.keys(unstorableText(parsed.data));
  if (unstorable.length)
    return record(
      shop,
      webhookId,
      spec.topic,
      "rejected",
      `text that cannot be stored at: ${unstorable.slice(0, 10).join(", ")}`,
    );

  const receivedAt = new Date();
  const sent = triggeredAt(request);
  if (sent && receivedAt.getTime() - sent.getTime() > WEBHOOK_RETRY_WINDOW_MS)
    return record(shop, webhookId, spec.topic, "ignored", "stale: triggered before Shopify's retry window");
  if (!spec.anyShop && (!shopRow || shopRow.uninstalledAt))
    return record(shop, webhookId, spec.topic, "ignored", "the shop is not installed");

  const ctx: WebhookContext<z.output<S>> = {
    shopDomain: shop,
    shopId: shopRow?.id ?? null,
    topic: spec.topic,
    webhookId,
    payload: parsed.data,
    receivedAt,
  };
  try {
    await prisma.$transaction(async (tx) => {
      await tx.webhookDelivery.create({
        data: { shopDomain: shop, webhookId, topic: spec.topic, shopId: recordedShopId },
      });
      await spec.effect(tx, ctx);
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
    if (isDatabaseError(error)) throw error;
    const kind = error instanceof Error ? error.name : typeof error;
    return record(shop, webhookId, spec.topic, "rejected", `the payload could not be applied (${kind})`);
  }
  return new Response(null, { status: 200 });
}
