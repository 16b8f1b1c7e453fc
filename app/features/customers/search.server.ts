// The customer search on the server (docs/decisions/060-customer-search-index.md): which score
// rows match a typed text, as ids in the list's order or the export's, through an index on both
// engines. Three characters or more: a case-insensitive substring of the name or e-mail, through
// SQLite's FTS5 trigram table (CustomerScoreSearch) or PostgreSQL's pg_trgm GIN index. One or two
// characters, which no trigram index serves: the name (or, without one, the e-mail) starts with
// them, through the (shopId, sortName) index.
import { dialect, prisma } from "~/db.server";
import type { CustomerListQuery, CustomerSort } from "./query";
import { searchKey } from "./score-row";

type Filter = { sql: string; params: (string | number)[] };

const dollars = (text: string) => {
  if (dialect !== "postgresql") return text;
  let i = 0;
  return text.replace(/\?/g, () => `$${++i}`);
};

const all = (text: string, params: (string | number)[]) =>
  prisma.$queryRawUnsafe<Record<string, unknown>[]>(dollars(text), ...params);

/** The text just after every text that starts with `prefix` (its last character, plus one). */
function after(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  return chars.join("") + String.fromCodePoint(last + 1);
}

/**
 * Texts found more often than this in the trigram index are searched by reading the list in its
 * order and testing each row (the page fills within a few rows, the capped count within a few
 * thousand); rarer ones through the index (decision 060).
 */
export const COMMON_MATCHES = 2000;

/**
 * How a score row (alias s) is found for the typed search: the tables to read (`from`, with its
 * parameters first) and the condition. On SQLite the form also steers the planner: a rare text
 * reads the trigram index first (CROSS JOIN fixes that order; otherwise SQLite walks the shop's
 * rows and tests each against the index's list), a common one walks the list's own index order.
 */
export async function searchFilter(shopId: string, q: string): Promise<Filter & { from: string }> {
  const table = `"CustomerScore" s`;
  const needle = searchKey(q);
  const sqlite = dialect === "sqlite";
  if ([...needle].length < 3) {
    const prefix = q.toLowerCase();
    const range = { from: table, params: [prefix, after(prefix)] };
    if (!sqlite) return { ...range, sql: `s."sortName" >= ? AND s."sortName" < ?` };
    const [probe] = await all(
      `SELECT COUNT(*) AS "n" FROM (SELECT 1 FROM "CustomerScore" s WHERE s."shopId" = ? AND s."sortName" >= ? AND s."sortName" < ? LIMIT ?) t`,
      [shopId, prefix, after(prefix), COMMON_MATCHES],
    );
    // Unary + keeps SQLite from reading the many names in the range through their index.
    return Number(probe?.n ?? 0) >= COMMON_MATCHES
      ? { ...range, sql: `+s."sortName" >= ? AND +s."sortName" < ?` }
      : { ...range, sql: `s."sortName" >= ? AND s."sortName" < ?` };
  }
  // searchKey leaves no LIKE wildcard or escape character in the needle.
  const like = { from: table, sql: `s."searchText" LIKE ?`, params: [`%${needle}%`] };
  if (!sqlite) return like;
  // A quoted FTS5 phrase of trigrams: the rows whose text contains the needle.
  const phrase = `"${needle.replaceAll('"', '""')}"`;
  const [probe] = await all(
    `SELECT COUNT(*) AS "n" FROM (SELECT rowid FROM "CustomerScoreSearch" WHERE "CustomerScoreSearch" MATCH ? LIMIT ?) t`,
    [phrase, COMMON_MATCHES],
  );
  if (Number(probe?.n ?? 0) >= COMMON_MATCHES) return like;
  return {
    from: `(SELECT rowid AS "rid" FROM "CustomerScoreSearch" WHERE "CustomerScoreSearch" MATCH ?) f CROSS JOIN ${table}`,
    sql: `s.rowid = f."rid"`,
    params: [phrase],
  };
}

/** `FROM … WHERE …` for the shop's rows matching the view's segment and search, with its parameters in order. */
async function where(shopId: string, query: Pick<CustomerListQuery, "segment" | "q">): Promise<Filter> {
  const filter = await searchFilter(shopId, query.q);
  const fromParams = filter.from.includes("?") ? filter.params : [];
  const whereParams = filter.from.includes("?") ? [] : filter.params;
  return {
    sql: `${filter.from} WHERE s."shopId" = ?${query.segment ? ` AND s."segment" = ?` : ""} AND ${filter.sql}`,
    params: [...fromParams, shopId, ...(query.segment ? [query.segment] : []), ...whereParams],
  };
}

/** Matches, counted up to `cap + 1` (a common word stops early). */
export async function countMatches(shopId: string, query: Pick<CustomerListQuery, "segment" | "q">, cap: number) {
  const w = await where(shopId, query);
  const [row] = await all(`SELECT COUNT(*) AS "n" FROM (SELECT 1 FROM ${w.sql} LIMIT ?) t`, [...w.params, cap + 1]);
  return Number(row?.n ?? 0);
}

const ORDER_SQL: Record<CustomerSort, string> = {
  name: `s."sortName"`,
  orders: `s."orders"`,
  spent: `s."totalSpentMinor"`,
  lastOrder: `s."lastOrderAt"`,
  value: `s."predicted12mMinor"`,
};

/** One page of matching customer ids in the list's order (nullable sorts put the nulls last, as the list does). */
export async function matchingPage(
  shopId: string,
  query: Pick<CustomerListQuery, "segment" | "q" | "sort" | "dir">,
  skip: number,
  take: number,
): Promise<string[]> {
  const w = await where(shopId, query);
  const nulls = query.sort === "lastOrder" || query.sort === "value" ? " NULLS LAST" : "";
  const rows = await all(
    `SELECT s."customerId" FROM ${w.sql}
     ORDER BY ${ORDER_SQL[query.sort]} ${query.dir === "asc" ? "ASC" : "DESC"}${nulls}, s."customerId" ${query.dir === "asc" ? "ASC" : "DESC"}
     LIMIT ? OFFSET ?`,
    [...w.params, take, skip],
  );
  return rows.map((r) => r.customerId as string);
}

/** The next `take` matching customer ids after `afterId`, by id (the export's keyset). */
export async function matchingAfter(
  shopId: string,
  query: Pick<CustomerListQuery, "segment" | "q">,
  afterId: string | undefined,
  take: number,
): Promise<string[]> {
  const w = await where(shopId, query);
  const rows = await all(
    `SELECT s."customerId" FROM ${w.sql}${afterId ? ` AND s."customerId" > ?` : ""}
     ORDER BY s."customerId" ASC LIMIT ?`,
    [...w.params, ...(afterId ? [afterId] : []), take],
  );
  return rows.map((r) => r.customerId as string);
}
