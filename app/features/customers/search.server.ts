// The customer search (decision 060): the score rows matching a typed text, as ids in the list's
// or the export's order. Three characters or more: a case-insensitive substring of the name or
// e-mail, through a trigram index (SQLite's FTS5 CustomerScoreSearch, PostgreSQL's pg_trgm). One
// or two: the name (else the e-mail) starts with them, through the (shopId, sortName) index.
import type { RawBuilder } from "kysely";
import { dialect, sql, sqlOn } from "~/db.server";
import { SORT_COLUMN, type CustomerListQuery } from "./query";
import { searchKey } from "./score-row";

/** A statement's rows, through the typed path's `sql` tag (parameters bound in the order written). */
const all = async <R>(query: RawBuilder<R>) => (await query.execute(sqlOn())).rows;
const countOf = async (query: RawBuilder<{ n: number }>) => Number((await all(query))[0]?.n ?? 0);

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
 * How a score row (alias s) is found for the typed search: the tables to read (`from`) and the
 * condition. On SQLite the form also steers the planner: a rare text reads the trigram index
 * first (CROSS JOIN fixes that order; otherwise SQLite walks the shop's rows and tests each
 * against the index's list), a common one walks the list's own index order.
 */
async function searchFilter(
  shopId: string,
  q: string,
  withValue: boolean,
): Promise<{ from: RawBuilder<unknown>; where: RawBuilder<unknown> }> {
  // The value sort's key is CustomerValue's (alias v; decision 108): every score row has one.
  const table = withValue
    ? sql`"CustomerScore" s JOIN "CustomerValue" v ON v."shopId" = s."shopId" AND v."customerId" = s."customerId"`
    : sql`"CustomerScore" s`;
  const needle = searchKey(q);
  const sqlite = dialect === "sqlite";
  if ([...needle].length < 3) {
    const [prefix, end] = [q.toLowerCase(), after(q.toLowerCase())];
    const range = sql`s."sortName" >= ${prefix} AND s."sortName" < ${end}`;
    if (!sqlite) return { from: table, where: range };
    const n = await countOf(
      sql`SELECT COUNT(*) AS "n" FROM (SELECT 1 FROM ${table} WHERE s."shopId" = ${shopId} AND ${range} LIMIT ${COMMON_MATCHES}) t`,
    );
    // Unary + keeps SQLite from reading the many names in the range through their index.
    const common = sql`+s."sortName" >= ${prefix} AND +s."sortName" < ${end}`;
    return { from: table, where: n >= COMMON_MATCHES ? common : range };
  }
  // searchKey leaves no LIKE wildcard or escape character in the needle.
  const like = { from: table, where: sql`s."searchText" LIKE ${`%${needle}%`}` };
  if (!sqlite) return like;
  // A quoted FTS5 phrase of trigrams: the rows whose text contains the needle.
  const phrase = `"${needle.replaceAll('"', '""')}"`;
  const n = await countOf(
    sql`SELECT COUNT(*) AS "n" FROM (SELECT rowid FROM "CustomerScoreSearch" WHERE "CustomerScoreSearch" MATCH ${phrase} LIMIT ${COMMON_MATCHES}) t`,
  );
  if (n >= COMMON_MATCHES) return like;
  return {
    from: sql`(SELECT rowid AS "rid" FROM "CustomerScoreSearch" WHERE "CustomerScoreSearch" MATCH ${phrase}) f CROSS JOIN ${table}`,
    where: sql`s.rowid = f."rid"`,
  };
}

/** `FROM … WHERE …` for the shop's rows matching the view's segment and search (`withValue`: and their values). */
async function where(shopId: string, query: Pick<CustomerListQuery, "segment" | "q">, withValue = false) {
  const filter = await searchFilter(shopId, query.q, withValue);
  const segment = query.segment ? sql` AND s."segment" = ${query.segment}` : sql``;
  return sql`${filter.from} WHERE s."shopId" = ${shopId}${segment} AND ${filter.where}`;
}

/** Matches, counted up to `cap + 1` (a common word stops early). */
export async function countMatches(shopId: string, query: Pick<CustomerListQuery, "segment" | "q">, cap: number) {
  const w = await where(shopId, query);
  return countOf(sql`SELECT COUNT(*) AS "n" FROM (SELECT 1 FROM ${w} LIMIT ${cap + 1}) t`);
}

/** One page of matching customer ids in the list's order (nullable sorts put the nulls last, as the list does). */
export async function matchingPage(
  shopId: string,
  query: Pick<CustomerListQuery, "segment" | "q" | "sort" | "dir">,
  skip: number,
  take: number,
): Promise<string[]> {
  const w = await where(shopId, query, query.sort === "value");
  const dir = query.dir === "asc" ? "ASC" : "DESC";
  const nulls = query.sort === "lastOrder" || query.sort === "value" ? " NULLS LAST" : "";
  // Ties by the id of the table that holds the sort key, so its index gives the whole order.
  const t = query.sort === "value" ? "v" : "s";
  const order = sql.raw(`${t}."${SORT_COLUMN[query.sort]}" ${dir}${nulls}, ${t}."customerId" ${dir}`);
  const rows = await all(
    sql<{ customerId: string }>`SELECT s."customerId" FROM ${w} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`,
  );
  return rows.map((r) => r.customerId);
}

/** The next `take` matching customer ids after `afterId`, by id (the export's keyset). */
export async function matchingAfter(
  shopId: string,
  query: Pick<CustomerListQuery, "segment" | "q">,
  afterId: string | undefined,
  take: number,
): Promise<string[]> {
  const w = await where(shopId, query);
  const keyset = afterId ? sql` AND s."customerId" > ${afterId}` : sql``;
  const rows = await all(
    sql<{ customerId: string }>`SELECT s."customerId" FROM ${w}${keyset} ORDER BY s."customerId" ASC LIMIT ${take}`,
  );
  return rows.map((r) => r.customerId);
}
