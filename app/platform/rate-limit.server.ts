// Rate limits for the public endpoints (GDPR export requests, newsletter), per e-mail
// address and per client. The counters live in the database (rate-limiter-flexible's
// Prisma store, table RateLimiterFlexible), so every worker and every instance counts
// against the same numbers; see docs/decisions/024-public-rate-limits.md. Keys are
// stored as HMACs, never as the address itself.
import crypto from "node:crypto";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { json } from "~/platform/http.server";

const HOUR = 60 * 60;

/** The documented limits: points per duration (seconds). */
export const LIMITS = {
  exportByAddress: { keyPrefix: "gdpr-export-address", points: 3, duration: 24 * HOUR },
  exportByClient: { keyPrefix: "gdpr-export-client", points: 10, duration: HOUR },
  newsletterByClient: { keyPrefix: "newsletter-client", points: 10, duration: HOUR },
  newsletterByAddress: { keyPrefix: "newsletter-address", points: 5, duration: HOUR },
  // The hosted invoice PDF (anonymous; the token is the key): a customer opens it a few times.
  invoicePdfByToken: { keyPrefix: "invoice-pdf-token", points: 30, duration: HOUR },
  invoicePdfByClient: { keyPrefix: "invoice-pdf-client", points: 60, duration: HOUR },
  // Web Vitals reports from the admin (about one per page a staff member leaves); beyond it they are dropped.
  vitalsByClient: { keyPrefix: "vitals-client", points: 240, duration: HOUR },
} as const;

export type LimiterName = keyof typeof LIMITS;

let limiters: Record<LimiterName, RateLimiterPrisma> | null = null;

function limiter(name: LimiterName): RateLimiterPrisma {
  limiters ??= Object.fromEntries(
    (Object.keys(LIMITS) as LimiterName[]).map((n) => [
      n,
      new RateLimiterPrisma({ storeClient: prisma, tableName: "rateLimiterFlexible", ...LIMITS[n] }),
    ]),
  ) as Record<LimiterName, RateLimiterPrisma>;
  return limiters[name];
}

/** A stable pseudonym for a limiter key (an e-mail address or a client address). */
function pseudonym(key: string): string {
  return crypto.createHmac("sha256", env.signingSecret).update(key).digest("base64url").slice(0, 32);
}

/**
 * The client's address as the nearest proxy saw it: the last X-Forwarded-For entry
 * (earlier entries are whatever the client chose to send), else X-Real-IP. The
 * production server (scripts/serve.mjs) overwrites the header with the socket's
 * address unless TRUST_PROXY=1.
 */
export function clientKey(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
  return last || request.headers.get("x-real-ip")?.trim() || "unknown-client";
}

/** Consumes one point from each limiter; a 429 Response when any is exhausted. */
export async function consume(checks: [LimiterName, string][]): Promise<Response | null> {
  for (const [name, key] of checks) {
    try {
      await limiter(name).consume(pseudonym(key));
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        return json(
          { error: "Too many requests. Please try again later." },
          { status: 429, headers: { "Retry-After": String(retryAfter) } },
        );
      }
      throw error;
    }
  }
  return null;
}

/** For tests: forget every counter. */
export async function resetRateLimits() {
  await prisma.rateLimiterFlexible.deleteMany({});
}
