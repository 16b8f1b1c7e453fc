// The members' cache (LoyaltyMember): each member's ledger summed, their qualifying spend as of
// now and the tier it reaches today, written by postOrders for the customers a posting touched,
// and by refreshMembers after a redemption, an adjustment, an expiry or a change of the tiers.
import { asDate, jsonRows, prisma, sqlOn, type DbClient } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { currencyDigits } from "~/lib/money";
import { tiersAt, windowStart } from "~/features/loyalty/ledger";
import { addToSums, memberFigures, type LedgerSums, type PostingTier } from "~/features/loyalty/posting";
import { ensureProgram, type ShopRef } from "~/features/loyalty/ledger.server";

// Rows per multi-row INSERT: well under both engines' limits on bound values.
export const INSERT_ROWS = 500;

/** Member rows per upsert, sent as one JSON parameter; each column's PostgreSQL type, in order. */
const MEMBER_ROWS = 2_000;
const MEMBER_COLUMNS = {
  shopId: "text",
  customerId: "text",
  enrolledAt: "timestamp(3)",
  balance: "integer",
  earned: "integer",
  redeemed: "integer",
  spendMinor: "integer",
  tierId: "text",
  lastActivityAt: "timestamp(3)",
} as const;
const MEMBER_COLUMN_NAMES = Object.keys(MEMBER_COLUMNS) as (keyof typeof MEMBER_COLUMNS)[];

/** Rewrites these customers' member rows (enrolling them) from the ledger and their orders. */
export async function refreshMembers(db: DbClient, shop: ShopRef, customerIds: readonly string[], now = new Date()) {
  if (customerIds.length === 0) return;
  const program = await ensureProgram(db, shop);
  const tiers = await loadTiers(db, shop.id);
  for (const slice of chunks(customerIds, 1_000)) {
    const spend = await customerSpend(db, shop.id, slice, null, windowStart(program.tierWindow, now));
    const spendNow = new Map([...spend].map(([id, s]) => [id, s.since]));
    await writeMembers(db, shop, tiers, await ledgerSums(db, shop.id, slice), spendNow, slice, now);
  }
}

/** The shop's tiers by minimum spend, then age (the first of equal thresholds wins). */
export async function loadTiers(db: DbClient, shopId: string): Promise<PostingTier[]> {
  const rows = await sqlOn(db)
    .selectFrom("LoyaltyTier")
    .select(["id", "name", "minSpend", "multiplier", "pendingMinSpend", "pendingMultiplier", "pendingFrom"])
    .where("shopId", "=", shopId)
    .orderBy("minSpend")
    .orderBy("createdAt")
    .execute();
  return rows.map((t) => ({ ...t, pendingFrom: asDate(t.pendingFrom) }));
}

/** Customers' ledgers summed by kind: balance, earned, redeemed and the latest entry. */
export async function ledgerSums(db: DbClient, shopId: string, customerIds: readonly string[]) {
  const rows = await sqlOn(db)
    .selectFrom("LoyaltyLedgerEntry")
    .select(({ fn }) => ["customerId", "kind", fn.sum<number>("points").as("points"), fn.max("occurredAt").as("last")])
    .where("shopId", "=", shopId)
    .where("customerId", "in", customerIds)
    .groupBy(["customerId", "kind"])
    .execute();
  return addToSums(
    new Map<string, LedgerSums>(),
    rows.map((r) => ({ ...r, points: Number(r.points), occurredAt: asDate(r.last) })),
  );
}

/**
 * Customers' net spend (after discounts and refunds) on their non-cancelled orders, in one
 * read: before `before` (none when null), and since `since` (all of it when null).
 */
export async function customerSpend(
  db: DbClient,
  shopId: string,
  customerIds: readonly string[],
  before: Date | null,
  since: Date | null,
) {
  const rows = await sqlOn(db)
    .selectFrom("Order")
    .select((eb) => {
      const net = eb(eb("grossSalesMinor", "-", eb.ref("discountsMinor")), "-", eb.ref("refundsMinor"));
      return [
        "customerId",
        before
          ? eb.fn.sum<number>(eb.case().when("processedAt", "<", before).then(net).else(0).end()).as("before")
          : eb.lit(0).as("before"),
        since
          ? eb.fn.sum<number>(eb.case().when("processedAt", ">=", since).then(net).else(0).end()).as("since")
          : eb.fn.sum<number>(net).as("since"),
      ];
    })
    .where("shopId", "=", shopId)
    .where("customerId", "in", customerIds)
    .where("cancelledAt", "is", null)
    .groupBy("customerId")
    .execute();
  return new Map(rows.map((r) => [r.customerId as string, { before: Number(r.before), since: Number(r.since) }]));
}

/** Upserts the customers' member rows from their ledger sums, spend as of now and today's tiers. */
export async function writeMembers(
  db: DbClient,
  shop: ShopRef,
  tiers: readonly PostingTier[],
  sums: ReadonlyMap<string, LedgerSums>,
  spendNow: ReadonlyMap<string, number>,
  customerIds: readonly string[],
  now: Date,
) {
  const digits = currencyDigits(shop.currency);
  const tiersNow = tiersAt(tiers, now);
  // A member without entries (enrolled by hand) keeps their last activity.
  const idle = customerIds.filter((id) => !sums.get(id)?.last);
  const activity = new Map(
    idle.length === 0
      ? []
      : (
          await sqlOn(db)
            .selectFrom("LoyaltyMember")
            .select(["customerId", "lastActivityAt"])
            .where("shopId", "=", shop.id)
            .where("customerId", "in", idle)
            .execute()
        ).map((m) => [m.customerId, asDate(m.lastActivityAt)]),
  );
  // One JSON parameter per statement (jsonRows), as appendEntries writes the ledger.
  for (const slice of chunks(customerIds, MEMBER_ROWS))
    await sqlOn(db)
      .insertInto("LoyaltyMember")
      .columns(MEMBER_COLUMN_NAMES)
      .expression(
        jsonRows(
          MEMBER_COLUMNS,
          slice.map((customerId) => {
            const m = memberFigures(
              sums.get(customerId),
              spendNow.get(customerId) ?? 0,
              tiersNow,
              digits,
              activity.get(customerId) ?? now,
            );
            return [
              shop.id,
              customerId,
              now,
              m.balance,
              m.earned,
              m.redeemed,
              m.spendMinor,
              m.tierId,
              m.lastActivityAt,
            ];
          }),
        ),
      )
      .onConflict((oc) =>
        oc.columns(["shopId", "customerId"]).doUpdateSet((eb) => ({
          balance: eb.ref("excluded.balance"),
          earned: eb.ref("excluded.earned"),
          redeemed: eb.ref("excluded.redeemed"),
          spendMinor: eb.ref("excluded.spendMinor"),
          tierId: eb.ref("excluded.tierId"),
          lastActivityAt: eb.ref("excluded.lastActivityAt"),
        })),
      )
      .execute();
}

/** One customer's standing for their page: tier and points (null: not a member of the shop's program). */
export async function memberStanding(shopId: string, customerId: string, db: DbClient = prisma) {
  const member = await db.loyaltyMember.findUnique({
    where: { shopId_customerId: { shopId, customerId } },
    select: { balance: true, earned: true, redeemed: true, tierId: true },
  });
  if (!member) return null;
  const tier = member.tierId
    ? await db.loyaltyTier.findFirst({ where: { id: member.tierId, shopId }, select: { name: true } })
    : null;
  return { balance: member.balance, earned: member.earned, redeemed: member.redeemed, tier: tier?.name ?? null };
}
export type MemberStanding = Awaited<ReturnType<typeof memberStanding>>;
