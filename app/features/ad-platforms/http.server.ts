// Every call to an ad platform goes through `call()`: one transport (fetch, or the demo's replay),
// rate limits retried with exponential backoff up to a cap (Retry-After honoured), and each
// platform's error answer turned into a PlatformError whose message is the platform's own
// sentence with any token cut out (docs/decisions/087-ad-platforms.md).
import type { z } from "zod";

export type Transport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<Response>;

/** The real network; tests and the demo hand in their own. */
export const networkTransport: Transport = (url, init) => globalThis.fetch(url, init);

export type CallContext = {
  transport: Transport;
  sleep?: (ms: number) => Promise<void>;
  /** Retries of a rate-limited call before giving up (default 6). */
  maxRetries?: number;
  /** Secrets that must never appear in a message (the tokens in use, the client secret). */
  secrets?: string[];
};

export type FailureKind = "rate_limited" | "unauthorized" | "revoked" | "failed";

export class PlatformError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

/** A platform's reading of an answer: null when it is a success. */
export type Classify = (status: number, body: unknown) => { kind: FailureKind; message: string } | null;

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 30_000;

export function backoffDelay(attempt: number, retryAfterMs: number | null): number {
  const exponential = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return retryAfterMs === null ? exponential : Math.min(BACKOFF_CAP_MS, Math.max(retryAfterMs, 0));
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function redact(text: string, secrets: string[] = []): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 6) out = out.split(s).join("[redacted]");
  // Anything shaped like a bearer token or an access_token parameter, whoever echoed it.
  return out
    .replace(/(access_token|refresh_token|fb_exchange_token|client_secret|secret)=([^&\s"]+)/gi, "$1=[redacted]")
    .replace(/Bearer\s+[\w\-.~+/]+=*/gi, "Bearer [redacted]")
    .slice(0, 500);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * One request, retried while the platform says it is rate-limited; the answer parsed with
 * `schema`. A shape the platform did not document is a failure named as such, never a guess.
 */
export async function call<S extends z.ZodTypeAny>(
  ctx: CallContext,
  request: { url: string; method?: string; headers?: Record<string, string>; body?: string },
  classify: Classify,
  schema: S,
): Promise<z.infer<S>> {
  const sleep = ctx.sleep ?? defaultSleep;
  const maxRetries = ctx.maxRetries ?? 6;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await ctx.transport(request.url, {
        method: request.method ?? "GET",
        headers: request.headers ?? {},
        body: request.body,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PlatformError("failed", redact(`The platform could not be reached (${reason}).`, ctx.secrets));
    }
    const body = await readBody(response);
    const failure = classify(response.status, body);
    if (!failure) {
      const parsed = schema.safeParse(body);
      if (parsed.success) return parsed.data;
      const where = parsed.error.issues
        .slice(0, 3)
        .map((i) => i.path.join(".") || "(body)")
        .join(", ");
      throw new PlatformError("failed", `The platform's answer was not in the documented shape (${where}).`);
    }
    const wait = retryAfterMs(response.headers.get("retry-after"));
    if (failure.kind === "rate_limited" && attempt < maxRetries) {
      await sleep(backoffDelay(attempt, wait));
      continue;
    }
    throw new PlatformError(failure.kind, redact(failure.message, ctx.secrets), wait);
  }
}
