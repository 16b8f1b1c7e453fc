// One way to answer a /api/v1 call (docs/decisions/099-public-api.md): request id → body size
// (413) → Bearer key (401) → method (405) → scope (403) → the path's store must be the key's
// shop (404) → query and body through the endpoint's schemas (400 with `param`) → an
// Idempotency-Key replay → the shop's limits (429) → the handler → its data through the
// response schema, in the spec's envelope. A refused call writes nothing; nothing echoes the key.
import crypto from "node:crypto";
import type { z } from "zod";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { FieldError } from "~/lib/forms";
import { unstorableText } from "~/lib/text";
import { isHttpAnswerable, publicOrigin } from "~/platform/http.server";
import { isContention, isUniqueViolation } from "~/platform/prisma-errors";
import { allows } from "./keys";
import { markKeyUsed, verifyApiKey, type KeyFailure, type ApiShop, type VerifiedKey } from "./keys.server";
import { rateLimitHeaders } from "./limits";
import { countCall } from "./limits.server";
import { API_VERSION, type Endpoint } from "./schemas";

/** Largest request body a v1 call may send (the server cuts longer ones with the same 413). */
export const V1_BODY_LIMIT = 64 * 1024;

type ErrorType =
  "invalid_request_error" | "authentication_error" | "permission_error" | "rate_limit_error" | "api_error";

/** A refusal a handler (or this wrapper) answers with; `param` names the offending field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    readonly type: ErrorType = status === 401
      ? "authentication_error"
      : status === 403
        ? "permission_error"
        : status === 429
          ? "rate_limit_error"
          : "invalid_request_error",
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const KEY_FAILURES: Record<KeyFailure, [string, string]> = {
  missing: ["api_key_missing", "Send your API key as Authorization: Bearer pp_live_…"],
  malformed: ["api_key_invalid", "The Authorization header is not a Bearer API key."],
  unknown: ["api_key_invalid", "This API key is not valid."],
  revoked: ["api_key_revoked", "This API key has been revoked."],
  expired: ["api_key_expired", "This API key has expired."],
};

export const docUrl = (code: string) => `${publicOrigin()}/api-docs#error-${code}`;

function respond(status: number, payload: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(payload), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}

export function errorBody(e: ApiError) {
  return {
    success: false,
    data: null,
    error: { type: e.type, code: e.code, message: e.message, param: e.param, doc_url: docUrl(e.code) },
    timestamp: new Date().toISOString(),
  };
}

/** The first failing field of a zod error as `param` and its message. */
function invalid(error: z.ZodError, where: "query" | "body"): ApiError {
  const issue = error.issues[0];
  const param = issue?.path.length ? issue.path.join(".") : null;
  return new ApiError(
    400,
    where === "body" ? "body_invalid" : "parameter_invalid",
    issue?.message ?? "Invalid request.",
    param,
  );
}

export type V1Context<E extends Endpoint> = {
  shop: ApiShop;
  key: VerifiedKey;
  /** Who the audit log names for a write: the key, by its name and last four (never the secret). */
  actor: { shop: ApiShop; staff: { email: string; name: string } };
  params: E["params"] extends z.ZodType ? z.output<E["params"]> : Record<string, never>;
  query: E["query"] extends z.ZodType ? z.output<E["query"]> : Record<string, never>;
  body: E["body"] extends z.ZodType ? z.output<E["body"]> : undefined;
  request: Request;
};

/** What a handler answers: data that its response schema accepts, and a status (200 by default). */
export type V1Answer = { status?: number; data: unknown };

const ID = /^[A-Za-z0-9_-]{1,100}$/;

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > V1_BODY_LIMIT)
    throw new ApiError(413, "body_too_large", `The request body is over ${V1_BODY_LIMIT} bytes.`);
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "body_invalid", "The request body must be JSON.");
  }
}

/** A feature's refusal as the API's error: a FieldError names its first field, an answerable error keeps its code. */
function knownError(error: unknown, endpoint: Endpoint): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof FieldError) {
    const [param, messages] = Object.entries(error.fieldErrors)[0] ?? [null, []];
    return new ApiError(400, endpoint.body ? "body_invalid" : "parameter_invalid", messages[0] ?? error.message, param);
  }
  // Lost a race for the database (concurrent writes): nothing was written; the caller may retry.
  if (isContention(error))
    return new ApiError(503, "database_busy", "The store is busy with other writes; retry shortly.", null, "api_error");
  if (isHttpAnswerable(error)) {
    const body = error.responseBody();
    const code =
      error.status === 404 ? "resource_missing" : typeof body.code === "string" ? body.code : "request_refused";
    return new ApiError(error.status, code, String(body.error ?? error.message));
  }
  return null;
}

/** A loader (or action) answering one v1 endpoint. */
export function v1Api<E extends Endpoint>(endpoint: E, handle: (ctx: V1Context<E>) => Promise<V1Answer>) {
  return async ({ request, params }: { request: Request; params: Record<string, string | undefined> }) => {
    const requestId = `req_${crypto.randomBytes(12).toString("hex")}`;
    const base: Record<string, string> = { "X-Request-Id": requestId, "X-API-Version": API_VERSION };
    let limitHeaders: Record<string, string> = {};
    let idem: { id: string } | null = null;
    try {
      const length = Number(request.headers.get("content-length") ?? 0);
      if (length > V1_BODY_LIMIT)
        throw new ApiError(413, "body_too_large", `The request body is over ${V1_BODY_LIMIT} bytes.`);
      if (!env.apiKeySecret)
        throw new ApiError(503, "api_disabled", "The public API is not configured on this server.", null, "api_error");
      const verified = await verifyApiKey(request.headers.get("authorization"));
      if (!verified.ok) throw new ApiError(401, ...KEY_FAILURES[verified.reason]);
      const key = verified.key;
      if (request.method.toLowerCase() !== endpoint.method)
        throw new ApiError(405, "method_not_allowed", `Use ${endpoint.method.toUpperCase()} for this endpoint.`);
      if (!allows(key.scopes, endpoint.scope))
        throw new ApiError(403, "insufficient_scope", `This key lacks the ${endpoint.scope} scope.`);
      for (const [name, value] of Object.entries(params))
        if (value !== undefined && !ID.test(value)) throw new ApiError(404, "resource_missing", "Not found.", name);
      if ("storeId" in params && params.storeId !== key.shopId)
        throw new ApiError(404, "resource_missing", "No such store.", "storeId");
      const shop = key.shop;

      const url = new URL(request.url);
      const query = endpoint.query ? endpoint.query.safeParse(Object.fromEntries(url.searchParams)) : null;
      if (query && !query.success) throw invalid(query.error, "query");
      let body: unknown = undefined;
      let fingerprint = "";
      if (endpoint.body) {
        const raw = await readBody(request);
        const unstorable = Object.keys(unstorableText(raw));
        if (unstorable.length)
          throw new ApiError(400, "body_invalid", "Remove control or broken characters.", unstorable[0]);
        const parsed = endpoint.body.safeParse(raw);
        if (!parsed.success) throw invalid(parsed.error, "body");
        body = parsed.data;
        // A body's storeId, like the path's, must be the key's shop.
        if (
          typeof (body as { storeId?: unknown }).storeId === "string" &&
          (body as { storeId: string }).storeId !== key.shopId
        )
          throw new ApiError(404, "resource_missing", "No such store.", "storeId");
        fingerprint = JSON.stringify(raw);
      }
      // The request an Idempotency-Key stands for: method, path and body (a body-less POST is its path).
      fingerprint = crypto
        .createHash("sha256")
        .update(`${request.method} ${url.pathname}\n${fingerprint}`)
        .digest("hex");

      // Idempotency-Key (POST): the first answer is kept and replayed; another body is refused.
      const idemKey = endpoint.method === "post" ? request.headers.get("idempotency-key") : null;
      if (idemKey !== null) {
        if (!/^[\x21-\x7e]{1,255}$/.test(idemKey))
          throw new ApiError(400, "idempotency_key_invalid", "Idempotency-Key must be 1 to 255 visible characters.");
        const seen = await prisma.apiIdempotentRequest.findUnique({
          where: { shopId_key: { shopId: shop.id, key: idemKey } },
        });
        if (seen && seen.requestHash !== fingerprint)
          throw new ApiError(422, "idempotency_key_reused", "This Idempotency-Key was used with another request.");
        if (seen && seen.status === 0)
          throw new ApiError(409, "idempotency_key_in_use", "A request with this Idempotency-Key is still running.");
        if (seen) return respond(seen.status, JSON.parse(seen.body), { ...base, "Idempotent-Replayed": "true" });
      }

      const counted = await countCall(shop);
      limitHeaders = rateLimitHeaders(counted.windows, new Date());
      if (!counted.ok && counted.refusedBy) {
        const retry = Math.max(1, Math.ceil((counted.refusedBy.resetsAt.getTime() - Date.now()) / 1000));
        limitHeaders["Retry-After"] = String(retry);
        throw new ApiError(
          429,
          counted.refusedBy.kind === "monthly" ? "monthly_quota_exceeded" : "rate_limit_exceeded",
          counted.refusedBy.kind === "monthly"
            ? "This store has used its plan's API calls for this month."
            : `This store has made its plan's ${counted.refusedBy.kind === "hourly" ? "hourly" : "per-minute"} number of API calls. Retry after ${retry} seconds.`,
        );
      }
      await markKeyUsed(key);
      if (idemKey !== null) {
        try {
          idem = await prisma.apiIdempotentRequest.create({
            data: { shopId: shop.id, key: idemKey, requestHash: fingerprint, status: 0, body: "" },
            select: { id: true },
          });
        } catch (error) {
          if (isUniqueViolation(error))
            throw new ApiError(409, "idempotency_key_in_use", "A request with this Idempotency-Key is still running.");
          throw error;
        }
      }
      const answer = await handle({
        shop,
        key,
        actor: { shop, staff: { email: `api-key:…${key.lastFour}`, name: `API key ${key.name}` } },
        params: params as never,
        query: (query?.data ?? {}) as never,
        body: body as never,
        request,
      });
      const payload = {
        success: true,
        data: endpoint.response.parse(answer.data),
        error: null,
        timestamp: new Date().toISOString(),
      };
      const status = answer.status ?? 200;
      if (idem)
        await prisma.apiIdempotentRequest.update({
          where: { id: idem.id },
          data: { status, body: JSON.stringify(payload) },
        });
      return respond(status, payload, { ...base, ...limitHeaders });
    } catch (error) {
      const known = knownError(error, endpoint);
      if (idem) await prisma.apiIdempotentRequest.deleteMany({ where: { id: idem.id } });
      if (!known) {
        console.error(`[api/v1] ${requestId} failed: ${error instanceof Error ? error.name : "error"}`);
        return respond(
          500,
          errorBody(new ApiError(500, "internal_error", "Something went wrong.", null, "api_error")),
          base,
        );
      }
      return respond(known.status, errorBody(known), {
        ...base,
        ...limitHeaders,
        ...(known.status === 405 ? { Allow: endpoint.method.toUpperCase() } : {}),
        ...(known.code === "database_busy" ? { "Retry-After": "1" } : {}),
      });
    }
  };
}
