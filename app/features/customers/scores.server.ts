// Keeps every customer's scores, segment, lifetime value and churn risk current:
// recomputeShop for the whole shop (after an import and nightly), rescoreCustomer for one
// customer inside the webhook transaction that changed their orders or details.
import { z } from "zod";
import { prisma, type Prisma } from "~/db.server";
import { bulkId, inSqlTransaction, insertRows, type SqlRunner, type SqlValue } from "~/platform/sql-runner.server";
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

/** The customer-identifying fields a score row is built from; customers redacted or deleted have none. */
const SCORED_CUSTOMER = { redactedAt: null, deletedAt: null } as const;

/** Non-cancelled orders up to `now`, net of refunds, grouped by customer. */
async function ordersByCustomer(db: Db, shopId: string, now: Date, customerId?: string) {
  const rows = await db.order.findMany({
    where: {
      shopId,
      cancelledAt: null,
      processedAt: { lte: now },
      ...(customerId ? { customerId } : { customerId: { not: null } }),
    },
    select: { customerId: true, processedAt: true, totalMinor: true, refundsMinor: true },
  });
  const byCustomer = new Map<string, OrderPoint[]>();
  for (const o of rows) {
    const list = byCustomer.get(o.customerId!) ?? [];
    list.push({ at: o.processedAt, netMinor: o.totalMinor - o.refundsMinor });
    byCustomer.set(o.customerId!, list);
  }
  return byCustomer;
}

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
    predicted12mMinor: prediction?.predicted12mMinor ?? null,
    pNoPurchase90: prediction?.pNoPurchase90 ?? null,
    churnRisk: prediction?.churnRisk ?? null,
    expectedNextOrderAt: prediction?.expectedNextOrderAt ? new Date(prediction.expectedNextOrderAt) : null,
    computedAt: now,
  };
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
    return scoreRow(shop.id, c, orders.get(c.id) ?? [], figures[i]!, scores, segment, prediction, now);
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
] as const;

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
    for (const o of await sql.all(
      `SELECT "customerId", "processedAt", "totalMinor", "refundsMinor" FROM "Order"
       WHERE "shopId" = ? AND "cancelledAt" IS NULL AND "customerId" IS NOT NULL AND "processedAt" <= ?`,
      [shop.id, now],
    )) {
      const id = o.customerId as string;
      let list = orders.get(id);
      if (!list) orders.set(id, (list = []));
      list.push({ at: asDate(o.processedAt), netMinor: Number(o.totalMinor) - Number(o.refundsMinor) });
    }
    const computed = computeRows(shop, customers, orders, settings, reuse, now);
    const before = new Map(
      (
        await sql.all(
          `SELECT "customerId", "segment", "previousSegment", "segmentChangedAt", "taggedSegment" FROM "CustomerScore" WHERE "shopId" = ?`,
          [shop.id],
        )
      ).map((b) => [b.customerId as string, b]),
    );
    const changes: SqlValue[][] = [];
    for (const row of computed.rows) {
      const old = before.get(row.customerId);
      if (!old) continue;
      // What Shopify's tags hold does not change with the scores (the tag job converges it).
      row.taggedSegment = (old.taggedSegment as string | null) ?? null;
      if (old.segment !== row.segment) {
        row.previousSegment = old.segment as string;
        row.segmentChangedAt = now;
        changes.push([bulkId(), shop.id, row.customerId, old.segment as string, row.segment, row.rule, now]);
      } else {
        row.previousSegment = (old.previousSegment as string | null) ?? null;
        row.segmentChangedAt = asDateOrNull(old.segmentChangedAt);
      }
    }
    await sql.run(`DELETE FROM "CustomerScore" WHERE "shopId" = ?`, [shop.id]);
    await insertRows(
      sql,
      "CustomerScore",
      SCORE_COLUMNS,
      computed.rows.map((r) => SCORE_COLUMNS.map((c) => (r[c] ?? null) as SqlValue)),
    );
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
    return { customers: computed.rows.length, changes: changes.length, model: computed.model, bands: computed.bands };
  });
}

/**
 * Rescores one customer against the shop's last whole-shop recompute (its cut points and
 * fitted model). A customer redacted or deleted loses their row. Before the first whole-shop
 * recompute there is nothing to score against: the recompute that follows the import will.
 */
export async function rescoreCustomer(db: Db, shop: ScoreShop, customerId: string, now = new Date()) {
  const customer = await db.customer.findFirst({
    where: { id: customerId, shopId: shop.id, ...SCORED_CUSTOMER },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      createdAt: true,
      score: { select: { segment: true, previousSegment: true, segmentChangedAt: true } },
      shop: { select: { customerModel: true, customerSegmentSettings: true } },
    },
  });
  if (!customer) {
    await db.customerScore.deleteMany({ where: { shopId: shop.id, customerId } });
    return null;
  }
  const stored = parseModel(shop.id, customer.shop.customerModel);
  if (!stored) return null;
  const settings = settingsOf(customer.shop.customerSegmentSettings);
  const orders = (await ordersByCustomer(db, shop.id, now, customer.id)).get(customer.id) ?? [];
  const figures = figuresOf(customer.id, orders, now);
  const scores = scoresAgainst(figures, stored.cutPoints);
  const segment = segmentOf(figures, scores, stored.bands, settings, createdDays(customer, now));
  const prediction = predict(stored.model, historyOf(customer.id, orders), now.getTime());
  const row = scoreRow(shop.id, customer, orders, figures, scores, segment, prediction, now);
  const old = customer.score;
  if (old && old.segment !== row.segment) {
    row.previousSegment = old.segment;
    row.segmentChangedAt = now;
    await db.customerSegmentChange.create({
      data: {
        shopId: shop.id,
        customerId: customer.id,
        fromSegment: old.segment,
        toSegment: row.segment,
        rule: row.rule,
        changedAt: now,
      },
    });
  } else if (old) {
    row.previousSegment = old.previousSegment;
    row.segmentChangedAt = old.segmentChangedAt;
  }
  const { shopId: _shopId, customerId: _customerId, ...update } = row;
  await db.customerScore.upsert({
    where: { shopId_customerId: { shopId: shop.id, customerId: customer.id } },
    create: row,
    update,
  });
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
