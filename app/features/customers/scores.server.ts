// Keeps every customer's scores, segment, lifetime value and churn risk current:
// recomputeShop for the whole shop (after an import and nightly), rescoreCustomer for one
// customer inside the webhook transaction that changed their orders or details.
import { z } from "zod";
import { dialect, prisma, type Prisma } from "~/db.server";
import {
  bulkId,
  inSqlTransaction,
  insertRows,
  marks,
  type SqlRunner,
  type SqlValue,
} from "~/platform/sql-runner.server";
import { prefetchAside, readColumnsAside } from "~/platform/sql-columns.server";
import { chunks } from "~/lib/chunks";
import { dayInZone } from "~/lib/dates";
import { describeError } from "~/lib/log-safe";
import { fitShopModelOf, predictFrom, type ShopModel } from "./clv";
import { shown } from "./derived";
import { slides, staleSummaries, SummaryColumns } from "./columns";
import {
  DAY_TOKENS,
  daysSince,
  DEFAULT_SEGMENT_SETTINGS,
  figuresFrom,
  RULE_KINDS,
  RULE_SEGMENT,
  ruleInto,
  ruleOf,
  ruleTemplate,
  ruleText,
  rankColumns,
  scoresAgainst,
  scoresAt,
  SEGMENTS,
  type CustomerFigures,
  type CutPoints,
  type RuleKind,
  type RuleMatch,
  type Scores,
  type Segment,
  type SegmentSettings,
} from "./rfm";
import {
  dropReadSnapshot,
  readCustomers,
  recordOwnWrites,
  startUnlisted,
  unlistedWrites,
  storedDigest,
  type OwnWrite,
  type TakenRead,
} from "./read-snapshot.server";
import { sameOrders, summarize, SUMMARY_FIELDS, validFor, type OrderSummary } from "./summary";

type Db = typeof prisma | Prisma.TransactionClient;
export type ScoreShop = { id: string; timezone: string };

const DAY_MS = 86_400_000;
/** The fitted lifetime-value model is reused for a day; the nightly recompute refits it. */
const REFIT_AFTER_MS = 20 * 60 * 60 * 1000;

export async function getSegmentSettings(db: Db, shopId: string): Promise<SegmentSettings> {
  return settingsOf(await db.customerSegmentSettings.findUnique({ where: { shopId } }));
}

/** What the search columns are made of. */
type Names = { firstName: string | null; lastName: string | null; email: string | null };

export const displayName = (c: { firstName: string | null; lastName: string | null }) =>
  [c.firstName, c.lastName].filter(Boolean).join(" ").trim();

/**
 * The search key: lower case, with LIKE's wildcards (% and _) and PostgreSQL's escape character
 * (\\) swapped for private-use characters, in the stored text and in the typed search alike, so
 * a substring search through LIKE '%…%' matches exactly what was typed on both engines.
 */
export function searchKey(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, (ch) => (ch === "%" ? "\uE000" : ch === "_" ? "\uE001" : "\uE002"));
}

const searchTextOf = (c: Names) => searchKey(`${displayName(c)} ${c.email ?? ""}`.trim());

type ScoreRow = Prisma.CustomerScoreCreateManyInput;

/** What a customer is scored against: the shop's ranking (or its stored cut points), bands, thresholds and model. */
type Scoring = {
  bands: 3 | 5;
  settings: SegmentSettings;
  model: ShopModel;
};

/**
 * One customer's computed figures as of a run's instant, before any text or row object is built.
 * No prediction: the lifetime value, churn risk and next order move with the clock and with each
 * refit, so they are derived when read (decision 073); a row stores what they are derived from.
 */
type Computed = {
  s: OrderSummary | null;
  figures: CustomerFigures;
  scores: Scores | null;
  rule: RuleMatch;
  model: ShopModel;
};

function compute(
  s: OrderSummary | null,
  figures: CustomerFigures,
  scores: Scores | null,
  scoring: Scoring,
  createdDays: number | null,
): Computed {
  return {
    s,
    figures,
    scores,
    rule: ruleOf(figures, scores, scoring.bands, scoring.settings, createdDays),
    model: scoring.model,
  };
}

/** The search columns, from the customer's name and e-mail. */
const searchColumnsOf = (c: Names) => ({
  searchText: searchTextOf(c),
  sortName: (displayName(c) || c.email || "").toLowerCase(),
});

/** Whether a stored row's search columns no longer match the customer's name and e-mail. */
const namesMoved = (names: Names, searchText: unknown, sortName: unknown) => {
  const now = searchColumnsOf(names);
  return now.searchText !== searchText || now.sortName !== sortName;
};

/** The names in a row of values: firstName, lastName, email. */
const namesIn = (v: readonly unknown[]): Names => ({
  firstName: v[0] as string | null,
  lastName: v[1] as string | null,
  email: v[2] as string | null,
});

/**
 * One customer's score row (the one place a row is built, for the whole-shop recompute and the
 * webhook rescore). Without names (an ordinary recompute does not read them, see recomputeShop)
 * the search columns are left out, and the UPDATE keeps the stored ones.
 */
function rowOf(shopId: string, customerId: string, c: Computed, names: Names | null, now: Date): ScoreRow {
  const { s, figures, scores } = c;
  // As of the row's write (computedAt); what is shown is derived when read (decision 073).
  const prediction = shown(predictFrom(c.model, s, now.getTime()));
  return {
    shopId,
    customerId,
    ...(names ? searchColumnsOf(names) : { searchText: "", sortName: "" }),
    orders: s?.orders ?? 0,
    totalSpentMinor: s?.netMinor ?? 0,
    lastOrderAt: s ? new Date(s.lastOrderMs) : null,
    firstOrderAt: s ? new Date(s.firstOrderMs) : null,
    recencyDays: figures.recencyDays,
    frequency: figures.frequency,
    monetaryMinor: figures.monetaryMinor,
    medianGapDays: figures.medianGapDays,
    orderDays: s?.orderDays ?? 0,
    medianGapMs: s?.medianGapMs ?? null,
    r: scores?.r ?? null,
    f: scores?.f ?? null,
    m: scores?.m ?? null,
    segment: RULE_SEGMENT[c.rule.kind],
    // The days the rule quotes are tokens, filled when read (decision 073).
    rule: ruleTemplate(c.rule),
    ...prediction,
    computedAt: now,
    digest: digestText(digestOf(c)),
  };
}

/** The stored row's segment history carried onto a recomputed row; the segment change to record, if any. */
function carryOver(row: ScoreRow, old: Record<string, unknown>, now: Date): boolean {
  if (old.segment !== row.segment) {
    row.previousSegment = old.segment as string;
    row.segmentChangedAt = now;
    return true;
  }
  row.previousSegment = (old.previousSegment as string | null) ?? null;
  row.segmentChangedAt = asDateOrNull(old.segmentChangedAt);
  return false;
}

// ── The digest: which rows a recompute must write ───────────────────────────
// A 53-bit hash (cyrb53's mixing) of every column a recompute derives from the orders, taken
// from the computed numbers before a row is built: the rule as its kind and the numbers its
// text quotes, the labels as codes, numbers as the 32-bit words of their doubles, nulls as a
// bit mask. 100,000 customers a run are hashed and only the few hundred whose digest changed
// get a row (decision 067). The search columns are not covered: they follow the customer's
// name, not the orders, and are compared where names are read (the rescore and the
// rebuilding recompute).

const RULE_CODE = Object.fromEntries(RULE_KINDS.map((k, i) => [k, i + 1])) as Record<RuleKind, number>;

/** The digest's inputs, written in place for each customer: numbers, and which of them are null. */
const DIGEST_INPUTS = 18;
const inputs = new Float64Array(DIGEST_INPUTS);
const words = new Uint32Array(inputs.buffer);
let nulls = 0;
const put = (k: number, v: number | null) => {
  if (v === null) nulls |= 1 << k;
  else inputs[k] = v;
};

/** The digest as a number below 2^53 (stored as base-36 text, see digestText). */
export function digestOf({ s, figures, scores, rule }: Computed): number {
  return digestFrom(
    s !== null,
    s ? s.orders : 0,
    s ? s.netMinor : 0,
    s ? s.lastOrderMs : 0,
    s ? s.firstOrderMs : 0,
    s ? s.orderDays : 0,
    s ? s.medianGapMs : null,
    figures.frequency,
    figures.monetaryMinor,
    figures.medianGapDays,
    scores ? scores.r : null,
    scores ? scores.f : null,
    scores ? scores.m : null,
    rule,
  );
}

/** Rules whose first number grows by itself (stableRule): by RULE_CODE. */
const MOVING_A = RULE_KINDS.map((k) => k in DAY_TOKENS);

/**
 * digestOf from the numbers it covers: the whole-shop recompute passes them from its columns
 * without building a Computed per customer (decision 067, third pass).
 */
function digestFrom(
  ordered: boolean,
  orders: number,
  netMinor: number,
  lastOrderMs: number,
  firstOrderMs: number,
  orderDays: number,
  medianGapMs: number | null,
  frequency: number,
  monetaryMinor: number,
  medianGapDays: number | null,
  r: number | null,
  f: number | null,
  m: number | null,
  rule: RuleMatch,
): number {
  inputs.fill(0);
  nulls = 0;
  put(0, ordered ? orders : 0);
  put(1, ordered ? netMinor : 0);
  put(2, ordered ? lastOrderMs : null);
  put(3, ordered ? firstOrderMs : null);
  // Not the days since the last order (they grow by themselves; the last order is above).
  put(4, ordered ? orderDays : null);
  put(5, frequency);
  put(6, monetaryMinor);
  put(7, medianGapDays);
  put(8, r);
  put(9, f);
  put(10, m);
  const code = RULE_CODE[rule.kind];
  put(11, code);
  // Without the days a rule quotes that grow by themselves (the row stores them as tokens).
  put(12, MOVING_A[code - 1] ? 0 : rule.a);
  put(13, rule.b);
  put(14, rule.c);
  put(15, rule.d);
  put(16, rule.e);
  // Not the predictions: they follow the clock and the shop's model, and are derived when read
  // from the numbers above and the next one (decision 073).
  put(17, ordered ? medianGapMs : null);
  let h1 = 0xdeadbeef ^ nulls;
  let h2 = 0x41c6ce57 ^ nulls;
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    h1 = Math.imul(h1 ^ word, 2654435761);
    h2 = Math.imul(h2 ^ word, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

// Formatting a number in base 36 costs about 2.5 µs: the recompute formats only the rows it
// writes (the stored ones are parsed by storedDigest, read-snapshot.server.ts).
const digestText = (digest: number) => digest.toString(36);

const createdDaysOf = (createdAt: unknown, nowMs: number) =>
  Math.max(0, Math.floor((nowMs - asDate(createdAt).getTime()) / DAY_MS));

export type SegmentTotals = Record<Segment, { customers: number; revenueMinor: number }>;

const modelSchema = z.union([
  z.object({
    method: z.literal("bgnbd"),
    bgnbd: z.object({ r: z.number(), alpha: z.number(), a: z.number(), b: z.number() }),
    gammaGamma: z.object({ p: z.number(), q: z.number(), gamma: z.number() }),
    repeatBuyers: z.number(),
    fittedOn: z.number(),
  }),
  z.object({ method: z.literal("simple"), repeatBuyers: z.number(), shopAovMinor: z.number() }),
]);
const band = z.array(z.number().nullable());
const cutPointsSchema = z.object({ r: band, f: band, m: band });

export type StoredModel = {
  bands: 3 | 5;
  customers: number;
  cutPoints: CutPoints;
  model: ShopModel;
  computedAt: Date;
  fittedAt: Date;
};

type ModelRow = {
  bands: number;
  customers: number;
  cutPoints: string;
  model: string;
  computedAt: Date;
  fittedAt: Date;
};

/** Parsed models by shop and computation, so a burst of webhooks parses each once. */
const parsed = new Map<string, StoredModel | null>();

function parseModel(shopId: string, row: ModelRow | null): StoredModel | null {
  if (!row) return null;
  const key = `${shopId}:${row.computedAt.getTime()}:${row.fittedAt.getTime()}`;
  if (parsed.has(key)) return parsed.get(key)!;
  const model = modelSchema.safeParse(JSON.parse(row.model));
  const cutPoints = cutPointsSchema.safeParse(JSON.parse(row.cutPoints));
  const result: StoredModel | null =
    model.success && cutPoints.success
      ? {
          bands: row.bands === 3 ? 3 : 5,
          customers: row.customers,
          cutPoints: cutPoints.data,
          model: model.data,
          computedAt: row.computedAt,
          fittedAt: row.fittedAt,
        }
      : null;
  if (parsed.size > 200) parsed.clear();
  parsed.set(key, result);
  return result;
}

export async function getStoredModel(db: Db, shopId: string): Promise<StoredModel | null> {
  return parseModel(shopId, await db.customerModel.findUnique({ where: { shopId } }));
}

const settingsOf = (row: SegmentSettings | null | undefined): SegmentSettings =>
  row
    ? {
        vipMinScore: row.vipMinScore,
        newWithinDays: row.newWithinDays,
        atRiskMinMonetaryScore: row.atRiskMinMonetaryScore,
        atRiskGapMultiplier: row.atRiskGapMultiplier,
        atRiskMaxRecencyScore: row.atRiskMaxRecencyScore,
      }
    : DEFAULT_SEGMENT_SETTINGS;

const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const asDateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : asDate(v));

/** The score row's columns, in the order the bulk insert writes them. */
const SCORE_COLUMNS = [
  "shopId",
  "customerId",
  "searchText",
  "sortName",
  "orders",
  "totalSpentMinor",
  "lastOrderAt",
  "firstOrderAt",
  "recencyDays",
  "frequency",
  "monetaryMinor",
  "medianGapDays",
  "r",
  "f",
  "m",
  "segment",
  "rule",
  "previousSegment",
  "segmentChangedAt",
  "ltvMethod",
  "predicted12mMinor",
  "pNoPurchase90",
  "churnRisk",
  "expectedNextOrderAt",
  "computedAt",
  "taggedSegment",
  "digest",
  "orderDays",
  "medianGapMs",
] as const satisfies readonly (keyof ScoreRow)[];

/** PostgreSQL types of the score columns, which a statement casts its bound values to (typedMarks, jsonRows). */
const PG_TYPES: Partial<Record<(typeof SCORE_COLUMNS)[number], string>> = {
  orders: "int",
  totalSpentMinor: "int",
  lastOrderAt: "timestamp(3)",
  firstOrderAt: "timestamp(3)",
  recencyDays: "int",
  frequency: "int",
  monetaryMinor: "int",
  medianGapDays: "int",
  orderDays: "int",
  medianGapMs: "double precision",
  r: "int",
  f: "int",
  m: "int",
  segmentChangedAt: "timestamp(3)",
  predicted12mMinor: "int",
  pNoPurchase90: "double precision",
  expectedNextOrderAt: "timestamp(3)",
  computedAt: "timestamp(3)",
};

/** Every column but the key and what Shopify holds: what an UPDATE of a changed row writes. */
const UPDATE_COLUMNS = SCORE_COLUMNS.filter((c) => c !== "shopId" && c !== "taggedSegment");
/** The same without the search columns: an ordinary recompute reads no names and keeps them. */
const UPDATE_COLUMNS_KEEPING_NAMES = UPDATE_COLUMNS.filter((c) => c !== "searchText" && c !== "sortName");
type UpdateColumn = (typeof UPDATE_COLUMNS)[number];

/**
 * Indexed columns an UPDATE of a changed row leaves out when the stored value may stay: each
 * column in the SET list costs its indexes' entries (and searchText the search index's trigger),
 * a good part of the nightly run's writes (decision 067, third pass). computedAt stays unless the
 * stored one is later than the recompute's: a row's figures are shown as of the later of the
 * shop's recompute and the row's own stamp (asOfMs), so stamping every rewritten row moved its
 * index entry for nothing (decision 067, tenth pass).
 */
const KEPT_IF_SAME = [
  "segment",
  "totalSpentMinor",
  "lastOrderAt",
  "orders",
  "searchText",
  "sortName",
  "computedAt",
] as const;

/** Whether an UPDATE sets a column, given which of KEPT_IF_SAME are the stored values (bits). */
const setsColumn = (column: string, same: number) => {
  const k = (KEPT_IF_SAME as readonly string[]).indexOf(column);
  return k < 0 || !(same & (1 << k));
};

/** Whether a computed value is the one stored (read back from either engine). */
const sameAsStored = (v: unknown, stored: unknown) =>
  v instanceof Date
    ? stored !== null && stored !== undefined && asDate(stored).getTime() === v.getTime()
    : (v ?? null) === (stored ?? null);

/** Whether an UPDATE may leave a KEPT_IF_SAME column as stored (see there for computedAt). */
const keepsStored = (column: (typeof KEPT_IF_SAME)[number], v: unknown, stored: unknown) =>
  column === "computedAt"
    ? stored !== null && stored !== undefined && asDate(stored).getTime() <= (v as Date).getTime()
    : sameAsStored(v, stored);

/**
 * PostgreSQL: the rows of a statement over thousands of rows, as one `jsonb` parameter (the rows
 * as JSON arrays, JSON.stringify's: instants as UTC ISO text) read back as a typed row set `v`:
 * one round trip, one plan, and one string to send. A VALUES list binds a parameter per value,
 * and arrays bound per column cost the driver about as much again in escaping each element
 * (decision 067, thirteenth pass). Columns before `from` in each row are not read.
 */
function jsonRows(columns: readonly string[], types: Partial<Record<string, string>>, from = 0) {
  return `(${jsonSelect(columns, types, from)}) AS v`;
}

/** jsonRows's SELECT, for a WITH part. */
function jsonSelect(columns: readonly string[], types: Partial<Record<string, string>>, from = 0) {
  const read = columns.slice(from).map((c, k) => `(r->>${k + from})::${types[c] ?? "text"} AS "${c}"`);
  return `SELECT ${read.join(", ")} FROM jsonb_array_elements(?::jsonb) AS r`;
}

/**
 * Writes changed score rows on SQLite; rows in `columns` order, customerId first: one prepared
 * single-row UPDATE per row, run in this process without a round trip (a multi-row UPDATE
 * through a VALUES list materializes the list and joins it: about 20 % more time for the same
 * rows, decision 067 fourth pass).
 */
async function updateRows(
  sql: SqlRunner,
  shopId: string,
  columns: readonly UpdateColumn[],
  rows: readonly SqlValue[][],
) {
  const text = `UPDATE "CustomerScore" SET ${columns
    .slice(1)
    .map((c) => `"${c}" = ?`)
    .join(", ")} WHERE "shopId" = ? AND "customerId" = ?`;
  const params: unknown[] = new Array(columns.length + 1);
  for (const row of rows) {
    for (let k = 1; k < row.length; k++) params[k - 1] = sql.convert(row[k] as SqlValue);
    params[columns.length - 1] = shopId;
    params[columns.length] = row[0];
    await sql.runConverted(text, params);
  }
}

/** What updateScoresPg sets from the stored row instead of the computed one (carryOver and KEPT_IF_SAME's computedAt, in SQL). */
const CARRIED_IN_SQL: Partial<Record<UpdateColumn, string>> = {
  previousSegment: `CASE WHEN s."segment" IS DISTINCT FROM v."segment" THEN s."segment" ELSE s."previousSegment" END`,
  segmentChangedAt: `CASE WHEN s."segment" IS DISTINCT FROM v."segment" THEN v."computedAt" ELSE s."segmentChangedAt" END`,
  computedAt: `LEAST(s."computedAt", v."computedAt")`,
};

/**
 * Writes changed score rows on PostgreSQL, in one statement (decision 067, thirteenth pass):
 * rows in `columns` order (customerId first), then the id and text of the segment change each
 * would record. The statement carries the segment history over as carryOver does and keeps a
 * stored computedAt as KEPT_IF_SAME does, from the rows it updates, and records the segment
 * changes from the same rows (every part of a WITH sees the rows as they were): the stored rows
 * are not read first. Every column is set; one whose value stays leaves the row's index entries
 * alone as leaving it out would (an update is HOT when no indexed value changed and the page
 * has room).
 */
async function updateScoresPg(
  sql: SqlRunner,
  shopId: string,
  columns: readonly UpdateColumn[],
  rows: readonly SqlValue[][],
) {
  const sets = columns
    .filter((c) => c !== "customerId")
    .map((c) => `"${c}" = ${CARRIED_IN_SQL[c] ?? `v."${c}"`}`)
    .join(", ");
  const [counts] = await sql.all(
    `WITH v AS (${jsonSelect([...columns, "changeId", "changeRule"], PG_TYPES)}),
     moved AS (
       INSERT INTO "CustomerSegmentChange" ("id", "shopId", "customerId", "fromSegment", "toSegment", "rule", "changedAt")
       SELECT v."changeId", s."shopId", s."customerId", s."segment", v."segment", v."changeRule", v."computedAt"
       FROM v JOIN "CustomerScore" s ON s."shopId" = ? AND s."customerId" = v."customerId"
       WHERE s."segment" IS DISTINCT FROM v."segment"
       RETURNING 1),
     written AS (
       UPDATE "CustomerScore" AS s SET ${sets} FROM v
       WHERE s."shopId" = ? AND s."customerId" = v."customerId"
       RETURNING 1)
     SELECT (SELECT count(*) FROM moved) AS "changes", (SELECT count(*) FROM written) AS "written"`,
    [JSON.stringify(rows), shopId, shopId],
  );
  return { written: Number(counts?.written ?? 0), changes: Number(counts?.changes ?? 0) };
}

/** Writes a segment-day snapshot (the summary cards compare against it). */
async function recordSegmentDay(sql: SqlRunner, shop: ScoreShop, day: string, totals: SegmentTotals) {
  for (const segment of SEGMENTS)
    await sql.run(
      `INSERT INTO "CustomerSegmentDay" ("shopId", "day", "segment", "customers", "revenueMinor") VALUES (?, ?, ?, ?, ?)
       ON CONFLICT ("shopId", "day", "segment") DO UPDATE SET "customers" = excluded."customers", "revenueMinor" = excluded."revenueMinor"`,
      [shop.id, day, segment, totals[segment].customers, totals[segment].revenueMinor],
    );
}

// ── Order summaries (decision 067) ───────────────────────────────────────────

const SUMMARY_COLUMNS = ["shopId", "customerId", ...SUMMARY_FIELDS] as const;

/** PostgreSQL types of the summary columns (Prisma's Int and Float), for jsonRows. */
const SUMMARY_PG_TYPES = {
  orders: "int",
  netMinor: "int",
  firstOrderMs: "double precision",
  lastOrderMs: "double precision",
  orderDays: "int",
  medianGapDays: "int",
  medianGapMs: "double precision",
  windowAtMs: "double precision",
  windowOrders: "int",
  windowNetMinor: "int",
  windowEdgeMs: "double precision",
  edgeNetMinor: "int",
  nextEdgeMs: "double precision",
  nextNetMinor: "int",
} satisfies Record<(typeof SUMMARY_FIELDS)[number], string>;

const summaryFrom = (r: Record<string, unknown>): OrderSummary | null =>
  r.orders === null || r.orders === undefined
    ? null
    : {
        orders: Number(r.orders),
        netMinor: Number(r.netMinor),
        firstOrderMs: Number(r.firstOrderMs),
        lastOrderMs: Number(r.lastOrderMs),
        orderDays: Number(r.orderDays),
        medianGapDays: r.medianGapDays === null ? null : Number(r.medianGapDays),
        medianGapMs: r.medianGapMs === null ? null : Number(r.medianGapMs),
        windowAtMs: Number(r.windowAtMs),
        windowOrders: Number(r.windowOrders),
        windowNetMinor: Number(r.windowNetMinor),
        windowEdgeMs: r.windowEdgeMs === null ? null : Number(r.windowEdgeMs),
        edgeNetMinor: numberOrNull(r.edgeNetMinor),
        nextEdgeMs: numberOrNull(r.nextEdgeMs),
        nextNetMinor: numberOrNull(r.nextNetMinor),
      };

/** A nullable number column (undefined, from a row read before the column existed: null). */
const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const summaryValues = (shopId: string, customerId: string, s: OrderSummary): SqlValue[] => [
  shopId,
  customerId,
  ...SUMMARY_FIELDS.map((f) => s[f]),
];

/** One customer's orders, as the summary and the figures need them. */
type OrderList = { times: number[]; values: number[] };

/**
 * From a customer's non-cancelled orders (all of them): the summary to store — windowed as of
 * `now`, or as of the last order when some are after `now` (a recompute as of a past day) — and
 * the one to score with as of `now`, from the orders up to then.
 */
function summariesOf(list: OrderList | undefined, nowMs: number) {
  if (!list) return { stored: null, scoring: null };
  let last = -Infinity;
  for (const t of list.times) if (t > last) last = t;
  const stored = summarize(list.times, list.values, Math.max(nowMs, last));
  if (last <= nowMs) return { stored, scoring: stored };
  const keep = list.times.map((t, i) => i).filter((i) => list.times[i]! <= nowMs);
  return {
    stored,
    scoring: summarize(
      keep.map((i) => list.times[i]!),
      keep.map((i) => list.values[i]!),
      nowMs,
    ),
  };
}

/** Adds an order row (customer id, time, total, refunds) to its customer's list. */
function addOrder(lists: Map<string, OrderList>, id: string, at: unknown, total: unknown, refunds: unknown) {
  let list = lists.get(id);
  if (!list) lists.set(id, (list = { times: [], values: [] }));
  list.times.push(typeof at === "number" ? at : asDate(at).getTime());
  list.values.push(Number(total) - Number(refunds));
}

/**
 * The order columns read: on SQLite the order's time as epoch ms from the stored text (exact to
 * the millisecond): a Date parsed from the text per order cost about a third of the re-read of
 * a nightly run's few thousand customers (decision 067, fifth pass).
 */
const orderColumns = (sql: SqlRunner) =>
  `"customerId", ${sql.dialect === "sqlite" ? `round(unixepoch("processedAt", 'subsec') * 1000)` : `"processedAt"`}, "totalMinor", "refundsMinor"`;

/**
 * From this many customers whose summary is stale in the read snapshot, a large shop's recompute
 * reads their orders on the reader thread while this thread re-reads and merges the changed
 * customers (decision 067, eighth pass).
 */
const ORDERS_ASIDE_FROM = 500;
/**
 * The share of them read there; this thread reads the rest after its own work. It reads faster
 * (its page cache holds the index's upper pages; the reader opens a connection per read), and
 * after the read snapshot and its patch it has only ~60 ms of work left before it needs them.
 */
const ORDERS_ASIDE_SHARE = 0.45;

/**
 * Starts reading, on the reader thread, the non-cancelled orders of customers whose summary is
 * stale (SQLite; the recompute has not written orders, so the reader's committed state is its
 * own). The ids go as one JSON array parameter.
 */
function readOrdersAside(sql: SqlRunner, shopId: string, ids: readonly string[]) {
  const lists = readColumnsAside(
    sql,
    `SELECT ${orderColumns(sql)} FROM "Order"
     WHERE "shopId" = ? AND "cancelledAt" IS NULL AND "customerId" IN (SELECT value FROM json_each(?))`,
    [shopId, JSON.stringify(ids)],
    ["value", "number", "number", "number"],
  ).then(({ rows, columns }) => {
    const [id, at, total, refunds] = columns as [unknown[], Float64Array, Float64Array, Float64Array];
    const byCustomer = new Map<string, OrderList>();
    for (let i = 0; i < rows; i++) addOrder(byCustomer, id[i] as string, at[i], total[i], refunds[i]);
    return byCustomer;
  });
  // Awaited later; a failure is read there (readColumnsAside reads here when the thread fails).
  lists.catch(() => undefined);
  return { ids: new Set(ids), lists };
}

/**
 * After the orders read aside, the reader thread reads what this thread rewrites later in the
 * run, whose pages were last touched a day ago (decision 067, eighth pass): every stale
 * customer's score row and summary, and the indexes that a changed score row or segment moves
 * (whole: which rows change is known only after the ranking).
 */
function prefetchStale(sql: SqlRunner, shopId: string, ids: readonly string[]) {
  const listed = JSON.stringify(ids);
  const these = `"shopId" = ? AND "customerId" IN (SELECT value FROM json_each(?))`;
  prefetchAside(sql, `SELECT max("rule") FROM "CustomerScore" WHERE ${these}`, [shopId, listed]);
  prefetchAside(sql, `SELECT max("windowEdgeMs") FROM "CustomerOrderSummary" WHERE ${these}`, [shopId, listed]);
  const scan = (index: string, column: string) =>
    `(SELECT count(*) FROM "CustomerScore" INDEXED BY "${index}" WHERE "shopId" = ? AND "${column}" IS NOT NULL)`;
  prefetchAside(
    sql,
    `SELECT ${scan("CustomerScore_shopId_segment_totalSpentMinor_idx", "segment")}
       + ${scan("CustomerScore_shopId_segment_searchText_idx", "segment")}
       + (SELECT count(*) FROM "CustomerSegmentChange" INDEXED BY "CustomerSegmentChange_customerId_changedAt_idx"
        WHERE "customerId" IS NOT NULL)`,
    [shopId, shopId],
  );
}

/** Non-cancelled orders by customer: the shop's (`ids` null) or those customers'. */
async function readOrders(sql: SqlRunner, shopId: string, ids: readonly string[] | null) {
  const lists = new Map<string, OrderList>();
  // Rows as arrays (decision 067, fifth pass).
  const add = (v: readonly unknown[]) => addOrder(lists, v[0] as string, v[1], v[2], v[3]);
  const columns = orderColumns(sql);
  if (ids === null)
    // SQLite reads the shop's orders in one pass over the table: its planner would otherwise
    // walk the (shopId, customerId) index and fetch each order's row at random, 2.5× the CPU
    // time at 400,000 orders (decision 061). SQLite is the one-shop embedded engine, so the
    // pass reads little else; PostgreSQL's planner chooses with statistics.
    await sql.each(
      `SELECT ${columns} FROM "Order"${sql.dialect === "sqlite" ? " NOT INDEXED" : ""}
       WHERE "shopId" = ? AND "cancelledAt" IS NULL AND "customerId" IS NOT NULL`,
      [shopId],
      add,
    );
  else
    for (const slice of chunks(ids, 500))
      await sql.each(
        `SELECT ${columns} FROM "Order" WHERE "shopId" = ? AND "cancelledAt" IS NULL AND "customerId" IN ${marks(slice.length)}`,
        [shopId, ...slice],
        add,
      );
  return lists;
}

/**
 * Starts upserting summaries (rows from summaryValues) after deleting those of customers left
 * without orders. SQLite: one prepared single-row statement per summary, as updateRows writes
 * score rows. PostgreSQL: one statement over jsonRows, which the server runs while this process
 * ranks the customers (decision 067, thirteenth pass).
 */
async function writeSummaries(
  sql: SqlRunner,
  shopId: string,
  rows: readonly SqlValue[][],
  gone: readonly string[],
): Promise<{ done: Promise<void> }> {
  for (const slice of chunks(gone, 500))
    await sql.run(`DELETE FROM "CustomerOrderSummary" WHERE "shopId" = ? AND "customerId" IN ${marks(slice.length)}`, [
      shopId,
      ...slice,
    ]);
  const names = SUMMARY_COLUMNS.map((c) => `"${c}"`).join(", ");
  const tail = ` ON CONFLICT ("shopId", "customerId") DO UPDATE SET ${SUMMARY_FIELDS.map((f) => `"${f}" = excluded."${f}"`).join(", ")}`;
  if (sql.dialect === "sqlite") {
    const one = `INSERT INTO "CustomerOrderSummary" (${names}) VALUES ${marks(SUMMARY_COLUMNS.length)}${tail}`;
    for (const row of rows) await sql.run(one, row);
    return { done: Promise.resolve() };
  }
  if (!rows.length) return { done: Promise.resolve() };
  return sql.start(
    `INSERT INTO "CustomerOrderSummary" (${names}) SELECT ?::text, v.* FROM ${jsonRows(SUMMARY_COLUMNS, SUMMARY_PG_TYPES, 1)}${tail}`,
    [shopId, JSON.stringify(rows)],
  );
}

/**
 * From this many customers, SQLite reads a shop's customers in two halves at once (readColumns):
 * the read is then ~250 ms, and half of it outweighs starting the reader thread (~150 ms) when
 * it is not running yet.
 */
const SPLIT_READ_FROM = 50_000;

/**
 * Recomputes every customer of the shop in one transaction: scores, segments (keeping the
 * previous segment and when it changed), lifetime value and churn risk; records today's
 * segment sizes. Plain SQL on one connection (app/platform/sql-runner.server.ts): this is the
 * hot path at 100,000 customers. It reads each customer's order summary, not their orders
 * (decision 067); it rebuilds the summaries from every order first when asked to (`rebuild`,
 * the nightly run), when there are none yet, or when an import ran since they were built.
 */
export async function recomputeShop(
  shop: ScoreShop,
  {
    now = new Date(),
    refit = false,
    rebuild = false,
    splitReadFrom = SPLIT_READ_FROM,
    ordersAsideFrom = ORDERS_ASIDE_FROM,
  }: {
    now?: Date;
    refit?: boolean;
    rebuild?: boolean;
    /** From how many customers (at the last recompute) SQLite reads them in two halves at once; tests lower it. */
    splitReadFrom?: number;
    /** From how many stale summaries in the snapshot their orders are read on the reader thread (with the split read); tests lower it. */
    ordersAsideFrom?: number;
  } = {},
) {
  const [settings, stored] = await Promise.all([getSegmentSettings(prisma, shop.id), getStoredModel(prisma, shop.id)]);
  const age = stored ? now.getTime() - stored.fittedAt.getTime() : Infinity;
  const reuse = !refit && stored && age >= 0 && age < REFIT_AFTER_MS ? stored.model : null;
  const nowMs = now.getTime();
  const out = await inSqlTransaction((sql) => recomputeIn(sql));
  // A run that rebuilt the summaries (weekly, after an import) dropped the read snapshot; it is
  // taken again now, from the committed tables on both cores, so that the next run (the nightly
  // one, a few hours later) reads the snapshot rather than every customer (decision 067,
  // seventh pass). A transaction of its own: the reader thread sees only what is committed.
  // Without it the next run reads the tables, so a failure here does not fail the recompute.
  if (out.summariesRebuilt)
    await inSqlTransaction((sql) =>
      readCustomers(sql, shop.id, { split: dialect === "sqlite" && out.customers >= splitReadFrom }),
    ).catch((error) => console.error(`[customers] read snapshot not taken: ${describeError(error)}`));
  return out;
  async function recomputeIn(sql: SqlRunner) {
    // The shop's row lock (lockShop in platform/shop-lock.server.ts, through this runner):
    // store-data webhooks, Add Customer and customers/redact wait until this commits, so a
    // summary or score row written here is never older than one they wrote meanwhile.
    await sql.run(`UPDATE "Shop" SET "updatedAt" = "updatedAt" WHERE "id" = ?`, [shop.id]);
    const [state] = await sql.all(
      `SELECT (SELECT m."summarizedAt" FROM "CustomerModel" m WHERE m."shopId" = ?) AS "summarizedAt",
         (SELECT MAX(r."updatedAt") FROM "ImportRun" r WHERE r."shopId" = ?) AS "importedAt"`,
      [shop.id, shop.id],
    );
    const summarizedAt = asDateOrNull(state?.summarizedAt);
    const importedAt = asDateOrNull(state?.importedAt);
    const rebuilding = rebuild || !summarizedAt || (!!importedAt && importedAt >= summarizedAt);
    // When the summaries are rebuilt (after an import, weekly) one statement reads every
    // customer with their score row's digest and names, row by row: the search columns follow
    // the customer's name, which changes through a customer webhook (that rescores the customer)
    // or an import, not with time (decision 067). Otherwise the customers are read with their
    // summaries from the read snapshot (readCustomers). On SQLite the customers are read in one
    // pass over the table (through the shop's index each row would be fetched at random, see
    // readOrders) and the score rows looked up by their key.
    const pass = sql.dialect === "sqlite" ? " NOT INDEXED" : "";
    const read = `SELECT c."id" AS "id", c."createdAt" AS "createdAt", d."digest" AS "digest",
           c."firstName" AS "firstName", c."lastName" AS "lastName", c."email" AS "email",
           d."searchText" AS "searchText", d."sortName" AS "sortName"
         FROM "Customer" c${pass}
         LEFT JOIN "CustomerScore" d ON d."shopId" = c."shopId" AND d."customerId" = c."id"`;
    const cols = new SummaryColumns(stored ? stored.customers + 1024 : 1024);
    let ids: string[] = [];
    const created: unknown[] = [];
    // Every customer's creation time (ms) read from the snapshot, in place of `created`.
    let createdMs: Float64Array | null = null;
    // The stored digest (storedDigest), NaN when the customer has no score row yet.
    let digests: ArrayLike<number> = [];
    const digestList: number[] = [];
    const names: unknown[][] = [];
    const reread: number[] = [];
    // Customers whose summary slid to `now` by its window's look-ahead (eleventh pass): written, not re-read.
    const slid: number[] = [];
    let withRow = 0;
    /** A customer's stored digest as a number (NaN without a score row), counting the rows there are. */
    const keepDigest = (digest: number) => {
      digestList.push(digest);
      if (digest === digest) withRow++;
    };
    const where = `WHERE c."shopId" = ? AND c."redactedAt" IS NULL AND c."deletedAt" IS NULL AND c."createdAt" <= ?`;
    let n: number;
    let fromSnapshot = false;
    // The orders of customers whose summary is stale in the snapshot, read on the reader thread.
    let aside: ReturnType<typeof readOrdersAside> | null = null;
    // SQLite: the read, and each scored customer's position in it; what this run writes of
    // them goes into the snapshot's patch at the end (decision 067, eighth pass).
    let taken: TakenRead | null = null;
    let readPosition: ArrayLike<number> = [];
    const own = new Map<number, OwnWrite>();
    const ownWrite = (i: number) => {
      const p = readPosition[i]!;
      let write = own.get(p);
      if (!write) own.set(p, (write = {}));
      return write;
    };
    if (rebuilding) {
      // Every summary is rewritten: without the snapshot its triggers list nothing (sixth pass).
      await dropReadSnapshot(sql, shop.id);
      n = await sql.each(`${read} ${where}`, [shop.id, now], (v) => {
        const i = ids.length;
        ids.push(v[0] as string);
        created.push(v[1]);
        keepDigest(storedDigest(v[2]));
        names.push([v[3], v[4], v[5], v[6], v[7]]);
        cols.set(i, null);
      });
    } else {
      // From the shop's read snapshot and the customers changed since (decision 067, sixth
      // pass; on PostgreSQL since the twelfth); on SQLite a large shop's customers are read in
      // two halves at once when the snapshot cannot be used (fourth pass). The snapshot holds
      // customers created at any time: those created after `now` are left out here, as a read
      // of the tables leaves them out.
      const split = sql.dialect === "sqlite" && (stored?.customers ?? 0) >= splitReadFrom;
      const got = await readCustomers(sql, shop.id, {
        split,
        // A large shop's customers whose 365-day window moved (a day's orders a year on, a few
        // thousand at 100,000 customers): their orders are read on the reader thread while this
        // one re-reads and merges the changed customers (decision 067, eighth pass). Only the
        // unchanged ones: a changed customer's summary is the one re-read.
        onSnapshot: split
          ? (snapshot, changed) => {
              const stale = staleSummaries(snapshot.summary, snapshot.n, nowMs, (p) => changed.has(snapshot.ids[p]!));
              if (stale.length < ordersAsideFrom) return;
              // Those whose window slides by its look-ahead need no orders (eleventh pass); their
              // rows are rewritten all the same.
              const unread = stale.filter((p) => !slides(snapshot.summary, p, nowMs));
              const idsAt = (positions: number[]) => positions.map((p) => snapshot.ids[p]!);
              if (unread.length)
                aside = readOrdersAside(
                  sql,
                  shop.id,
                  idsAt(unread.slice(0, Math.ceil(unread.length * ORDERS_ASIDE_SHARE))),
                );
              prefetchStale(sql, shop.id, idsAt(stale));
            }
          : undefined,
      });
      taken = got;
      const all = got.read;
      fromSnapshot = got.fromSnapshot;
      // Columns taken whole when every customer is scored (the usual case), else gathered; no
      // value per customer is built (this copy was ~60 ms at 100,000 customers, decision 067,
      // eighth pass).
      const keep = new Int32Array(all.n);
      n = 0;
      for (let p = 0; p < all.n; p++) if (all.createdMs[p]! <= nowMs) keep[n++] = p;
      const whole = n === all.n;
      const gather = (column: Float64Array) => {
        if (whole) return column.subarray(0, n);
        const out = new Float64Array(n);
        for (let i = 0; i < n; i++) out[i] = column[keep[i]!]!;
        return out;
      };
      readPosition = keep.subarray(0, n);
      cols.setColumns(n, all.summary.map(gather));
      ids = whole ? all.ids : Array.from(keep.subarray(0, n), (p) => all.ids[p]!);
      createdMs = gather(all.createdMs);
      digests = gather(all.digest);
      for (let i = 0; i < n; i++) {
        const d = digests[i]!;
        if (d === d) withRow++;
        // A summary whose window moved since it was taken slides by its look-ahead; when that
        // does not reach (or the summary counts orders after `now`) it is taken again from the
        // customer's orders.
        if (cols.ordered[i] && !cols.validFor(i, nowMs)) (cols.slide(i, nowMs) ? slid : reread).push(i);
      }
    }
    const summaryRows: SqlValue[][] = [];
    const noOrders: string[] = [];
    let summariesWritten: Promise<void> = Promise.resolve();
    const started = aside as ReturnType<typeof readOrdersAside> | null;
    const lists = await readOrders(
      sql,
      shop.id,
      rebuilding ? null : reread.map((i) => ids[i]!).filter((id) => !started?.ids.has(id)),
    );
    // Every customer read aside is one of `reread`: unchanged since the snapshot, so as stale.
    if (started) for (const [id, list] of await started.lists) lists.set(id, list);
    if (rebuilding) {
      // Every customer with orders gets a summary, also those this run does not score (created
      // after a past `now`, redacted): a later run reads them.
      const scoring = new Map<string, OrderSummary | null>();
      for (const [id, list] of lists) {
        const both = summariesOf(list, nowMs);
        scoring.set(id, both.scoring);
        if (both.stored) summaryRows.push(summaryValues(shop.id, id, both.stored));
      }
      for (let i = 0; i < n; i++) cols.set(i, scoring.get(ids[i]!) ?? null);
      await sql.run(`DELETE FROM "CustomerOrderSummary" WHERE "shopId" = ?`, [shop.id]);
      await insertRows(sql, "CustomerOrderSummary", SUMMARY_COLUMNS, summaryRows);
    } else {
      for (const i of reread) {
        const id = ids[i]!;
        const both = summariesOf(lists.get(id), nowMs);
        const was = cols.at(i);
        cols.set(i, both.scoring);
        // A summary that counts orders after `now` is stored as of its last order, so it is
        // re-read each run until then but written only when it changed.
        if (!both.stored) {
          noOrders.push(id);
          if (taken) ownWrite(i).summary = null;
        } else if (!(sameOrders(was, both.stored) && was!.windowAtMs === both.stored.windowAtMs)) {
          summaryRows.push(summaryValues(shop.id, id, both.stored));
          const stored = both.stored;
          if (taken) ownWrite(i).summary = SUMMARY_FIELDS.map((f) => stored[f] ?? NaN);
        }
      }
      for (const i of slid) {
        const stored = cols.at(i)!;
        summaryRows.push(summaryValues(shop.id, ids[i]!, stored));
        if (taken) ownWrite(i).summary = SUMMARY_FIELDS.map((f) => stored[f] ?? NaN);
      }
      // What this run writes of the customers it read goes into the patch (recordOwnWrites), not
      // the list (decision 067, ninth pass).
      // Started here, awaited after the ranking: on PostgreSQL the server writes them meanwhile.
      const summaries = () => writeSummaries(sql, shop.id, summaryRows, noOrders);
      summariesWritten = (await (taken ? startUnlisted(sql, shop.id, summaries) : summaries())).done;
      // A customer left without orders by the re-read needs their creation date (the New rule).
      const undated = createdMs ? [] : reread.filter((i) => !cols.ordered[i] && created[i] == null).map((i) => ids[i]!);
      const at = new Map<string, unknown>();
      for (const slice of chunks(undated, 500))
        for (const c of await sql.all(
          `SELECT "id", "createdAt" FROM "Customer" WHERE "shopId" = ? AND "id" IN ${marks(slice.length)}`,
          [shop.id, ...slice],
        ))
          at.set(c.id as string, c.createdAt);
      for (const i of reread) if (at.has(ids[i]!)) created[i] = at.get(ids[i]!);
    }
    // The shop's score rows, counted to find rows left over (below). Sent now: on PostgreSQL the
    // server counts after the summaries' write, while this process ranks the customers (the
    // count is ~50 ms at 100,000 customers). Read after the summaries' write is awaited, so a
    // failure of that write is the one reported.
    const scoreRowCount = sql.all(`SELECT COUNT(*) AS "rows" FROM "CustomerScore" WHERE "shopId" = ?`, [shop.id]);
    scoreRowCount.catch(() => undefined);
    lists.clear();
    if (!createdMs) digests = digestList;
    /** Whole days since customer i was created (for the New rule without orders). */
    const createdDays = (i: number) =>
      createdMs ? Math.max(0, Math.floor((nowMs - createdMs[i]!) / DAY_MS)) : createdDaysOf(created[i], nowMs);

    // The ranking, then every customer's digest from the computed numbers (figuresFrom in
    // rfm.ts, as columns); a row (with its text) is built only for a customer whose digest
    // changed or who has no row yet.
    const recency = new Float64Array(n);
    for (let i = 0; i < n; i++) recency[i] = cols.ordered[i] ? daysSince(cols.lastOrderMs[i]!, nowMs) : NaN;
    const ranked = rankColumns(recency, cols.windowOrders.subarray(0, n), cols.windowNetMinor.subarray(0, n));
    // A refit starts from the stored parameters (decision 073).
    const model = reuse ?? fitShopModelOf(cols.fitSource(n), nowMs, stored?.model ?? null);
    const scoring: Scoring = { bands: ranked.bands, settings, model };
    const totals = Object.fromEntries(SEGMENTS.map((s) => [s, { customers: 0, revenueMinor: 0 }])) as SegmentTotals;
    const totalOf = RULE_KINDS.map((k) => totals[RULE_SEGMENT[k]]);
    let scoredCustomers = 0;
    const fresh: number[] = [];
    const changed: number[] = [];
    const rule: RuleMatch = { kind: "regular", a: 0, b: 0, c: 0, d: 0, e: 0 };
    const scores: Scores = { r: 0, f: 0, m: 0 };
    for (let i = 0; i < n; i++) {
      const ordered = cols.ordered[i] === 1;
      const r = ranked.r[i]!;
      const gapDays = ordered ? cols.medianGapDays[i]! : NaN;
      if (r) {
        scores.r = r;
        scores.f = ranked.f[i]!;
        scores.m = ranked.m[i]!;
        scoredCustomers++;
      }
      ruleInto(
        rule,
        ordered ? recency[i]! : null,
        ordered ? daysSince(cols.firstOrderMs[i]!, nowMs) : null,
        gapDays === gapDays ? gapDays : null,
        r ? scores : null,
        ranked.bands,
        settings,
        r ? null : createdDays(i),
      );
      const monetaryMinor = cols.windowNetMinor[i]!;
      const total = totalOf[RULE_CODE[rule.kind] - 1]!;
      total.customers++;
      total.revenueMinor += monetaryMinor;
      const old = digests[i]!;
      if (old !== old) {
        fresh.push(i);
        continue;
      }
      const gapMs = cols.medianGapMs[i]!;
      const digest = digestFrom(
        ordered,
        cols.orders[i]!,
        cols.netMinor[i]!,
        cols.lastOrderMs[i]!,
        cols.firstOrderMs[i]!,
        cols.orderDays[i]!,
        gapMs === gapMs ? gapMs : null,
        cols.windowOrders[i]!,
        monetaryMinor,
        gapDays === gapDays ? gapDays : null,
        r ? scores.r : null,
        r ? scores.f : null,
        r ? scores.m : null,
        rule,
      );
      if (old !== digest || (rebuilding && namesMoved(namesIn(names[i]!), names[i]![3], names[i]![4]))) changed.push(i);
    }
    // The rows to write, built by rowOf from the same figures as objects.
    const computedAt = (i: number) => {
      const s = cols.at(i);
      const figures = figuresFrom(ids[i]!, s, now);
      const sc = scoresAt(ranked, i);
      return compute(s, figures, sc, scoring, sc ? null : createdDays(i));
    };
    // The summaries' write ends before the next statement: its error, if any, is the one read.
    await summariesWritten;
    // Customers with no row yet (created without a webhook: a seed, a test): their names.
    const namesOf = new Map<string, Names>();
    if (!rebuilding)
      for (const slice of chunks(
        fresh.map((i) => ids[i]!),
        500,
      ))
        for (const c of await sql.all(
          `SELECT "id", "firstName", "lastName", "email" FROM "Customer" WHERE "shopId" = ? AND "id" IN ${marks(slice.length)}`,
          [shop.id, ...slice],
        ))
          namesOf.set(c.id as string, c as Names);
    const named = (i: number) => (rebuilding ? namesIn(names[i]!) : (namesOf.get(ids[i]!) ?? null));
    const inserts = fresh.map((i) => {
      const row = rowOf(shop.id, ids[i]!, computedAt(i), named(i), now);
      if (taken) ownWrite(i).digest = storedDigest(row.digest);
      return SCORE_COLUMNS.map((col) => (row[col] ?? null) as SqlValue);
    });
    const columns = rebuilding ? UPDATE_COLUMNS : UPDATE_COLUMNS_KEEPING_NAMES;
    const changes: SqlValue[][] = [];
    // Rows grouped by which of KEEP_IF_SAME's columns they change: one UPDATE shape per group.
    const updates = new Map<number, { columns: UpdateColumn[]; rows: SqlValue[][] }>();
    // PostgreSQL: the rows in `columns` order with the id and text of their segment change, for
    // updateScoresPg, which carries the segment history over itself.
    const pgRows: SqlValue[][] = [];
    if (sql.dialect === "postgresql")
      for (const i of changed) {
        const c = computedAt(i);
        const row = rowOf(shop.id, ids[i]!, c, rebuilding ? namesIn(names[i]!) : null, now);
        if (taken) ownWrite(i).digest = storedDigest(row.digest);
        // Instants as ISO text here: JSON.stringify's call of each Date's toJSON was a fifth of its time.
        const values = columns.map((col) => {
          const v = row[col] ?? null;
          return (v instanceof Date ? v.toISOString() : v) as SqlValue;
        });
        pgRows.push([...values, bulkId(), ruleText(c.rule)]);
      }
    else {
      // The segment history is read for the changed rows only (a few hundred on an ordinary run),
      // with the indexed columns an UPDATE leaves out when they did not change.
      const history = new Map<string, Record<string, unknown>>();
      for (const slice of chunks(
        changed.map((i) => ids[i]!),
        500,
      ))
        for (const h of await sql.all(
          `SELECT "customerId", "segment", "previousSegment", "segmentChangedAt", ${KEPT_IF_SAME.map((c) => `"${c}"`).join(", ")}
           FROM "CustomerScore" WHERE "shopId" = ? AND "customerId" IN ${marks(slice.length)}`,
          [shop.id, ...slice],
        ))
          history.set(h.customerId as string, h);
      for (const i of changed) {
        const c = computedAt(i);
        const row = rowOf(shop.id, ids[i]!, c, rebuilding ? namesIn(names[i]!) : null, now);
        if (taken) ownWrite(i).digest = storedDigest(row.digest);
        const old = history.get(row.customerId)!;
        if (carryOver(row, old, now))
          changes.push([bulkId(), shop.id, row.customerId, old.segment as string, row.segment, ruleText(c.rule), now]);
        let same = 0;
        KEPT_IF_SAME.forEach((col, k) => {
          if (keepsStored(col, row[col], old[col])) same |= 1 << k;
        });
        let group = updates.get(same);
        if (!group) updates.set(same, (group = { columns: columns.filter((col) => setsColumn(col, same)), rows: [] }));
        group.rows.push(group.columns.map((col) => (row[col] ?? null) as SqlValue));
      }
    }
    // Rows left over belong to customers no longer scored (redacted, deleted, created after a
    // past `now`): counted, and read only when there are some.
    const [count] = await scoreRowCount;
    if (Number(count?.rows ?? 0) > withRow) {
      const kept = new Set(ids);
      const gone = (await sql.values(`SELECT "customerId" FROM "CustomerScore" WHERE "shopId" = ?`, [shop.id]))
        .map((v) => v[0] as string)
        .filter((id) => !kept.has(id));
      for (const slice of chunks(gone, 500))
        await sql.run(`DELETE FROM "CustomerScore" WHERE "shopId" = ? AND "customerId" IN ${marks(slice.length)}`, [
          shop.id,
          ...slice,
        ]);
    }
    let written = 0;
    let recordedChanges = 0;
    const scoreRows = async () => {
      if (pgRows.length) ({ written, changes: recordedChanges } = await updateScoresPg(sql, shop.id, columns, pgRows));
      for (const group of updates.values()) {
        await updateRows(sql, shop.id, group.columns, group.rows);
        written += group.rows.length;
      }
      await insertRows(sql, "CustomerScore", SCORE_COLUMNS, inserts);
    };
    await (taken ? unlistedWrites(sql, shop.id, scoreRows) : scoreRows());
    await insertRows(
      sql,
      "CustomerSegmentChange",
      ["id", "shopId", "customerId", "fromSegment", "toSegment", "rule", "changedAt"],
      changes,
    );
    if (taken) await recordOwnWrites(sql, shop.id, taken, own);
    const fittedAt = reuse && stored ? stored.fittedAt : now;
    // When the summaries were rebuilt, by the wall clock (compared with the imports' times).
    const rebuiltAt = rebuilding ? new Date() : summarizedAt;
    await sql.run(
      `INSERT INTO "CustomerModel" ("shopId", "bands", "customers", "cutPoints", "model", "computedAt", "fittedAt", "summarizedAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT ("shopId") DO UPDATE SET "bands" = excluded."bands", "customers" = excluded."customers",
         "cutPoints" = excluded."cutPoints", "model" = excluded."model", "computedAt" = excluded."computedAt",
         "fittedAt" = excluded."fittedAt", "summarizedAt" = excluded."summarizedAt"`,
      [
        shop.id,
        ranked.bands,
        scoredCustomers,
        JSON.stringify(ranked.cutPoints),
        JSON.stringify(model),
        now,
        fittedAt,
        rebuiltAt,
      ],
    );
    await recordSegmentDay(sql, shop, dayInZone(now, shop.timezone), totals);
    return {
      customers: ids.length,
      written: inserts.length + written,
      changes: changes.length + recordedChanges,
      summariesRebuilt: rebuilding,
      /** Whether the customers were read from the shop's read snapshot (SQLite, decision 067 sixth pass). */
      fromSnapshot,
      summariesWritten: summaryRows.length + noOrders.length,
      /** Of them, summaries moved to `now` by their window's look-ahead, without reading orders. */
      summariesSlid: slid.length,
      model,
      bands: ranked.bands,
    };
  }
}

/** A raw statement through a Prisma client (or its transaction): `?` marks, dates bound as each engine stores them. */
const rawParams = (params: readonly SqlValue[]) =>
  params.map((v) =>
    v instanceof Date ? (dialect === "postgresql" ? v.toISOString() : `${v.toISOString().slice(0, -1)}+00:00`) : v,
  );
const dollars = (text: string) => {
  if (dialect !== "postgresql") return text;
  let i = 0;
  return text.replace(/\?/g, () => `$${++i}`);
};
/** A webhook's statement, in the engine's placeholders. */
const hot = (text: string) => (dialect === "postgresql" ? dollars(text) : text);
const rawAll = (db: Db, text: string, params: readonly SqlValue[]) =>
  db.$queryRawUnsafe<Record<string, unknown>[]>(dollars(text), ...rawParams(params));
const rawRun = (db: Db, text: string, params: readonly SqlValue[]) =>
  db.$executeRawUnsafe(dollars(text), ...rawParams(params));

/**
 * The customer's non-cancelled orders, as a JSON array of [processedAt as UTC ISO text, net
 * minor units], read in the same statement as the customer (one round trip).
 */
const ORDERS_JSON =
  dialect === "postgresql"
    ? `(SELECT COALESCE(json_agg(json_build_array(to_char(o."processedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         o."totalMinor" - o."refundsMinor")), '[]'::json)
       FROM "Order" o WHERE o."shopId" = c."shopId" AND o."customerId" = c."id" AND o."cancelledAt" IS NULL)`
    : `(SELECT json_group_array(json_array(o."processedAt", o."totalMinor" - o."refundsMinor"))
       FROM "Order" o WHERE o."shopId" = c."shopId" AND o."customerId" = c."id" AND o."cancelledAt" IS NULL)`;

function ordersOf(json: unknown): OrderList {
  const list = (typeof json === "string" ? JSON.parse(json) : (json ?? [])) as [string | number, number | string][];
  return { times: list.map(([at]) => new Date(at).getTime()), values: list.map(([, net]) => Number(net)) };
}

const UPSERT_SUMMARY = `INSERT INTO "CustomerOrderSummary" (${SUMMARY_COLUMNS.map((c) => `"${c}"`).join(", ")})
   VALUES (?, ?, ${SUMMARY_FIELDS.map((f) => (dialect === "postgresql" ? `?::${SUMMARY_PG_TYPES[f]}` : "?")).join(", ")})
   ON CONFLICT ("shopId", "customerId") DO UPDATE SET ${SUMMARY_FIELDS.map((f) => `"${f}" = excluded."${f}"`).join(", ")}`;

const UPDATE_SUMMARY = `UPDATE "CustomerOrderSummary" SET ${SUMMARY_FIELDS.map(
  (f) => `"${f}" = ${dialect === "postgresql" ? `?::${SUMMARY_PG_TYPES[f]}` : "?"}`,
).join(", ")} WHERE "shopId" = ? AND "customerId" = ?`;

/** `(?, ?::int, …)` for the score columns: PostgreSQL is told the type of each bound value. */
const typedMarks = (columns: readonly (typeof SCORE_COLUMNS)[number][]) =>
  `(${columns.map((c) => (dialect === "postgresql" && PG_TYPES[c] ? `?::${PG_TYPES[c]}` : "?")).join(", ")})`;

/** The columns UPSERT_SCORE sets on an existing row, and the same as an UPDATE. */
const UPDATE_SCORE_COLUMNS = UPDATE_COLUMNS.filter((c) => c !== "customerId");
const UPSERT_SCORE = `INSERT INTO "CustomerScore" (${SCORE_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES ${typedMarks(SCORE_COLUMNS)}
   ON CONFLICT ("shopId", "customerId") DO UPDATE SET ${UPDATE_SCORE_COLUMNS.map(
     (c) => `"${c}" = excluded."${c}"`,
   ).join(", ")}`;

const UPDATE_SCORE = `UPDATE "CustomerScore" SET ${UPDATE_SCORE_COLUMNS.map(
  (c) => `"${c}" = ${dialect === "postgresql" && PG_TYPES[c] ? `?::${PG_TYPES[c]}` : "?"}`,
).join(", ")} WHERE "shopId" = ? AND "customerId" = ?`;

/**
 * A webhook's read: the customer, their score row and order summary, the shop's model and
 * settings, and the customer's orders (ORDERS_JSON).
 */
const RESCORE_READ = hot(
  `SELECT c."id", c."firstName", c."lastName", c."email", c."createdAt",
     s."digest", s."searchText", s."sortName", s."segment", s."previousSegment", s."segmentChangedAt", s."taggedSegment",
     m."bands", m."customers", m."cutPoints", m."model", m."computedAt", m."fittedAt",
     t."vipMinScore", t."newWithinDays", t."atRiskMinMonetaryScore", t."atRiskGapMultiplier", t."atRiskMaxRecencyScore",
     ${SUMMARY_FIELDS.map((f) => `os."${f}"`).join(", ")},
     ${ORDERS_JSON} AS "ordersJson"
   FROM "Customer" c
   LEFT JOIN "CustomerScore" s ON s."shopId" = c."shopId" AND s."customerId" = c."id"
   LEFT JOIN "CustomerOrderSummary" os ON os."shopId" = c."shopId" AND os."customerId" = c."id"
   LEFT JOIN "CustomerModel" m ON m."shopId" = c."shopId"
   LEFT JOIN "CustomerSegmentSettings" t ON t."shopId" = c."shopId"
   WHERE c."id" = ? AND c."shopId" = ? AND c."redactedAt" IS NULL AND c."deletedAt" IS NULL`,
);

/**
 * Rescores one customer against the shop's last whole-shop recompute (its cut points and
 * fitted model). A customer redacted or deleted loses their row. Before the first whole-shop
 * recompute there is nothing to score against: the recompute that follows the import will.
 * On the webhook path: one query reads the customer, their orders, their score row, the shop's
 * model and settings; one writes the row, only when it changed.
 */
export async function rescoreCustomer(db: Db, shop: ScoreShop, customerId: string, now = new Date()) {
  const [found] = await rawAll(db, RESCORE_READ, [customerId, shop.id]);
  if (!found) {
    const deleted = await rawRun(db, `DELETE FROM "CustomerScore" WHERE "shopId" = ? AND "customerId" = ?`, [
      shop.id,
      customerId,
    ]);
    if (deleted) await noteScoreDeletion(db, shop.id);
    await rawRun(db, `DELETE FROM "CustomerOrderSummary" WHERE "shopId" = ? AND "customerId" = ?`, [
      shop.id,
      customerId,
    ]);
    return null;
  }
  // The customer's order summary follows their orders here: every order, refund and customer
  // webhook rescores the customers it touched (decision 067).
  const list = ordersOf(found.ordersJson);
  const { stored: summary, scoring: current } = summariesOf(list.times.length ? list : undefined, now.getTime());
  const before = summaryFrom(found);
  // The summary's write, when it changed: run with the score row's (writeRescore), or alone
  // before a return that writes no score row.
  let summaryWrite: SummaryWrite = null;
  if (!summary && before) summaryWrite = { gone: true };
  else if (summary && !(sameOrders(before, summary) && validFor(before!, now.getTime())))
    summaryWrite = { values: summaryValues(shop.id, customerId, summary), existed: !!before };
  const summaryOnly = () => writeRescore(db, shop.id, customerId, summaryWrite, null, null);
  const stored =
    found.model === null || found.model === undefined
      ? null
      : parseModel(shop.id, {
          bands: Number(found.bands),
          customers: Number(found.customers),
          cutPoints: found.cutPoints as string,
          model: found.model as string,
          computedAt: asDate(found.computedAt),
          fittedAt: asDate(found.fittedAt),
        });
  if (!stored) {
    await summaryOnly();
    return null;
  }
  const settings =
    found.vipMinScore === null || found.vipMinScore === undefined
      ? DEFAULT_SEGMENT_SETTINGS
      : {
          vipMinScore: Number(found.vipMinScore),
          newWithinDays: Number(found.newWithinDays),
          atRiskMinMonetaryScore: Number(found.atRiskMinMonetaryScore),
          atRiskGapMultiplier: Number(found.atRiskGapMultiplier),
          atRiskMaxRecencyScore: Number(found.atRiskMaxRecencyScore),
        };
  const names: Names = {
    firstName: found.firstName as string | null,
    lastName: found.lastName as string | null,
    email: found.email as string | null,
  };
  const figures = figuresFrom(customerId, current, now);
  const scores = scoresAgainst(figures, stored.cutPoints);
  const computed = compute(
    current,
    figures,
    scores,
    { bands: stored.bands, settings, model: stored.model },
    scores ? null : createdDaysOf(found.createdAt, now.getTime()),
  );
  const row = rowOf(shop.id, customerId, computed, names, now);
  const old = found.segment === null || found.segment === undefined ? null : found;
  if (old && old.digest === row.digest && !namesMoved(names, old.searchText, old.sortName)) {
    await summaryOnly();
    return row;
  }
  row.taggedSegment = (old?.taggedSegment as string | null | undefined) ?? null;
  const change =
    old && carryOver(row, old, now)
      ? [bulkId(), shop.id, customerId, old.segment as string, row.segment, ruleText(computed.rule), now]
      : null;
  await writeRescore(db, shop.id, customerId, summaryWrite, change, { row, existed: !!old });
  return row;
}

/** A rescore's summary write: the customer's summary gone, or its values (summaryValues). */
type SummaryWrite = { gone: true } | { values: SqlValue[]; existed: boolean } | null;

const INSERT_CHANGE = `INSERT INTO "CustomerSegmentChange" ("id", "shopId", "customerId", "fromSegment", "toSegment", "rule", "changedAt")
   VALUES (?, ?, ?, ?, ?, ?, ${dialect === "postgresql" ? "?::timestamp(3)" : "?"})`;

/**
 * A rescore's writes: the summary, the segment change and the score row, each when there is
 * one. Existing rows are updated: on PostgreSQL an upsert would fire the read snapshot's insert
 * and update triggers both (twelfth pass), so the upsert is the fallback for a row that is not
 * there. On PostgreSQL the updates and the change go as one statement (data-modifying WITH
 * parts, which all run), saying how many rows each update found: each statement through the
 * webhook's Prisma transaction is a round trip and ~1 ms of the rescore (decision 067,
 * thirteenth pass). SQLite runs in this process: one statement each.
 */
async function writeRescore(
  db: Db,
  shopId: string,
  customerId: string,
  summary: SummaryWrite,
  change: SqlValue[] | null,
  score: { row: ScoreRow; existed: boolean } | null,
) {
  const key = [shopId, customerId];
  if (summary && "gone" in summary) {
    await rawRun(db, `DELETE FROM "CustomerOrderSummary" WHERE "shopId" = ? AND "customerId" = ?`, key);
    summary = null;
  }
  const summaryUpdate = summary?.existed ? [...summary.values.slice(2), ...key] : null;
  const scoreUpdate = score?.existed
    ? [...UPDATE_SCORE_COLUMNS.map((c) => (score.row[c] ?? null) as SqlValue), ...key]
    : null;
  let summaryFound = false;
  let scoreFound = false;
  if (dialect === "postgresql" && [summaryUpdate, change, scoreUpdate].filter(Boolean).length > 1) {
    const parts: string[] = [];
    const params: SqlValue[] = [];
    const part = (text: string, values: SqlValue[]) => {
      parts.push(text);
      params.push(...values);
    };
    if (summaryUpdate) part(`s AS (${UPDATE_SUMMARY} RETURNING 1)`, summaryUpdate);
    if (change) part(`c AS (${INSERT_CHANGE})`, change);
    if (scoreUpdate) part(`u AS (${UPDATE_SCORE} RETURNING 1)`, scoreUpdate);
    // One of four texts (which parts there are).
    const [found] = await rawAll(
      db,
      hot(`WITH ${parts.join(", ")} SELECT ${summaryUpdate ? `(SELECT count(*) FROM s)` : "0"} AS "summaries",
         ${scoreUpdate ? `(SELECT count(*) FROM u)` : "0"} AS "scores"`),
      params,
    );
    summaryFound = Number(found?.summaries) > 0;
    scoreFound = Number(found?.scores) > 0;
  } else {
    if (summaryUpdate) summaryFound = (await rawRun(db, hot(UPDATE_SUMMARY), summaryUpdate)) > 0;
    if (change) await rawRun(db, hot(INSERT_CHANGE), change);
    if (scoreUpdate) scoreFound = (await rawRun(db, hot(UPDATE_SCORE), scoreUpdate)) > 0;
  }
  if (summary && !summaryFound) await rawRun(db, hot(UPSERT_SUMMARY), summary.values);
  if (score && !scoreFound)
    await rawRun(
      db,
      hot(UPSERT_SCORE),
      SCORE_COLUMNS.map((c) => (score.row[c] ?? null) as SqlValue),
    );
}

/** After customers/redact or shop/redact: redacted customers leave segments, exports and lists. */
export async function dropRedactedScores(db: Db, shopId: string) {
  const { count } = await db.customerScore.deleteMany({ where: { shopId, customer: { redactedAt: { not: null } } } });
  if (count) await noteScoreDeletion(db, shopId);
}

/** After score rows were deleted: the value sort's order reads the deletion from scoreDeletions (value-order.server.ts). */
const noteScoreDeletion = (db: Db, shopId: string) =>
  rawRun(
    db,
    `UPDATE "Shop" SET "dataVersion" = "dataVersion" + 1, "scoreDeletions" = "scoreDeletions" + 1 WHERE "id" = ?`,
    [shopId],
  );

/** Stores the shop's segment thresholds (the next recompute applies them). */
export async function saveSegmentSettings(shopId: string, settings: SegmentSettings) {
  await prisma.customerSegmentSettings.upsert({ where: { shopId }, create: { shopId, ...settings }, update: settings });
}
