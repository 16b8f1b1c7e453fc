// Receives Shopify webhooks, bound to what the HMAC actually signs (the body only; see
// docs/decisions/035-webhook-binding.md). In order:
//   HMAC wrong → 401, nothing written
//   X-Shopify-Topic is not this route's topic → 401, nothing written
//   a signed body that is not JSON → 400, nothing written
//   the body names another shop than X-Shopify-Shop-Domain → 401, nothing written
//   the body does not match the topic's schema → 200, recorded "rejected" with the reason
//     (where it fails, never the values)
//   the body holds text no database can store (NUL, a lone surrogate) → 200, "rejected"
//   triggered longer ago than Shopify retries → 200, recorded "ignored" (stale)
//   a data topic for a shop that is not installed → 200, recorded "ignored"
//   otherwise the effect runs once, in the transaction that records the delivery id,
//   so a repeated delivery changes nothing. An effect that fails on the payload's
//   content (not the database) is rolled back and recorded "rejected": Shopify would
//   retry it forever for nothing. A failure of the database itself still answers 500
//   (Shopify retries), with an error that carries no part of the payload into the log.
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

/** The payload's named fields that always hold text (not the passthrough index signature). */
type TextField<P> = keyof {
  [K in keyof P as string extends K ? never : number extends K ? never : P[K] extends string ? K : never]: true;
} &
  string;

export type WebhookSpec<S extends z.ZodType> = {
  /** The topic this route receives, as Shopify writes it ("orders/create"). */
  topic: string;
  /** The payload's shape; anything else is rejected without running the effect. */
  payload: S;
  /**
   * The payload field naming the delivery's shop (its myshopify domain), for topics whose
   * payload names one. Compared with X-Shopify-Shop-Domain before the body is parsed.
   */
  shopField?: TextField<z.output<S>>;
  /** Runs even when the shop is not installed (lifecycle and compliance topics). */
  anyShop?: boolean;
  /** The effect deletes the shop's rows: the delivery record is kept apart from them. */
  deletesShop?: boolean;
  effect: (tx: Tx, ctx: WebhookContext<z.output<S>>) => Promise<void>;
};

type Outcome = "ignored" | "rejected";

/** Prisma's codes for a value the database cannot hold (too long, out of range, invalid): the body's fault. */
const VALUE_ERRORS = new Set(["P2000", "P2006", "P2007", "P2011", "P2012", "P2019", "P2020", "P2023", "P2033"]);
/** SQLSTATE class 22, data exception (numeric out of range, bad date-time, …): the value's fault too. */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

const codeOf = (error: Error): string | null => {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" || typeof code === "number" ? String(code) : null;
};

/** A failure of the database itself (Shopify should retry), as opposed to one of the payload's content. */
function isDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (error.name === "PrismaClientValidationError") return false;
  if (code && (VALUE_ERRORS.has(code) || DATA_EXCEPTION.test(code))) return false;
  const adapter = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } }).meta;
  const original = adapter?.driverAdapterError?.cause?.originalCode;
  if (typeof original === "string" && DATA_EXCEPTION.test(original)) return false;
  if (
    error.name === "PrismaClientUnknownRequestError" &&
    /Could not convert argument value|out of range/i.test(error.message)
  )
    return false;
  return (
    error.name.startsWith("PrismaClient") ||
    error.name === "DriverAdapterError" ||
    (!!code && /^(P\d{4}|\d{2}[0-9A-Z]{3}|SQLITE_)/.test(code))
  );
}

/**
 * The database failure rethrown for a 500 (Shopify retries): its name, code and stack
 * frames, not its message, which may quote the values written and so the payload.
 */
function withoutPayload(topic: string, error: Error): Error {
  const code = codeOf(error);
  const safe = new Error(`${topic}: the effect failed in the database (${error.name}${code ? ` ${code}` : ""})`);
  safe.name = "WebhookEffectError";
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join("\n");
  return Object.assign(safe, code ? { code } : {});
}

/** Where a payload fails its schema: the issues' paths, never the values. */
function issuePaths(error: z.ZodError): string {
  const paths = error.issues.map((issue) => issue.path.map(String).join(".") || "(body)");
  return [...new Set(paths)].slice(0, 10).join(", ");
}

/** The shop the raw payload names in `field`, when it holds text there. */
function namedShop(payload: unknown, field: string | undefined): string | null {
  if (!field || !payload || typeof payload !== "object" || Array.isArray(payload)) return null;
  const value = (payload as Record<string, unknown>)[field];
  return typeof value === "string" ? value : null;
}

const sameShop = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

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
  // Throws a 401 Response on a bad HMAC, a SyntaxError on a correctly signed body that is not JSON.
  let delivery: Awaited<ReturnType<ReturnType<typeof shopify>["authenticate"]["webhook"]>>;
  try {
    delivery = await shopify().authenticate.webhook(request);
  } catch (error) {
    // Anything else (the session lookup's database) is ours: Shopify retries.
    if (!(error instanceof SyntaxError)) throw error;
    return json({ error: "The body is not JSON." }, { status: 400 });
  }
  const { shop, webhookId, payload } = delivery;
  if (topicHeader !== spec.topic) return unauthorized();
  // Before the schema: a body naming another shop is refused whatever else it holds.
  const named = namedShop(payload, spec.shopField);
  if (named !== null && !sameShop(named, shop)) return unauthorized();

  let parsed: z.ZodSafeParseResult<z.output<S>>;
  let unstorable: string[];
  try {
    parsed = spec.payload.safeParse(payload ?? null);
    unstorable = parsed.success ? Object.keys(unstorableText(parsed.data)) : [];
  } catch (error) {
    const kind = error instanceof Error ? error.name : typeof error;
    return record(shop, webhookId, spec.topic, "rejected", `the payload could not be read (${kind})`);
  }
  if (!parsed.success)
    return record(
      shop,
      webhookId,
      spec.topic,
      "rejected",
      `payload does not match ${spec.topic}: ${issuePaths(parsed.error)}`,
    );
  // The schema requires the field, so a body reaching here names its shop.
  if (spec.shopField && !sameShop(String(parsed.data[spec.shopField]), shop)) return unauthorized();
  if (unstorable.length)
    return record(
      shop,
      webhookId,
      spec.topic,
      "rejected",
      `text that cannot be stored at: ${unstorable.slice(0, 10).join(", ")}`,
    );

  const shopRow = await prisma.shop.findUnique({ where: { domain: shop }, select: { id: true, uninstalledAt: true } });
  const recordedShopId = spec.deletesShop ? null : (shopRow?.id ?? null);
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
    if (isDatabaseError(error)) throw withoutPayload(spec.topic, error as Error);
    const kind = error instanceof Error ? error.name : typeof error;
    return record(shop, webhookId, spec.topic, "rejected", `the payload could not be applied (${kind})`);
  }
  return new Response(null, { status: 200 });
}
