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
import { chunks } from "~/lib/chunks";
import { dayInZone } from "~/lib/dates";
import { fitShopModel, predict, type History, type Prediction, type ShopModel } from "./clv";
import {
  DEFAULT_SEGMENT_SETTINGS,
  figuresOf,
  scoreShop,
  scoresAgainst,
  segmentOf,
  SEGMENTS,
  type CustomerFigures,
  type CutPoints,
  type OrderPoint,
  type Scores,
  type Segment,
  type SegmentSettings,
} from "./rfm";

type Db = typeof prisma | Prisma.TransactionClient;
export type ScoreShop = { id: string; timezone: string };

const DAY_MS = 86_400_000;
/** The fitted lifetime-value model is reused for a day; the nightly recompute refits it. */
const REFIT_AFTER_MS = 20 * 60 * 60 * 1000;

export async function getSegmentSettings(db: Db, shopId: string): Promise<SegmentSettings> {
  return settingsOf(await db.customerSegmentSettings.findUnique({ where: { shopId } }));
}

type CustomerRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  createdAt: Date;
};

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

const searchTextOf = (c: CustomerRow) => searchKey(`${displayName(c)} ${c.email ?? ""}`.trim());

const historyOf = (id: string, orders: readonly OrderPoint[]): History => ({
  id,
  orderTimes: orders.map((o) => o.at.getTime()),
  orderValuesMinor: orders.map((o) => o.netMinor),
});

type ScoreRow = Prisma.CustomerScoreCreateManyInput;

function scoreRow(
  shopId: string,
  c: CustomerRow,
  orders: readonly OrderPoint[],
  figures: CustomerFigures,
  scores: Scores | null,
  segment: { segment: Segment; rule: string },
  prediction: Prediction | null,
  now: Date,
): ScoreRow {
  const times = orders.map((o) => o.at.getTime());
  return {
    shopId,
    customerId: c.id,
    searchText: searchTextOf(c),
    sortName: (displayName(c) || c.email || "").toLowerCase(),
    orders: orders.length,
    totalSpentMinor: orders.reduce((s, o) => s + o.netMinor, 0),
    lastOrderAt: times.length ? new Date(Math.max(...times)) : null,
    firstOrderAt: times.length ? new Date(Math.min(...times)) : null,
    recencyDays: figures.recencyDays,
    frequency: figures.frequency,
    monetaryMinor: figures.monetaryMinor,
    medianGapDays: figures.medianGapDays,
    r: scores?.r ?? null,
    f: scores?.f ?? null,
    m: scores?.m ?? null,
    segment: segment.segment,
    rule: segment.rule,
    ltvMethod: prediction?.method ?? null,
    // Stored at the precision they are shown with, so a recompute minutes later finds the row
    // unchanged (predictions move with the clock): whole currency units, a tenth of a percent,
    // and the day (noon UTC, the same calendar day in every time zone from UTC−11 to UTC+11).
    predicted12mMinor: prediction ? Math.round(prediction.predicted12mMinor / 100) * 100 : null,
    pNoPurchase90: prediction ? Math.round(prediction.pNoPurchase90 * 1000) / 1000 : null,
    churnRisk: prediction?.churnRisk ?? null,
    expectedNextOrderAt: prediction?.expectedNextOrderAt ? noonOf(prediction.expectedNextOrderAt) : null,
    computedAt: now,
    digest: "",
  };
}

const noonOf = (t: number) => new Date(Math.floor(t / DAY_MS) * DAY_MS + DAY_MS / 2);

/** The computed columns a digest covers: everything a recompute derives, not when or what Shopify holds. */
const DIGEST_COLUMNS = [
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
  "ltvMethod",
  "predicted12mMinor",
  "pNoPurchase90",
  "churnRisk",
  "expectedNextOrderAt",
] as const satisfies readonly (keyof ScoreRow)[];

/** A 53-bit hash (cyrb53) of the row's computed columns, as a base-36 string. */
export function digestOf(row: ScoreRow): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const column of DIGEST_COLUMNS) {
    const v = row[column];
    const text = v === null || v === undefined ? "\u0000" : v instanceof Date ? String(v.getTime()) : String(v);
    for (let i = 0; i <= text.length; i++) {
      const ch = i < text.length ? text.charCodeAt(i) : 1;
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const createdDays = (c: CustomerRow, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - c.createdAt.getTime()) / DAY_MS));

export type SegmentTotals = Record<Segment, { customers: number; revenueMinor: number }>;

/** Every customer's row as of `now` from the shop's customers and orders (no database access). */
export function computeRows(
  shop: ScoreShop,
  customers: readonly CustomerRow[],
  orders: Map<string, OrderPoint[]>,
  settings: SegmentSettings,
  reuse: ShopModel | null,
  now: Date,
) {
  const figures = customers.map((c) => figuresOf(c.id, orders.get(c.id) ?? [], now));
  const scored = scoreShop(figures);
  const histories = customers.map((c) => historyOf(c.id, orders.get(c.id) ?? []));
  const model = reuse ?? fitShopModel(histories, now.getTime());
  const totals = Object.fromEntries(SEGMENTS.map((s) => [s, { customers: 0, revenueMinor: 0 }])) as SegmentTotals;
  const rows = customers.map((c, i) => {
    const scores = scored.scores.get(c.id) ?? null;
    const segment = segmentOf(figures[i]!, scores, scored.bands, settings, createdDays(c, now));
    totals[segment.segment].customers++;
    totals[segment.segment].revenueMinor += figures[i]!.monetaryMinor;
    const prediction = predict(model, histories[i]!, now.getTime());
    const row = scoreRow(shop.id, c, orders.get(c.id) ?? [], figures[i]!, scores, segment, prediction, now);
    row.digest = digestOf(row);
    return row;
  });
  return { rows, totals, bands: scored.bands, cutPoints: scored.cutPoints, model };
}

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
] as const;

/** PostgreSQL types of the columns a multi-row UPDATE sets (its VALUES list carries no column types). */
const PG_TYPES: Partial<Record<(typeof SCORE_COLUMNS)[number], string>> = {
  orders: "int",
  totalSpentMinor: "int",
  lastOrderAt: "timestamp(3)",
  firstOrderAt: "timestamp(3)",
  recencyDays: "int",
  frequency: "int",
  monetaryMinor: "int",
  medianGapDays: "int",
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
const UPDATE_ROWS = 100;

/** A multi-row UPDATE (a VALUES list joined on the key), on both engines; rows in UPDATE_COLUMNS order. */
async function updateRows(sql: SqlRunner, shopId: string, rows: readonly SqlValue[][]) {
  const pg = sql.dialect === "postgresql";
  const names = UPDATE_COLUMNS.map((c) => `"${c}"`).join(", ");
  const sets = UPDATE_COLUMNS.filter((c) => c !== "customerId")
    .map((c) => `"${c}" = v."${c}"${pg && PG_TYPES[c] ? `::${PG_TYPES[c]}` : ""}`)
    .join(", ");
  const statement = (n: number) =>
    `WITH v(${names}) AS (VALUES ${Array.from({ length: n }, () => marks(UPDATE_COLUMNS.length)).join(", ")})
     UPDATE "CustomerScore" SET ${sets} FROM v
     WHERE "CustomerScore"."shopId" = ? AND "CustomerScore"."customerId" = v."customerId"`;
  // PostgreSQL reads the dates as text (ISO, UTC) and casts them; SQLite stores them as Prisma does.
  const value = (v: SqlValue) => (pg && v instanceof Date ? v.toISOString() : sql.convert(v));
  const full = statement(UPDATE_ROWS);
  for (let i = 0; i < rows.length; i += UPDATE_ROWS) {
    const slice = rows.slice(i, i + UPDATE_ROWS);
    const params: unknown[] = [];
    for (const row of slice) for (const v of row) params.push(value(v));
    params.push(shopId);
    await sql.runConverted(slice.length === UPDATE_ROWS ? full : statement(slice.length), params);
  }
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

/**
 * Recomputes every customer of the shop in one transaction: scores, segments (keeping the
 * previous segment and when it changed), lifetime value and churn risk; records today's
 * segment sizes. Plain SQL on one connection (app/platform/sql-runner.server.ts): this is the
 * hot path at 100,000 customers.
 */
export async function recomputeShop(shop: ScoreShop, { now = new Date(), refit = false } = {}) {
  const [settings, stored] = await Promise.all([getSegmentSettings(prisma, shop.id), getStoredModel(prisma, shop.id)]);
  const age = stored ? now.getTime() - stored.fittedAt.getTime() : Infinity;
  const reuse = !refit && stored && age >= 0 && age < REFIT_AFTER_MS ? stored.model : null;
  return inSqlTransaction(async (sql) => {
    const customers = (
      await sql.all(
        `SELECT "id", "firstName", "lastName", "email", "createdAt" FROM "Customer"
         WHERE "shopId" = ? AND "redactedAt" IS NULL AND "deletedAt" IS NULL AND "createdAt" <= ?`,
        [shop.id, now],
      )
    ).map((c) => ({
      id: c.id as string,
      firstName: c.firstName as string | null,
      lastName: c.lastName as string | null,
      email: c.email as string | null,
      createdAt: asDate(c.createdAt),
    }));
    const orders = new Map<string, OrderPoint[]>();
    // SQLite reads the shop's orders in one pass over the table: its planner would otherwise
    // walk the (shopId, customerId) index and fetch each order's row at random, 2.5× the CPU
    // time at 400,000 orders (decision 061). SQLite is the one-shop embedded engine, so the
    // pass reads little else; PostgreSQL's planner chooses with statistics.
    for (const o of await sql.all(
      `SELECT "customerId", "processedAt", "totalMinor", "refundsMinor" FROM "Order"${sql.dialect === "sqlite" ? " NOT INDEXED" : ""}
       WHERE "shopId" = ? AND "cancelledAt" IS NULL AND "customerId" IS NOT NULL AND "processedAt" <= ?`,
      [shop.id, now],
    )) {
      const id = o.customerId as string;
      let list = orders.get(id);
      if (!list) orders.set(id, (list = []));
      list.push({ at: asDate(o.processedAt), netMinor: Number(o.totalMinor) - Number(o.refundsMinor) });
    }
    const computed = computeRows(shop, customers, orders, settings, reuse, now);
    // Only rows whose computed columns changed are written: the digest tells which.
    const before = new Map<string, Record<string, unknown>>();
    for (const b of await sql.all(
      `SELECT "customerId", "digest", "segment", "previousSegment", "segmentChangedAt" FROM "CustomerScore" WHERE "shopId" = ?`,
      [shop.id],
    ))
      before.set(b.customerId as string, b);
    const changes: SqlValue[][] = [];
    const inserts: SqlValue[][] = [];
    const updates: SqlValue[][] = [];
    for (const row of computed.rows) {
      const old = before.get(row.customerId);
      before.delete(row.customerId);
      if (!old) {
        inserts.push(SCORE_COLUMNS.map((c) => (row[c] ?? null) as SqlValue));
        continue;
      }
      if (old.digest === row.digest) continue;
      if (old.segment !== row.segment) {
        row.previousSegment = old.segment as string;
        row.segmentChangedAt = now;
        changes.push([bulkId(), shop.id, row.customerId, old.segment as string, row.segment, row.rule, now]);
      } else {
        row.previousSegment = (old.previousSegment as string | null) ?? null;
        row.segmentChangedAt = asDateOrNull(old.segmentChangedAt);
      }
      updates.push(UPDATE_COLUMNS.map((c) => (row[c] ?? null) as SqlValue));
    }
    // Rows left over belong to customers no longer scored (redacted, deleted).
    for (const slice of chunks([...before.keys()], 500))
      await sql.run(
        `DELETE FROM "CustomerScore" WHERE "shopId" = ? AND "customerId" IN (${slice.map(() => "?").join(", ")})`,
        [shop.id, ...slice],
      );
    await updateRows(sql, shop.id, updates);
    await insertRows(sql, "CustomerScore", SCORE_COLUMNS, inserts);
    await insertRows(
      sql,
      "CustomerSegmentChange",
      ["id", "shopId", "customerId", "fromSegment", "toSegment", "rule", "changedAt"],
      changes,
    );
    const fittedAt = reuse && stored ? stored.fittedAt : now;
    await sql.run(
      `INSERT INTO "CustomerModel" ("shopId", "bands", "customers", "cutPoints", "model", "computedAt", "fittedAt")
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT ("shopId") DO UPDATE SET "bands" = excluded."bands", "customers" = excluded."customers",
         "cutPoints" = excluded."cutPoints", "model" = excluded."model", "computedAt" = excluded."computedAt",
         "fittedAt" = excluded."fittedAt"`,
      [
        shop.id,
        computed.bands,
        computed.rows.filter((r) => r.r !== null).length,
        JSON.stringify(computed.cutPoints),
        JSON.stringify(computed.model),
        now,
        fittedAt,
      ],
    );
    await recordSegmentDay(sql, shop, dayInZone(now, shop.timezone), computed.totals);
    return {
      customers: computed.rows.length,
      written: inserts.length + updates.length,
      changes: changes.length,
      model: computed.model,
      bands: computed.bands,
    };
  });
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
const rawAll = (db: Db, text: string, params: readonly SqlValue[]) =>
  db.$queryRawUnsafe<Record<string, unknown>[]>(dollars(text), ...rawParams(params));
const rawRun = (db: Db, text: string, params: readonly SqlValue[]) =>
  db.$executeRawUnsafe(dollars(text), ...rawParams(params));

/**
 * The customer's non-cancelled orders up to the bound `now`, as a JSON array of [processedAt as
 * UTC ISO text, net minor units], read in the same statement as the customer (one round trip).
 */
const ORDERS_JSON =
  dialect === "postgresql"
    ? `(SELECT COALESCE(json_agg(json_build_array(to_char(o."processedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         o."totalMinor" - o."refundsMinor")), '[]'::json)
       FROM "Order" o WHERE o."shopId" = c."shopId" AND o."customerId" = c."id" AND o."cancelledAt" IS NULL
         AND o."processedAt" <= ?::timestamp(3))`
    : `(SELECT json_group_array(json_array(o."processedAt", o."totalMinor" - o."refundsMinor"))
       FROM "Order" o WHERE o."shopId" = c."shopId" AND o."customerId" = c."id" AND o."cancelledAt" IS NULL
         AND o."processedAt" <= ?)`;

function ordersOf(json: unknown): OrderPoint[] {
  const list = (typeof json === "string" ? JSON.parse(json) : (json ?? [])) as [string | number, number | string][];
  return list.map(([at, net]) => ({ at: typeof at === "number" ? new Date(at) : new Date(at), netMinor: Number(net) }));
}

/** `(?, ?::int, …)` for the score columns: PostgreSQL is told the type of each bound value. */
const typedMarks = (columns: readonly (typeof SCORE_COLUMNS)[number][]) =>
  `(${columns.map((c) => (dialect === "postgresql" && PG_TYPES[c] ? `?::${PG_TYPES[c]}` : "?")).join(", ")})`;

const UPSERT_SCORE = `INSERT INTO "CustomerScore" (${SCORE_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES ${typedMarks(SCORE_COLUMNS)}
   ON CONFLICT ("shopId", "customerId") DO UPDATE SET ${UPDATE_COLUMNS.filter((c) => c !== "customerId")
     .map((c) => `"${c}" = excluded."${c}"`)
     .join(", ")}`;

/**
 * Rescores one customer against the shop's last whole-shop recompute (its cut points and
 * fitted model). A customer redacted or deleted loses their row. Before the first whole-shop
 * recompute there is nothing to score against: the recompute that follows the import will.
 * On the webhook path: one query reads the customer, their orders, their score row, the shop's
 * model and settings; one writes the row, only when it changed.
 */
export async function rescoreCustomer(db: Db, shop: ScoreShop, customerId: string, now = new Date()) {
  const [found] = await rawAll(
    db,
    `SELECT c."id", c."firstName", c."lastName", c."email", c."createdAt",
       s."digest", s."segment", s."previousSegment", s."segmentChangedAt", s."taggedSegment",
       m."bands", m."customers", m."cutPoints", m."model", m."computedAt", m."fittedAt",
       t."vipMinScore", t."newWithinDays", t."atRiskMinMonetaryScore", t."atRiskGapMultiplier", t."atRiskMaxRecencyScore",
       ${ORDERS_JSON} AS "ordersJson"
     FROM "Customer" c
     LEFT JOIN "CustomerScore" s ON s."shopId" = c."shopId" AND s."customerId" = c."id"
     LEFT JOIN "CustomerModel" m ON m."shopId" = c."shopId"
     LEFT JOIN "CustomerSegmentSettings" t ON t."shopId" = c."shopId"
     WHERE c."id" = ? AND c."shopId" = ? AND c."redactedAt" IS NULL AND c."deletedAt" IS NULL`,
    [now, customerId, shop.id],
  );
  if (!found) {
    await rawRun(db, `DELETE FROM "CustomerScore" WHERE "shopId" = ? AND "customerId" = ?`, [shop.id, customerId]);
    return null;
  }
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
  if (!stored) return null;
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
  const customer: CustomerRow = {
    id: found.id as string,
    firstName: found.firstName as string | null,
    lastName: found.lastName as string | null,
    email: found.email as string | null,
    createdAt: asDate(found.createdAt),
  };
  const orders = ordersOf(found.ordersJson);
  const figures = figuresOf(customer.id, orders, now);
  const scores = scoresAgainst(figures, stored.cutPoints);
  const segment = segmentOf(figures, scores, stored.bands, settings, createdDays(customer, now));
  const prediction = predict(stored.model, historyOf(customer.id, orders), now.getTime());
  const row = scoreRow(shop.id, customer, orders, figures, scores, segment, prediction, now);
  row.digest = digestOf(row);
  const old = found.segment === null || found.segment === undefined ? null : found;
  if (old && old.digest === row.digest) return row;
  row.taggedSegment = (old?.taggedSegment as string | null | undefined) ?? null;
  if (old && old.segment !== row.segment) {
    row.previousSegment = old.segment as string;
    row.segmentChangedAt = now;
    await rawRun(
      db,
      `INSERT INTO "CustomerSegmentChange" ("id", "shopId", "customerId", "fromSegment", "toSegment", "rule", "changedAt")
       VALUES (?, ?, ?, ?, ?, ?, ${dialect === "postgresql" ? "?::timestamp(3)" : "?"})`,
      [bulkId(), shop.id, customer.id, old.segment as string, row.segment, row.rule, now],
    );
  } else if (old) {
    row.previousSegment = (old.previousSegment as string | null) ?? null;
    row.segmentChangedAt = asDateOrNull(old.segmentChangedAt);
  }
  await rawRun(
    db,
    UPSERT_SCORE,
    SCORE_COLUMNS.map((c) => (row[c] ?? null) as SqlValue),
  );
  return row;
}

/** After customers/redact or shop/redact: redacted customers leave segments, exports and lists. */
export async function dropRedactedScores(db: Db, shopId: string) {
  await db.customerScore.deleteMany({ where: { shopId, customer: { redactedAt: { not: null } } } });
}

/** Stores the shop's segment thresholds (the next recompute applies them). */
export async function saveSegmentSettings(shopId: string, settings: SegmentSettings) {
  await prisma.customerSegmentSettings.upsert({ where: { shopId }, create: { shopId, ...settings }, update: settings });
}
