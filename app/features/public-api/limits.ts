// The public API's limits per shop (product decisions "Prices and plans"): calls per UTC hour
// and per UTC month by plan; Enterprise (unlimited) has a per-minute ceiling against abuse.
// Pure: the windows and headers. Counting is limits.server.ts.

/** Enterprise's secondary limit: calls per minute. */
export const ABUSE_PER_MINUTE = 1_000;

export type WindowKind = "hourly" | "monthly" | "minute";

const pad = (n: number) => String(n).padStart(2, "0");

/** The window's key and when it resets (UTC). */
export function windowOf(kind: WindowKind, now: Date): { key: string; resetsAt: Date; seconds: number } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const h = now.getUTCHours();
  if (kind === "monthly")
    return {
      key: `m:${y}-${pad(m + 1)}`,
      resetsAt: new Date(Date.UTC(y, m + 1, 1)),
      seconds: Math.round((Date.UTC(y, m + 1, 1) - Date.UTC(y, m, 1)) / 1000),
    };
  if (kind === "hourly")
    return {
      key: `h:${y}-${pad(m + 1)}-${pad(d)}T${pad(h)}`,
      resetsAt: new Date(Date.UTC(y, m, d, h + 1)),
      seconds: 3600,
    };
  const min = now.getUTCMinutes();
  return {
    key: `i:${y}-${pad(m + 1)}-${pad(d)}T${pad(h)}:${pad(min)}`,
    resetsAt: new Date(Date.UTC(y, m, d, h, min + 1)),
    seconds: 60,
  };
}

export type WindowUse = { kind: WindowKind; limit: number | null; used: number; resetsAt: Date; seconds: number };

/**
 * The IETF RateLimit fields and GitHub's X-RateLimit-* for the hourly window (the monthly quota
 * is a second policy). An unlimited window is left out of the policies.
 */
export function rateLimitHeaders(windows: WindowUse[], now: Date): Record<string, string> {
  const limited = windows.filter((w) => w.limit !== null);
  const headers: Record<string, string> = {};
  if (!limited.length) return headers;
  const secondsLeft = (w: WindowUse) => Math.max(0, Math.ceil((w.resetsAt.getTime() - now.getTime()) / 1000));
  const remaining = (w: WindowUse) => Math.max(0, (w.limit as number) - w.used);
  headers["RateLimit-Policy"] = limited.map((w) => `"${w.kind}";q=${w.limit};w=${w.seconds}`).join(", ");
  headers["RateLimit"] = limited.map((w) => `"${w.kind}";r=${remaining(w)};t=${secondsLeft(w)}`).join(", ");
  const primary = limited.find((w) => w.kind === "hourly") ?? limited[0];
  headers["X-RateLimit-Limit"] = String(primary.limit);
  headers["X-RateLimit-Remaining"] = String(remaining(primary));
  headers["X-RateLimit-Reset"] = String(Math.ceil(primary.resetsAt.getTime() / 1000));
  return headers;
}

/** How long a window is kept: minute and hourly windows only count calls; the months (this one and 12 before) are the usage history. */
export const KEEP = { minute: 2 * 3600_000, hourly: 48 * 3600_000, monthlyMonths: 13 } as const;

/** Window keys below which each kind's rows are old enough to delete (keys of one kind sort by time). */
export function pruneBefore(now: Date): Record<WindowKind, string> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (KEEP.monthlyMonths - 1), 1));
  return {
    minute: windowOf("minute", new Date(now.getTime() - KEEP.minute)).key,
    hourly: windowOf("hourly", new Date(now.getTime() - KEEP.hourly)).key,
    monthly: windowOf("monthly", monthStart).key,
  };
}
