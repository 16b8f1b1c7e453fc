// The whole-shop loyalty jobs. The backfill, when a program starts or after an import, posts
// every stored order through the webhooks' own path (postOrderEntries, postOrders without the
// members' cache), so running it again, or after the webhooks posted some orders, writes nothing
// twice; the members it changed are rewritten once at its end (docs/decisions/086). Each batch
// is one short transaction under the shop's write lock: on SQLite an open transaction holds off
// the process's other queries, so webhooks and screens are answered between batches.
import { asDate, dialect, prisma, sql, sqlOn, withShopWriteLock } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { ensureProgram, type ShopRef } from "~/features/loyalty/ledger.server";
import { postOrderEntries } from "~/features/loyalty/posting.server";
import { refreshMembers } from "~/features/loyalty/members.server";

/** Orders a backfill posts in one transaction, members a rebuild rewrites in one. */
const BATCH = 1_000;

export type BackfillResult = { orders: number; earned: number; reversed: number; members: number };

/**
 * PostgreSQL plans from statistics that a bulk load leaves stale until autovacuum comes by: with
 * the ledger analyzed empty, reading a batch's keys and sums went through every entry of the shop
 * (45 ms a batch at 50,000 entries). Refreshed before the run and after each month it posts.
 */
async function refreshStatistics() {
  if (dialect === "postgresql")
    await sql`ANALYZE "Order", "Refund", "LoyaltyLedgerEntry", "LoyaltyMember"`.execute(sqlOn(prisma));
}

/** First day of the month after `day` (YYYY-MM-DD). */
function nextMonth(day: string): string {
  const [y, m] = day.split("-").map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/**
 * Posts every order of the shop with a customer, in time order: the order ids are read a month at
 * a time through the (shopId, day) index and posted a batch at a time. `now` places members in
 * today's tiers.
 */
export async function backfillLedger(shop: ShopRef, now = new Date()): Promise<BackfillResult> {
  await ensureProgram(prisma, shop);
  const result: BackfillResult = { orders: 0, earned: 0, reversed: 0, members: 0 };
  const range = await sqlOn()
    .selectFrom("Order")
    .select(({ fn }) => [fn.min("day").as("first"), fn.max("day").as("last")])
    .where("shopId", "=", shop.id)
    .executeTakeFirst();
  await refreshStatistics();
  // Batches run across month boundaries: a month is only how the ids are read, in time order.
  const touched = new Set<string>();
  const post = async (batch: string[]) => {
    const posted = await withShopWriteLock(shop.id, (tx) => postOrderEntries(tx, shop, batch, now));
    result.orders += batch.length;
    result.earned += posted.earned;
    result.reversed += posted.reversed;
    for (const id of posted.customers) touched.add(id);
  };
  let pending: string[] = [];
  if (range?.first && range.last)
    for (let from = `${range.first.slice(0, 7)}-01`; from <= range.last; from = nextMonth(from)) {
      const month = await sqlOn()
        .selectFrom("Order")
        .select(["id", "processedAt"])
        .where("shopId", "=", shop.id)
        .where("day", ">=", from)
        .where("day", "<", nextMonth(from))
        .where("customerId", "is not", null)
        .execute();
      pending.push(
        ...month
          .map((o) => ({ id: o.id, at: asDate(o.processedAt).getTime() }))
          .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .map((o) => o.id),
      );
      for (; pending.length >= BATCH; pending = pending.slice(BATCH)) await post(pending.slice(0, BATCH));
      if (month.length) await refreshStatistics();
    }
  if (pending.length) await post(pending);
  // Each member the run changed, written once from the ledger (postOrderEntries leaves them).
  for (const batch of chunks([...touched], BATCH))
    await withShopWriteLock(shop.id, (tx) => refreshMembers(tx, shop, batch, now));
  result.members = await prisma.loyaltyMember.count({ where: { shopId: shop.id } });
  return result;
}

/**
 * Rewrites every member's cached sums from the ledger and their orders (after a change of the
 * tiers or the tier window): everyone with a ledger entry, and those enrolled by hand. Returns
 * how many.
 */
export async function rebuildMembers(shop: ShopRef, now = new Date()): Promise<number> {
  const [withEntries, enrolled] = await Promise.all([
    sqlOn().selectFrom("LoyaltyLedgerEntry").select("customerId").distinct().where("shopId", "=", shop.id).execute(),
    sqlOn().selectFrom("LoyaltyMember").select("customerId").where("shopId", "=", shop.id).execute(),
  ]);
  const customers = [...new Set([...withEntries, ...enrolled].map((r) => r.customerId))];
  for (const batch of chunks(customers, BATCH))
    await withShopWriteLock(shop.id, (tx) => refreshMembers(tx, shop, batch, now));
  return customers.length;
}
