// Redemptions: points turned into a single-use discount code for that customer, created in
// Shopify with discountCodeBasicCreate (write_discounts) or, in the demo, as a local code.
// An order that uses the code marks it used; a code that expires unused gives the points
// back (a "reimburse" entry). Points expire first in, first out (docs/decisions/057).
import crypto from "node:crypto";
import { insertRows, prisma, sqlOn, withShopWriteLock, type DbClient } from "~/db.server";
import { bulkId } from "~/platform/bulk-rows.server";
import { chunks } from "~/lib/chunks";
import { minorToDecimalString } from "~/lib/money";
import { dayInZone } from "~/lib/dates";
import { FieldError } from "~/lib/forms";
import { recordAudit, recordAudits, type Actor } from "~/features/audit/index.server";
import { DISCOUNT_CODE_BASIC_CREATE, type DiscountCodeBasicCreate } from "~/features/store-sync/index.server";
import { expiryDue, pointsToMinor, type LedgerEntry } from "~/features/loyalty/ledger";
import { appendEntry, ensureProgram, pointValueAt, type ShopRef } from "~/features/loyalty/ledger.server";
import { ledgerSums, refreshMembers } from "~/features/loyalty/members.server";
import { appendEntries } from "~/features/loyalty/posting.server";
import { LoyaltyNotFound } from "~/features/loyalty/program.server";
import { syncLoyaltyCost } from "~/features/loyalty/cost.server";

/** A code is valid this many days; unused after that, its points come back. */
export const CODE_VALID_DAYS = 90;

/** The shop's Admin GraphQL client (AdminContext.admin.graphql). */
export type Graphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;
type CreateResult = DiscountCodeBasicCreate;

/** Shopify could not be reached or answered with an error (not a userError): 502, nothing written. */
export class ShopifyUnavailable extends Error {
  readonly status = 502;
  constructor() {
    super("Shopify could not create the code just now; no points were redeemed. Please try again.");
    this.name = "ShopifyUnavailable";
  }
  responseBody(): Record<string, unknown> {
    return { error: this.message };
  }
}

/** Runs the mutation; a transport or GraphQL-level error is Shopify's, never the input's. */
async function createDiscountCode(graphql: Graphql, variables: CreateResult["variables"]) {
  let body: { data?: CreateResult["return"]; errors?: { message: string }[] };
  try {
    const response = await graphql(DISCOUNT_CODE_BASIC_CREATE, { variables });
    body = (await response.json()) as typeof body;
  } catch (error) {
    // An expired session is answered by Shopify's library (a Response to re-authenticate);
    // anything else it throws is Shopify's failure.
    if (error instanceof Response && [302, 401].includes(error.status)) throw error;
    throw new ShopifyUnavailable();
  }
  if (body.errors?.length || !body.data) throw new ShopifyUnavailable();
  return body.data;
}

export type RedemptionView = {
  id: string;
  code: string;
  points: number;
  valueMinor: number;
  status: string;
  expiresAt: string;
  /** The day the code expires in the shop's time zone. */
  expiresOn: string;
};

const newCode = () => `PTS-${crypto.randomBytes(5).toString("hex").toUpperCase()}`;

/**
 * Redeems `points` of a customer's balance for a discount code worth their value now.
 * `graphql` is the shop's Admin client; null in the demo, where the code is local only.
 * Shopify's userErrors come back as field errors and nothing is written.
 */
export async function redeemPoints(
  ctx: Actor & { shop: ShopRef },
  input: { customerId: string; points: number },
  graphql: Graphql | null,
  now = new Date(),
): Promise<RedemptionView> {
  const { shop } = ctx;
  await ensureProgram(prisma, shop);
  const customer = await prisma.customer.findFirst({
    where: { id: input.customerId, shopId: shop.id },
    select: { id: true, shopifyId: true },
  });
  if (!customer) throw new LoyaltyNotFound("Customer");
  const balance =
    (
      await prisma.loyaltyLedgerEntry.aggregate({
        where: { shopId: shop.id, customerId: customer.id },
        _sum: { points: true },
      })
    )._sum.points ?? 0;
  if (input.points > balance)
    throw new FieldError({ points: [`Only ${balance.toLocaleString("en-US")} points are available`] });
  const valueMinor = pointsToMinor(input.points, await pointValueAt(prisma, shop.id, now));
  if (valueMinor <= 0) throw new FieldError({ points: ["These points are worth nothing yet; redeem more"] });
  const code = newCode();
  const expiresAt = new Date(now.getTime() + CODE_VALID_DAYS * 86_400_000);

  let shopifyDiscountId: string | null = null;
  if (graphql) {
    if (!customer.shopifyId) throw new FieldError({ customerId: ["This customer is not in Shopify"] });
    const result = await createDiscountCode(graphql, {
      basicCodeDiscount: {
        title: `Loyalty reward ${code}`,
        code,
        startsAt: now.toISOString(),
        endsAt: expiresAt.toISOString(),
        usageLimit: 1,
        appliesOncePerCustomer: true,
        context: { customers: { add: [customer.shopifyId] } },
        customerGets: {
          value: {
            discountAmount: { amount: minorToDecimalString(valueMinor, shop.currency), appliesOnEachItem: false },
          },
          items: { all: true },
        },
      },
    });
    const errors = result.discountCodeBasicCreate?.userErrors ?? [];
    if (errors.length) throw new FieldError({ points: errors.map((e) => `Shopify: ${e.message}`) });
    shopifyDiscountId = result.discountCodeBasicCreate?.codeDiscountNode?.id ?? null;
  }

  const [redemption] = await prisma.$transaction((tx) =>
    writeRedemptions(
      tx,
      shop,
      [{ customerId: customer.id, points: input.points, valueMinor, code, shopifyDiscountId, at: now }],
      now,
    ),
  );
  const view = viewOf(shop, redemption);
  await recordAudit(ctx, "loyalty.redemption.create", "LoyaltyRedemption", redemption.id, null, view);
  return view;
}

type NewRedemption = {
  customerId: string;
  points: number;
  valueMinor: number;
  code: string;
  shopifyDiscountId: string | null;
  /** When it is redeemed: its entry's time, and the code's validity from then. */
  at: Date;
};

const REDEMPTION_COLUMNS = [
  "id",
  "shopId",
  "customerId",
  "points",
  "valueMinor",
  "code",
  "shopifyDiscountId",
  "status",
  "expiresAt",
  "createdAt",
] as const;

/**
 * Redemptions whose codes exist, written in `tx`: the codes, their redeem entries, their days'
 * loyalty cost and the customers' member rows. The one writer of redeemPoints and
 * redeemPointsInBatch, so a batch writes what its redemptions would one at a time.
 */
async function writeRedemptions(tx: DbClient, shop: ShopRef, rows: readonly NewRedemption[], now: Date) {
  const createdAt = new Date();
  const written = rows.map((r) => ({
    ...r,
    id: bulkId(),
    status: "issued",
    expiresAt: new Date(r.at.getTime() + CODE_VALID_DAYS * 86_400_000),
    day: dayInZone(r.at, shop.timezone),
  }));
  await insertRows(
    tx,
    "LoyaltyRedemption",
    REDEMPTION_COLUMNS,
    written.map((r) => [
      r.id,
      shop.id,
      r.customerId,
      r.points,
      r.valueMinor,
      r.code,
      r.shopifyDiscountId,
      r.status,
      r.expiresAt,
      createdAt,
    ]),
  );
  await appendEntries(
    tx,
    shop.id,
    written.map((r) => ({
      customerId: r.customerId,
      kind: "redeem",
      points: -r.points,
      key: `redeem:${r.id}`,
      redemptionId: r.id,
      occurredAt: r.at,
      day: r.day,
      note: `code ${r.code}`,
    })),
  );
  await syncLoyaltyCost(
    tx,
    shop.id,
    written.map((r) => r.day),
  );
  await refreshMembers(tx, shop, [...new Set(rows.map((r) => r.customerId))], now);
  return written;
}

const viewOf = (
  shop: ShopRef,
  r: { id: string; code: string; points: number; valueMinor: number; status: string; expiresAt: Date },
): RedemptionView => ({
  id: r.id,
  code: r.code,
  points: r.points,
  valueMinor: r.valueMinor,
  status: r.status,
  expiresAt: r.expiresAt.toISOString(),
  expiresOn: dayInZone(r.expiresAt, shop.timezone),
});

/** Redemptions a batch checks and writes in one transaction. */
const REDEEM_BATCH = 1_000;

/**
 * Many redemptions as local codes (no Shopify store behind them: the demo seed), in order, each
 * at its own time: what redeemPoints would write for each in turn, a few statements per thousand
 * instead of a dozen per redemption. Each is checked against the balance left by those before it;
 * a batch with one that fails writes nothing. Members are placed as of `now`.
 */
export async function redeemPointsInBatch(
  ctx: Actor & { shop: ShopRef },
  requests: readonly { customerId: string; points: number; at: Date }[],
  now = new Date(),
): Promise<RedemptionView[]> {
  const { shop } = ctx;
  await ensureProgram(prisma, shop);
  // The value in force at each time: the latest version from before it (as pointValueAt).
  const versions = await prisma.loyaltyPointValue.findMany({
    where: { shopId: shop.id },
    orderBy: [{ effectiveFrom: "asc" }, { createdAt: "asc" }],
    select: { centiMinor: true, effectiveFrom: true },
  });
  const valueAt = (at: Date) => versions.filter((v) => v.effectiveFrom <= at).at(-1)?.centiMinor ?? 0;
  const views: RedemptionView[] = [];
  for (const batch of chunks(requests, REDEEM_BATCH)) {
    const written = await withShopWriteLock(shop.id, async (tx) => {
      const ids = [...new Set(batch.map((r) => r.customerId))];
      // Typed SQL: the model API refuses more than 999 bound values on SQLite.
      const known = await sqlOn(tx)
        .selectFrom("Customer")
        .select("id")
        .where("shopId", "=", shop.id)
        .where("id", "in", ids)
        .execute();
      if (known.length < ids.length) throw new LoyaltyNotFound("Customer");
      const balances = new Map([...(await ledgerSums(tx, shop.id, ids))].map(([id, s]) => [id, s.balance]));
      const rows = batch.map((r) => {
        const balance = balances.get(r.customerId) ?? 0;
        if (r.points > balance)
          throw new FieldError({ points: [`Only ${balance.toLocaleString("en-US")} points are available`] });
        balances.set(r.customerId, balance - r.points);
        const valueMinor = pointsToMinor(r.points, valueAt(r.at));
        if (valueMinor <= 0) throw new FieldError({ points: ["These points are worth nothing yet; redeem more"] });
        return {
          customerId: r.customerId,
          points: r.points,
          valueMinor,
          code: newCode(),
          shopifyDiscountId: null,
          at: r.at,
        };
      });
      return writeRedemptions(tx, shop, rows, now);
    });
    const batchViews = written.map((r) => viewOf(shop, r));
    await recordAudits(
      ctx,
      batchViews.map((view) => ({
        action: "loyalty.redemption.create",
        entityType: "LoyaltyRedemption",
        entityId: view.id,
        before: null,
        after: view,
      })),
    );
    views.push(...batchViews);
  }
  return views;
}

/** Codes given back, or members whose expiring points are computed, per read and transaction. */
const EXPIRY_BATCH = 500;

/**
 * Daily: codes past their date and unused give their points back, and points past the
 * program's expiry are written off, oldest first. Both keyed, so a rerun writes nothing twice.
 */
export async function expireAndReimburse(shop: ShopRef, now = new Date()) {
  const program = await ensureProgram(prisma, shop);
  const day = dayInZone(now, shop.timezone);
  const stale = await prisma.loyaltyRedemption.findMany({
    where: { shopId: shop.id, status: "issued", expiresAt: { lt: now } },
    select: { id: true, customerId: true, points: true, code: true },
  });
  const touched = new Set<string>();
  for (const batch of chunks(stale, EXPIRY_BATCH))
    await withShopWriteLock(shop.id, async (tx) => {
      // Claimed under the lock: a code an order used meanwhile is no longer issued.
      const claimed = await tx.loyaltyRedemption.findMany({
        where: { shopId: shop.id, id: { in: batch.map((r) => r.id) }, status: "issued" },
        select: { id: true, customerId: true, points: true, code: true },
      });
      if (claimed.length === 0) return;
      await tx.loyaltyRedemption.updateMany({
        where: { shopId: shop.id, id: { in: claimed.map((r) => r.id) } },
        data: { status: "expired" },
      });
      await appendEntries(
        tx,
        shop.id,
        claimed.map((r) => ({
          customerId: r.customerId,
          kind: "reimburse",
          points: r.points,
          key: `reimburse:${r.id}`,
          redemptionId: r.id,
          occurredAt: now,
          day,
          note: `code ${r.code} expired unused`,
        })),
      );
      await syncLoyaltyCost(tx, shop.id, [day]);
      for (const r of claimed) touched.add(r.customerId);
    });

  let expired = 0;
  const members = program.expiryMonths
    ? await prisma.loyaltyMember.findMany({
        where: { shopId: shop.id, balance: { gt: 0 } },
        select: { customerId: true },
      })
    : [];
  for (const ids of chunks(
    members.map((m) => m.customerId),
    EXPIRY_BATCH,
  )) {
    // A batch of members read, its expiries computed and written under the shop's write lock,
    // so an order posted meanwhile is in the read or comes after the write.
    expired += await withShopWriteLock(shop.id, async (tx) => {
      const entries = await tx.loyaltyLedgerEntry.findMany({
        where: { shopId: shop.id, customerId: { in: ids } },
        select: { customerId: true, kind: true, points: true, occurredAt: true, key: true },
        // First in, first out: in time order (the customer index is ordered by kind first).
        orderBy: [{ customerId: "asc" }, { occurredAt: "asc" }],
      });
      const byCustomer = new Map<string, typeof entries>();
      for (const e of entries) {
        const own = byCustomer.get(e.customerId);
        if (own) own.push(e);
        else byCustomer.set(e.customerId, [e]);
      }
      const rows = ids.flatMap((customerId) => {
        const own = byCustomer.get(customerId) ?? [];
        const key = `expire:${customerId}:${day}`;
        if (own.some((e) => e.key === key)) return [];
        const due = expiryDue(own as LedgerEntry[], program.expiryMonths, now);
        return due > 0 ? [{ customerId, kind: "expire", points: -due, key, occurredAt: now, day }] : [];
      });
      await appendEntries(tx, shop.id, rows);
      for (const r of rows) touched.add(r.customerId);
      return -rows.reduce((sum, r) => sum + r.points, 0);
    });
  }
  await refreshMembers(prisma, shop, [...touched], now);
  return { reimbursed: stale.length, expired };
}

export async function listRedemptions(shop: ShopRef, customerId?: string): Promise<RedemptionView[]> {
  const rows = await prisma.loyaltyRedemption.findMany({
    where: { shopId: shop.id, ...(customerId ? { customerId } : {}) },
    orderBy: { createdAt: "desc" },
    take: 10,
  });
  return rows.map((r) => viewOf(shop, r));
}

/** The shop's customer with this e-mail (case-insensitive as stored), or a 404. */
export async function customerByEmail(shop: ShopRef, email: string): Promise<string> {
  const c = await prisma.customer.findFirst({
    where: { shopId: shop.id, email: { in: [email, email.toLowerCase()] }, deletedAt: null },
    select: { id: true },
  });
  if (!c) throw new LoyaltyNotFound("Customer");
  return c.id;
}

/**
 * A manual adjustment with a reason: points added, or taken (never below the balance).
 * Each adjustment is its own entry; the audit log records who made it and why.
 */
export async function adjustPoints(
  ctx: Actor & { shop: ShopRef },
  input: { customerId: string; points: number; reason: string },
  now = new Date(),
) {
  const { shop } = ctx;
  await ensureProgram(prisma, shop);
  const entry = await prisma.$transaction(async (tx) => {
    const balance =
      (
        await tx.loyaltyLedgerEntry.aggregate({
          where: { shopId: shop.id, customerId: input.customerId },
          _sum: { points: true },
        })
      )._sum.points ?? 0;
    if (balance + input.points < 0)
      throw new FieldError({ points: [`Only ${balance.toLocaleString("en-US")} points can be taken`] });
    const e = await appendEntry(tx, {
      shopId: shop.id,
      customerId: input.customerId,
      kind: "adjust",
      points: input.points,
      key: `adjust:${crypto.randomUUID()}`,
      occurredAt: now,
      day: dayInZone(now, shop.timezone),
      note: input.reason,
    });
    await refreshMembers(tx, shop, [input.customerId], now);
    return e;
  });
  await recordAudit(ctx, "loyalty.points.adjust", "LoyaltyLedgerEntry", entry.id, null, {
    points: input.points,
    reason: input.reason,
  });
  return entry.id;
}
