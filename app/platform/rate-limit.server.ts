// Rate limits for the public endpoints (GDPR export requests, newsletter), per
// e-mail address and per client. In-memory (rate-limiter-flexible): one app process
// serves the public site; see docs/decisions/024-public-rate-limits.md.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { json } from "~/platform/http.server";

const HOUR = 60 * 60;

export const limiters = {
  exportByAddress: new RateLimiterMemory({ keyPrefix: "gdpr-export-address", points: 3, duration: 24 * HOUR }),
  exportByClient: new RateLimiterMemory({ keyPrefix: "gdpr-export-client", points: 10, duration: HOUR }),
  newsletterByClient: new RateLimiterMemory({ keyPrefix: "newsletter-client", points: 10, duration: HOUR }),
  newsletterByAddress: new RateLimiterMemory({ keyPrefix: "newsletter-address", points: 5, duration: HOUR }),
};

export type LimiterName = keyof typeof limiters;

/**
 * The client's address as the nearest proxy saw it: the last X-Forwarded-For entry
 * (earlier entries are whatever the client chose to send), else X-Real-IP.
 */
export function clientKey(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return last || request.headers.get("x-real-ip")?.trim() || "unknown-client";
}

/** Consumes one point from each limiter; a 429 Response when any is exhausted. */
export async function consume(checks: [LimiterName, string][]): Promise<Response | null> {
  for (const [name, key] of checks) {
    try {
      await limiters[name].consume(key);
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
  // RateLimiterMemory keeps its counters per key; deleting the known keys is not possible
  // without tracking them, so each limiter gets a fresh store.
  for (const name of Object.keys(limiters) as LimiterName[]) {
    const old = limiters[name];
    limiters[name] = new RateLimiterMemory({ keyPrefix: old.keyPrefix, points: old.points, duration: old.duration });
  }
}
