// One customer rescored inside the webhook transaction that changed their orders or details
// (order, refund and customer webhooks, Add Customer): their order summary follows their orders,
// and their score row is built as the whole-shop recompute builds it (score-row.ts), against the
// shop's bands and model from that recompute.
import { sqlOn, type DbClient } from "~/db.server";
import { figuresFrom, scoresAgainst } from "./rfm";
import { changeOf, scoreRow, type ScoredRow } from "./score-row";
import {
  getSegmentSettings,
  getStoredModel,
  scoringRead,
  storedRow,
  upsertScores,
  type ScoreShop,
} from "./score-store.server";
import { ordersOf, summariesOf, summaryFrom, writeSummaries } from "./summaries.server";
import { sameOrders, validFor } from "./summary";

/**
 * Rescores one customer as of `now`. A customer redacted or deleted loses their row and summary.
 * Before the shop's first whole-shop recompute there is nothing to score against: only the
 * summary is kept (the recompute that follows the import scores everyone). The row is written
 * only when what it says changed (STABLE_COLUMNS), so its figures keep being shown as of the
 * last recompute otherwise.
 */
export async function rescoreCustomer(
  db: DbClient,
  shop: ScoreShop,
  customerId: string,
  now = new Date(),
): Promise<ScoredRow | null> {
  const found = await scoringRead(db).where("c.id", "=", customerId).where("c.shopId", "=", shop.id).executeTakeFirst();
  if (!found) {
    for (const table of ["CustomerScore", "CustomerOrderSummary"] as const)
      await sqlOn(db).deleteFrom(table).where("shopId", "=", shop.id).where("customerId", "=", customerId).execute();
    return null;
  }
  const nowMs = now.getTime();
  const { stored: summary, scoring } = summariesOf((await ordersOf(db, shop.id, [customerId])).get(customerId), nowMs);
  const before = summaryFrom(found);
  if (summary ? !(sameOrders(before, summary) && validFor(before!, nowMs)) : before)
    await writeSummaries(db, shop.id, new Map([[customerId, summary]]));
  const [stored, settings] = await Promise.all([getStoredModel(db, shop.id), getSegmentSettings(db, shop.id)]);
  if (!stored) return null;
  const input = { ...found, customerId, summary: scoring };
  const scores = scoresAgainst(figuresFrom(customerId, scoring, now), stored.cutPoints);
  const row = scoreRow(input, scores, { bands: stored.bands, settings, model: stored.model, nowMs });
  const had = storedRow(found);
  // The value alone moving (with the clock) leaves the row as of the last recompute.
  if (changeOf(row, had) !== "row") return row;
  await upsertScores(db, shop.id, [row], now, new Map([[customerId, had ? String(had.stored_segment) : null]]));
  return row;
}
