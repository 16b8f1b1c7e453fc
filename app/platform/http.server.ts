// JSON answers for the API routes: field errors with 400, plain messages otherwise,
// and never a stack trace.
import { env } from "~/env.server";
import type { FieldErrors } from "~/lib/forms";

/**
 * The origin links to this app are built on: PUBLIC_SITE_URL or SHOPIFY_APP_URL from the
 * configuration, else (the demo) the local server on its configured port. Never the
 * request's Host header, which the caller chooses: a link e-mailed to a customer must not
 * point wherever a request said it came from. The request argument is accepted for call
 * sites that have one, and ignored.
 */
export function publicOrigin(_request?: Request): string {
  return env.publicUrl ?? `http://localhost:${env.port}`;
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function badRequest(fieldErrors: FieldErrors, message = "Please correct the highlighted fields."): Response {
  return json({ error: message, fieldErrors }, { status: 400 });
}

export function methodNotAllowed(allow: string[]): Response {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: allow.join(", ") } });
}

/** Freshness windows (docs/product/api.md#freshness) as private cache headers (the data is per shop). */
export function cacheFor(seconds: number): HeadersInit {
  return { "Cache-Control": `private, max-age=${seconds}`, Vary: "Authorization, Cookie" };
}

export const FRESHNESS = {
  analytics: 300,
  profitMetrics: 300,
  productCosts: 600,
  operatingExpenses: 600,
  loyalty: 300,
  digitalAssets: 600,
  engagement: 300,
  privacy: 600,
} as const;

/**
 * An error that knows its own HTTP answer (a feature's rule refused the request: 404,
 * 409, 422 …), so generic code can answer it without knowing the feature.
 */
export interface HttpAnswerableError extends Error {
  readonly status: number;
  responseBody(): Record<string, unknown>;
}

export function isHttpAnswerable(error: unknown): error is HttpAnswerableError {
  return (
    error instanceof Error &&
    typeof (error as Partial<HttpAnswerableError>).status === "number" &&
    typeof (error as Partial<HttpAnswerableError>).responseBody === "function"
  );
}

/** Reads a JSON body; a malformed body is a 400, not a 500. */
export async function readJson(
  request: Request,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  try {
    return { ok: true, body: await request.json() };
  } catch {
    return { ok: false, response: json({ error: "The request body must be JSON." }, { status: 400 }) };
  }
}
