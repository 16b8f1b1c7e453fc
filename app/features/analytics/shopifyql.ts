// Reading ShopifyQL answers (docs/decisions/050-metrics-registry.md): the queries the daily
// traffic job sends, and the parsing of their table data into traffic and funnel rows. Pure,
// so the recorded response shapes in shopifyql.test.ts reach it without a network.

/** A ShopifyQL day range literal: both ends are days in the shop's time zone. */
const range = (from: string, to: string) => `SINCE ${from} UNTIL ${to}`;

/** Sessions per day and referrer source (the `sessions` schema). */
export function trafficQuery(from: string, to: string): string {
  return `FROM sessions SHOW sessions GROUP BY referrer_source TIMESERIES day ${range(from, to)}`;
}

/**
 * The funnel per day: sessions, cart additions and completed checkouts. These are columns of
 * Shopify's `sessions` schema (decision 065); it has no count of sessions with a product view,
 * so that step is not read for a connected store (FunnelDay.productViews is null there: "not reported", never 0).
 */
export function funnelQuery(from: string, to: string): string {
  return (
    "FROM sessions SHOW sessions, sessions_with_cart_additions, sessions_that_completed_checkout " +
    `TIMESERIES day ${range(from, to)}`
  );
}

export type TableData = { columns: { name: string }[]; rows: unknown };

/** Rows as objects keyed by column name, whether Shopify sent objects or arrays by column. */
export function rowsOf(table: TableData): Record<string, unknown>[] {
  if (!Array.isArray(table.rows)) return [];
  return table.rows.map((row) => {
    if (Array.isArray(row)) return Object.fromEntries(table.columns.map((c, i) => [c.name, row[i]]));
    return row && typeof row === "object" ? (row as Record<string, unknown>) : {};
  });
}

const num = (v: unknown): number => {
  const n = typeof v === "number" ? v : Number(String(v ?? "").replace(/,/g, ""));
  return Number.isFinite(n) ? Math.round(n) : 0;
};

/** "2026-11-03", "2026-11-03T00:00:00…" → "2026-11-03"; anything else is not a day. */
export function dayOf(v: unknown): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(String(v ?? ""));
  return m ? m[1] : null;
}

/** Shopify's referrer sources in the app's words (the order attribution uses the same). */
export function sourceOf(referrer: unknown): string {
  const s = String(referrer ?? "")
    .trim()
    .toLowerCase();
  if (!s || s === "unknown" || s === "null") return "unknown";
  // Paid first: "Paid search" and "Paid social" are paid traffic, not organic (decision 093).
  if (s.includes("paid") || /\bads?\b/.test(s)) {
    if (s.includes("search")) return "paid_search";
    if (s.includes("social")) return "paid_social";
    return "paid";
  }
  if (s.includes("search")) return "organic_search";
  if (s.includes("direct")) return "direct";
  if (s.includes("social")) return "social";
  if (s.includes("email") || s.includes("e-mail")) return "email";
  return "referral";
}

export type TrafficRow = { day: string; source: string; sessions: number };
export type FunnelRow = {
  day: string;
  visitors: number;
  /** Always null here: Shopify does not report it (see funnelQuery). */
  productViews: number | null;
  addToCart: number;
  purchases: number;
};

export function trafficRows(table: TableData): TrafficRow[] {
  const sums = new Map<string, TrafficRow>();
  for (const r of rowsOf(table)) {
    const day = dayOf(r.day);
    if (!day) continue;
    const source = sourceOf(r.referrer_source);
    const key = `${day}|${source}`;
    const row = sums.get(key) ?? { day, source, sessions: 0 };
    row.sessions += num(r.sessions);
    sums.set(key, row);
  }
  return [...sums.values()].filter((r) => r.sessions > 0);
}

export function funnelRows(table: TableData): FunnelRow[] {
  return rowsOf(table).flatMap((r) => {
    const day = dayOf(r.day);
    if (!day) return [];
    return [
      {
        day,
        visitors: num(r.sessions),
        // Not in the sessions schema (see funnelQuery): stored as "not reported", never as 0.
        productViews: null,
        addToCart: num(r.sessions_with_cart_additions),
        purchases: num(r.sessions_that_completed_checkout),
      },
    ];
  });
}

export type SyncStatus = "ok" | "missing_scope" | "missing_pcd" | "failed" | "never";

/** What the Analytics screen says for each state of the traffic read. */
export const SYNC_MESSAGES: Record<Exclude<SyncStatus, "ok">, string> = {
  missing_scope:
    "Sessions, traffic sources and the funnel need the read_reports access. Reinstall or update the app's access in Shopify to grant it.",
  missing_pcd:
    "Shopify has not approved this app's access to protected customer data, which its session reports require. Until it does, sessions and the funnel are missing (not zero).",
  failed: "The last read of Shopify's analytics failed; it is retried daily.",
  never:
    "Sessions and the funnel have not been read from Shopify's analytics yet; the first read runs shortly after install.",
};

/** Whether an Admin API error means the protected customer data approval is missing. */
export function isProtectedDataError(message: string, code: string | null): boolean {
  return code === "ACCESS_DENIED" || /protected customer data|level 2 access/i.test(message);
}
