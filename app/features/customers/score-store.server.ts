// What customer scoring stores and reads back: the shop's thresholds and fitted model, and the
// score rows with their segment history, written the same way by the whole-shop recompute and a
// webhook's rescore.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { dialect, jsonRows, prisma, sql, sqlOn, type DbClient } from "~/db.server";
import type { ShopModel } from "./clv";
import { DEFAULT_SEGMENT_SETTINGS, type CutPoints, type SegmentSettings } from "./rfm";
import { AS_OF_COLUMNS, STABLE_COLUMNS, type ScoredRow } from "./score-row";
import { SUMMARY_FIELDS } from "./summary";

export type ScoreShop = { id: string; timezone: string };

export async function getSegmentSettings(db: DbClient, shopId: string): Promise<SegmentSettings> {
  const select = { vipMinScore: true, newWithinDays: true } as const;
  return (await db.customerSegmentSettings.findUnique({ where: { shopId }, select })) ?? DEFAULT_SEGMENT_SETTINGS;
}

/** Stores the shop's segment thresholds (the next recompute applies them). */
export async function saveSegmentSettings(shopId: string, settings: SegmentSettings) {
  await prisma.customerSegmentSettings.upsert({ where: { shopId }, create: { shopId, ...settings }, update: settings });
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
]) satisfies z.ZodType<ShopModel>;
const band = z.array(z.number().nullable());
const cutPointsSchema = z.object({ r: band, f: band, m: band }) satisfies z.ZodType<CutPoints>;

/** The shop's last whole-shop recompute: its bands, cut points and fitted model (null before the first). */
export async function getStoredModel(db: DbClient, shopId: string) {
  const row = await db.customerModel.findUnique({ where: { shopId } });
  if (!row) return null;
  const model = modelSchema.safeParse(JSON.parse(row.model));
  const cutPoints = cutPointsSchema.safeParse(JSON.parse(row.cutPoints));
  if (!model.success || !cutPoints.success) return null;
  return { ...row, bands: row.bands === 3 ? (3 as const) : (5 as const), cutPoints: cutPoints.data, model: model.data };
}
export type StoredModel = NonNullable<Awaited<ReturnType<typeof getStoredModel>>>;

/**
 * Customers as scoring reads them (not redacted or deleted): their names, stored order summary
 * (summaryFrom) and stored score row's STABLE_COLUMNS as `stored_…` (storedRow).
 */
export const scoringRead = (db?: DbClient) =>
  sqlOn(db)
    .selectFrom("Customer as c")
    .leftJoin("CustomerOrderSummary as os", (j) =>
      j.onRef("os.shopId", "=", "c.shopId").onRef("os.customerId", "=", "c.id"),
    )
    .leftJoin("CustomerScore as s", (j) => j.onRef("s.shopId", "=", "c.shopId").onRef("s.customerId", "=", "c.id"))
    .select(["c.id", "c.firstName", "c.lastName", "c.email"])
    .select(SUMMARY_FIELDS.map((f) => `os.${f}` as const))
    .select(STABLE_COLUMNS.map((c) => `s.${c} as stored_${c}` as const))
    .where("c.redactedAt", "is", null)
    .where("c.deletedAt", "is", null);

/** A scoring read's row for changeOf (itself, not a copy), or undefined without a score row. */
export const storedRow = (r: object): Record<string, unknown> | undefined =>
  "stored_segment" in r && r.stored_segment !== null ? (r as Record<string, unknown>) : undefined;

const differs = dialect === "postgresql" ? sql.raw("IS DISTINCT FROM") : sql.raw("IS NOT");

/**
 * A score row's stored columns with their PostgreSQL types (the JSON batch casts to them). The
 * predicted value the list sorts by is CustomerValue's (decision 108).
 */
const SCORE_COLUMNS = {
  shopId: "text",
  customerId: "text",
  searchText: "text",
  sortName: "text",
  orders: "integer",
  totalSpentMinor: "integer",
  lastOrderAt: "timestamp(3)",
  firstOrderAt: "timestamp(3)",
  recencyDays: "integer",
  frequency: "integer",
  monetaryMinor: "integer",
  medianGapDays: "integer",
  orderDays: "integer",
  medianGapMs: "double precision",
  r: "integer",
  f: "integer",
  m: "integer",
  segment: "text",
  rule: "text",
  ltvMethod: "text",
  pNoPurchase90: "double precision",
  churnRisk: "text",
  expectedNextOrderAt: "timestamp(3)",
  computedAt: "timestamp(3)",
} as const satisfies Record<
  Exclude<keyof ScoredRow, "ruleText" | "predicted12mMinor"> | "shopId" | "computedAt",
  string
>;
const COLUMN_NAMES = Object.keys(SCORE_COLUMNS) as (keyof typeof SCORE_COLUMNS)[];

/**
 * Writes score rows where they differ in STABLE_COLUMNS and, with `before`, were computed no
 * later than it (a webhook's later rescore stays). The segment history moves in the same
 * statement; a written row whose segment differs from the one read (`was`) makes a segment
 * change. Their values follow; `valueOnly`: rows whose value alone moved write only it.
 */
export async function upsertScores(
  db: DbClient,
  shopId: string,
  rows: readonly ScoredRow[],
  now: Date,
  was: ReadonlyMap<string, string | null>,
  { before, valueOnly = false }: { before?: Date; valueOnly?: boolean } = {},
) {
  if (!rows.length) return { written: 0, changes: 0 };
  if (valueOnly) return { written: await upsertValues(db, shopId, rows, before), changes: 0 };
  const q = sqlOn(db);
  const stored = (c: string) => sql.ref(`CustomerScore.${c}`);
  const moved = sql`${stored("segment")} <> ${sql.ref("excluded.segment")}`;
  const written = await q
    .insertInto("CustomerScore")
    .columns(COLUMN_NAMES)
    .expression(
      jsonRows(
        SCORE_COLUMNS,
        rows.map((row) => COLUMN_NAMES.map((c) => (c === "shopId" ? shopId : c === "computedAt" ? now : row[c]))),
      ),
    )
    .onConflict((oc) =>
      oc
        .columns(["shopId", "customerId"])
        .doUpdateSet((eb) => ({
          // Only what moved: a column in the SET list costs its indexes' entries (and the
          // search index's trigger) even when its value stays.
          ...Object.fromEntries(
            [...STABLE_COLUMNS, ...AS_OF_COLUMNS, "computedAt"].map((c) => [c, eb.ref(`excluded.${c}` as never)]),
          ),
          previousSegment: sql`CASE WHEN ${moved} THEN ${stored("segment")} ELSE ${stored("previousSegment")} END`,
          segmentChangedAt: sql`CASE WHEN ${moved} THEN ${sql.ref("excluded.computedAt")} ELSE ${stored("segmentChangedAt")} END`,
        }))
        .where(
          sql<boolean>`(${sql.join(
            STABLE_COLUMNS.map((c) => sql`${stored(c)} ${differs} ${sql.ref(`excluded.${c}`)}`),
            sql` OR `,
          )})${before ? sql` AND ${stored("computedAt")} <= ${before}` : sql``}`,
        ),
    )
    .returning("customerId")
    .execute();
  await upsertValues(db, shopId, rows, before);
  const byId = new Map(rows.map((r) => [r.customerId, r]));
  const changes = written.flatMap(({ customerId }) => {
    const row = byId.get(customerId)!;
    const from = was.get(customerId);
    return from && from !== row.segment
      ? [
          {
            id: randomUUID(),
            shopId,
            customerId,
            fromSegment: from,
            toSegment: row.segment,
            rule: row.ruleText,
            changedAt: now,
          },
        ]
      : [];
  });
  if (changes.length)
    await q
      .insertInto("CustomerSegmentChange")
      .values(changes as never)
      .execute();
  return { written: written.length, changes: changes.length };
}

/** The rows' sort keys (decision 108) where they differ, guarded as upsertScores; returns the count. */
async function upsertValues(db: DbClient, shopId: string, rows: readonly ScoredRow[], before?: Date) {
  const v = jsonRows(
    { customerId: "text", predicted12mMinor: "integer" },
    rows.map((row) => [row.customerId, row.predicted12mMinor]),
  );
  // CROSS JOIN: SQLite reads the batch first and finds each score row by its key (PostgreSQL
  // plans it as any inner join).
  const { rows: written } = await sql`INSERT INTO "CustomerValue" ("shopId", "customerId", "predicted12mMinor")
    SELECT s."shopId", s."customerId", v."predicted12mMinor" FROM (${v}) v CROSS JOIN "CustomerScore" s
    WHERE s."shopId" = ${shopId} AND s."customerId" = v."customerId"
    ${before ? sql`AND s."computedAt" <= ${before}` : sql``}
    ON CONFLICT ("shopId", "customerId") DO UPDATE SET "predicted12mMinor" = excluded."predicted12mMinor"
    WHERE "CustomerValue"."predicted12mMinor" ${differs} excluded."predicted12mMinor"
    RETURNING "customerId"`.execute(sqlOn(db));
  return written.length;
}

/** After customers/redact or shop/redact: redacted customers leave segments, exports and lists. */
export async function dropRedactedScores(db: DbClient, shopId: string) {
  await db.customerScore.deleteMany({ where: { shopId, customer: { redactedAt: { not: null } } } });
}
