// The one way orders are posted to the points ledger (docs/decisions/066): postOrders reads a
// batch's inputs with a few typed queries, the pure postingEntries (posting.ts) decides the
// entries, and they are written with the day rollup and the members' cache in the same
// transaction. The order and refund webhooks post a batch of one, the backfill batches of a thousand.
import { randomBytes } from "node:crypto";
import { asDate, insertRows, sql, sqlOn, withShopWriteLock, type DbClient, type Tx } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { currencyDigits } from "~/lib/money";
import {
  parseLines,
  windowStart,
  type EarnedLine,
  type RefundedLine,
  type Stacking,
  type TierWindow,
} from "~/features/loyalty/ledger";
import {
  addToSums,
  dayTotals,
  postingEntries,
  postingKeys,
  spendBefore,
  type NewEntry,
  type PostingOrder,
} from "~/features/loyalty/posting";
import { ensureProgram, type ShopRef } from "~/features/loyalty/ledger.server";
import { INSERT_ROWS, customerSpend, ledgerSums, loadTiers, writeMembers } from "~/features/loyalty/members.server";
import { syncLoyaltyCost } from "~/features/loyalty/cost.server";
import { storedSegments } from "~/features/customers/index.server";

const DAY_MS = 86_400_000;

export type PostingResult = { earned: number; reversed: number };

/**
 * Entry ids that increase as entries are written, as Prisma's cuids do: the time, then a random
 * tail. The primary key's index is then appended to, not written at random places.
 */
const entryId = () => `${Date.now().toString(36).padStart(9, "0")}${randomBytes(6).toString("hex")}`;

/**
 * The shop condition of a read by ids (orders, their refunds and lines), in a form no index
 * serves: SQLite, without statistics, would otherwise read every row of the shop through an
 * index that starts with shopId instead of looking the ids up (the whole shop per batch).
 */
const ofShop = (column: "shopId" | "l.shopId", shopId: string) =>
  sql<boolean>`CAST(${sql.ref(column)} AS TEXT) = ${shopId}`;

/**
 * Posts what these orders mean for their customers' points: the award when an order counts
 * (once), a reversal for each refund not yet reversed, and the rest reversed when it is
 * cancelled; then each touched customer's member row. In `tx` (the webhook's transaction), else
 * in one transaction under the shop's write lock. `now` places members in today's tiers.
 */
export async function postOrders(
  shop: ShopRef,
  orderIds: readonly string[],
  tx?: Tx,
  now = new Date(),
): Promise<PostingResult> {
  if (!tx) return withShopWriteLock(shop.id, (locked) => postOrders(shop, orderIds, locked, now));
  const posted = await appendPostings(tx, shop, orderIds, now);
  if (!posted) return { earned: 0, reversed: 0 };
  // The touched members move by exactly what was appended; spend and tier as of now.
  const { entries, tiers, sums, spendNow } = posted;
  await writeMembers(tx, shop, tiers, addToSums(sums, entries), spendNow, posted.customers, now);
  return { earned: posted.earned, reversed: posted.reversed };
}

/**
 * The backfill's posting: postOrders without the members' cache, which the backfill rewrites
 * once per member when it ends (refreshMembers) instead of once per batch a member appears in.
 * Returns the customers whose ledger it changed.
 */
export async function postOrderEntries(
  tx: Tx,
  shop: ShopRef,
  orderIds: readonly string[],
  now: Date,
): Promise<PostingResult & { customers: string[] }> {
  const posted = await appendPostings(tx, shop, orderIds, now);
  return posted
    ? { earned: posted.earned, reversed: posted.reversed, customers: posted.customers }
    : { earned: 0, reversed: 0, customers: [] };
}

/** Reads a batch's inputs, decides its entries and appends them; null when it appends none. */
async function appendPostings(tx: Tx, shop: ShopRef, orderIds: readonly string[], now: Date) {
  const orders = await loadOrders(tx, shop.id, orderIds);
  if (orders.length === 0) return null;
  const program = await ensureProgram(tx, shop);
  const customers = [...new Set(orders.map((o) => o.customerId))];
  const enrolled = program.autoEnroll ? null : await memberIds(tx, shop.id, customers);
  if (enrolled?.size === 0) return null;

  const db = sqlOn(tx);
  const times = orders.map((o) => o.processedAt.getTime());
  const first = new Date(Math.min(...times));
  const last = new Date(Math.max(...times));
  const tiers = await loadTiers(tx, shop.id);
  const campaigns = await db
    .selectFrom("LoyaltyCampaign")
    .select(["multiplier", "stacking", "tierId", "segment", "collectionId", "startsAt", "endsAt", "endedAt"])
    .where("shopId", "=", shop.id)
    // A paused campaign gives no bonus to what is posted while it is paused (decision 081).
    .where("pausedAt", "is", null)
    // A day either side: campaigns are matched by the orders' store days (posting.ts), which
    // may fall a day off the UTC dates their bounds are stored on.
    .where("startsAt", "<=", new Date(last.getTime() + DAY_MS))
    .where("endsAt", ">=", new Date(first.getTime() - DAY_MS))
    .execute();
  const refunds = await db
    .selectFrom("Refund")
    .select(["id", "orderId", "amountMinor", "processedAt", "day", "lines"])
    .where(ofShop("shopId", shop.id))
    .where(
      "orderId",
      "in",
      orders.map((o) => o.id),
    )
    .execute();
  const sums = await ledgerSums(tx, shop.id, customers);
  // The spend before the batch (lifetime windows) and as of now (the members' cache), in one read.
  const lifetime = program.tierWindow === "lifetime";
  const spend = await customerSpend(
    tx,
    shop.id,
    customers,
    lifetime ? first : null,
    windowStart(program.tierWindow, now),
  );
  const recorded = await db
    .selectFrom("LoyaltyLedgerEntry")
    .select(["key", "points", "orderTotalMinor", "lines"])
    .where("shopId", "=", shop.id)
    .where(
      "key",
      "in",
      postingKeys(
        orders.map((o) => o.id),
        refunds.map((r) => r.id),
      ),
    )
    .execute();
  const running = campaigns.map((c) => ({
    ...c,
    stacking: c.stacking as Stacking,
    startsAt: asDate(c.startsAt),
    endsAt: asDate(c.endsAt),
    endedAt: asDate(c.endedAt),
  }));
  const entries = postingEntries({
    program,
    digits: currencyDigits(shop.currency),
    timezone: shop.timezone,
    tiers,
    campaigns: running,
    orders,
    refunds: refunds.map((r) => ({
      ...r,
      processedAt: asDate(r.processedAt),
      lines: parseLines<RefundedLine>(r.lines),
    })),
    recorded: recorded.map((e) => ({ ...e, lines: parseLines<EarnedLine>(e.lines) })),
    spendBefore: await qualifyingSpend(
      tx,
      shop.id,
      orders,
      program.tierWindow,
      new Map([...spend].map(([id, s]) => [id, s.before])),
    ),
    balances: new Map([...sums].map(([id, s]) => [id, s.balance])),
    // A segment limit reads the customer's stored segment as it is when the order is posted.
    segments: running.some((c) => c.segment) ? await storedSegments(tx, shop.id, customers) : new Map(),
    lines: await collectionLines(
      tx,
      shop.id,
      orders.map((o) => o.id),
      running,
    ),
    enrolled,
  });
  if (entries.length === 0) return null;
  await appendEntries(tx, shop.id, entries);
  let earned = 0;
  let reversed = 0;
  for (const e of entries) if (e.kind === "earn") earned += e.points;
  for (const e of entries) if (e.kind === "reverse") reversed -= e.points;
  return {
    earned,
    reversed,
    entries,
    tiers,
    sums,
    spendNow: new Map([...spend].map(([id, s]) => [id, s.since])),
    customers: [...new Set(entries.map((e) => e.customerId))],
  };
}

/**
 * Posts an order known by its Shopify id (the order and refund webhooks' hook, in their
 * transaction), and marks the loyalty reward codes it used as used.
 */
export async function postShopifyOrder(tx: Tx, shop: ShopRef, orderShopifyId: string, discountCodes: string[] = []) {
  const order = await tx.order.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: orderShopifyId } },
    select: { id: true, processedAt: true, day: true },
  });
  if (!order) return;
  await postOrders(shop, [order.id], tx);
  if (discountCodes.length === 0) return;
  const used = await tx.loyaltyRedemption.updateMany({
    where: { shopId: shop.id, status: "issued", code: { in: discountCodes.map((c) => c.toUpperCase()) } },
    data: { status: "used", usedOrderId: order.id, usedAt: order.processedAt, usedDay: order.day },
  });
  // The code's value is now in the order's Discounts: it leaves the loyalty cost that day.
  if (used.count > 0) await syncLoyaltyCost(tx, shop.id, [order.day]);
}

async function loadOrders(db: DbClient, shopId: string, ids: readonly string[]): Promise<PostingOrder[]> {
  if (ids.length === 0) return [];
  const rows = await sqlOn(db)
    .selectFrom("Order")
    .select([
      "id",
      "customerId",
      "processedAt",
      "day",
      "grossSalesMinor",
      "discountsMinor",
      "refundsMinor",
      "totalMinor",
      "financialStatus",
      "cancelledAt",
    ])
    .where(ofShop("shopId", shopId))
    .where("id", "in", ids)
    .execute();
  // Orders without a customer earn nothing (filtered here: in the query, SQLite would scan the shop's orders by customer).
  return rows.flatMap((o) =>
    o.customerId === null
      ? []
      : [
          {
            ...o,
            customerId: o.customerId,
            processedAt: asDate(o.processedAt),
            cancelledAt: asDate(o.cancelledAt),
          },
        ],
  );
}

async function memberIds(db: DbClient, shopId: string, customerIds: readonly string[]) {
  const rows = await sqlOn(db)
    .selectFrom("LoyaltyMember")
    .select("customerId")
    .where("shopId", "=", shopId)
    .where("customerId", "in", customerIds)
    .execute();
  return new Set(rows.map((r) => r.customerId));
}

/**
 * Each order's qualifying spend before it: `base`, each customer's spend before the batch's first
 * order (lifetime windows), plus the window's part of their orders from the earliest window
 * start the batch needs up to its last order (one more read when the batch spans a while).
 */
async function qualifyingSpend(
  db: DbClient,
  shopId: string,
  orders: readonly PostingOrder[],
  window: TierWindow,
  base: ReadonlyMap<string, number>,
) {
  const times = orders.map((o) => o.processedAt.getTime());
  const from = windowStart(window, new Date(Math.min(...times))) ?? new Date(Math.min(...times));
  const last = new Date(Math.max(...times));
  const history = new Map<string, { at: Date; amountMinor: number }[]>();
  if (from < last)
    for (const r of await sqlOn(db)
      .selectFrom("Order")
      .select(["customerId", "processedAt", "grossSalesMinor", "discountsMinor", "refundsMinor"])
      .where("shopId", "=", shopId)
      .where("customerId", "in", [...new Set(orders.map((o) => o.customerId))])
      .where("cancelledAt", "is", null)
      .where("processedAt", ">=", from)
      .where("processedAt", "<", last)
      .execute()) {
      const list = history.get(r.customerId as string) ?? [];
      list.push({ at: asDate(r.processedAt), amountMinor: r.grossSalesMinor - r.discountsMinor - r.refundsMinor });
      history.set(r.customerId as string, list);
    }
  return spendBefore(orders, window, base, history);
}

/**
 * The orders' lines with the collections (of the campaigns running) that hold their products
 * now (decision 072): only when such a campaign runs in the batch's time.
 */
async function collectionLines(
  db: DbClient,
  shopId: string,
  orderIds: readonly string[],
  campaigns: readonly { collectionId: string | null }[],
) {
  const collections = [...new Set(campaigns.map((c) => c.collectionId).filter((c): c is string => !!c))];
  if (collections.length === 0) return [];
  return sqlOn(db)
    .selectFrom("OrderLine as l")
    .leftJoin("CollectionProduct as cp", (join) =>
      join
        .onRef("cp.productId", "=", "l.productId")
        .on("cp.shopId", "=", shopId)
        .on("cp.collectionId", "in", collections),
    )
    .select([
      "l.orderId",
      "l.id",
      "l.shopifyId",
      "l.quantity",
      "l.unitPriceMinor",
      "l.discountMinor",
      "cp.collectionId",
    ])
    .where(ofShop("l.shopId", shopId))
    .where("l.orderId", "in", orderIds)
    .execute();
}

/** A ledger entry as written: an order's (NewEntry), or another kind's without the order's columns. */
export type EntryRow = Pick<NewEntry, "customerId" | "points" | "key" | "occurredAt" | "day"> & {
  kind: string;
  redemptionId?: string | null;
} & Partial<Pick<NewEntry, "orderId" | "eligibleMinor" | "orderTotalMinor" | "note" | "lines">>;

const ENTRY_COLUMNS = [
  "id",
  "shopId",
  "customerId",
  "kind",
  "points",
  "key",
  "orderId",
  "redemptionId",
  "eligibleMinor",
  "orderTotalMinor",
  "lines",
  "note",
  "occurredAt",
  "day",
  "createdAt",
] as const;

/**
 * The entries and their days' per-kind sums (LoyaltyDay), in the caller's transaction. The
 * entries go a few thousand per statement as one JSON parameter (insertRows): bound one value
 * each, binding and preparing the statement cost more than the insert (bench/results/loyalty.md).
 */
export async function appendEntries(db: DbClient, shopId: string, entries: readonly EntryRow[]) {
  const createdAt = new Date();
  await insertRows(
    db,
    "LoyaltyLedgerEntry",
    ENTRY_COLUMNS,
    entries.map((e) => [
      entryId(),
      shopId,
      e.customerId,
      e.kind,
      e.points,
      e.key,
      e.orderId ?? null,
      e.redemptionId ?? null,
      e.eligibleMinor ?? null,
      e.orderTotalMinor ?? null,
      e.lines ?? null,
      e.note ?? null,
      e.occurredAt,
      e.day,
      createdAt,
    ]),
  );
  // One row per day and kind: PostgreSQL refuses an upsert that touches a row twice.
  for (const slice of chunks(dayTotals(entries), INSERT_ROWS))
    await sqlOn(db)
      .insertInto("LoyaltyDay")
      .values(slice.map((d) => ({ ...d, shopId })))
      .onConflict((oc) =>
        oc
          .columns(["shopId", "day", "kind"])
          .doUpdateSet((eb) => ({ points: eb("LoyaltyDay.points", "+", eb.ref("excluded.points")) })),
      )
      .execute();
}
