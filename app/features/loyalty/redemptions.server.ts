// Redemptions: points turned into a single-use discount code for that customer, created in
// Shopify with discountCodeBasicCreate (write_discounts) or, in the demo, as a local code.
// An order that uses the code marks it used; a code that expires unused gives the points
// back (a "reimburse" entry). Points expire first in, first out (docs/decisions/057).
import crypto from "node:crypto";
import { prisma, withShopWriteLock } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { minorToDecimalString } from "~/lib/money";
import { dayInZone } from "~/lib/dates";
import { FieldError } from "~/lib/forms";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import type { AdminOperations } from "~/graphql/admin.generated";
import { expiryDue, pointsToMinor, type LedgerEntry } from "~/features/loyalty/ledger";
import { appendEntry, ensureProgram, pointValueAt, type ShopRef } from "~/features/loyalty/ledger.server";
import { refreshMembers } from "~/features/loyalty/members.server";
import { appendEntries } from "~/features/loyalty/posting.server";
import { LoyaltyNotFound } from "~/features/loyalty/program.server";
import { syncLoyaltyCost } from "~/features/loyalty/cost.server";

/** A code is valid this many days; unused after that, its points come back. */
export const CODE_VALID_DAYS = 90;

export const DISCOUNT_CODE_CREATE = `#graphql
  mutation LoyaltyDiscountCodeCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
    discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
      codeDiscountNode {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** The shop's Admin GraphQL client (AdminContext.admin.graphql). */
export type Graphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;
type CreateResult = AdminOperations[typeof DISCOUNT_CODE_CREATE];

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
    const response = await graphql(DISCOUNT_CODE_CREATE, { variables });
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

  const redemption = await prisma.$transaction(async (tx) => {
    const r = await tx.loyaltyRedemption.create({
      data: {
        shopId: shop.id,
        customerId: customer.id,
        points: input.points,
        valueMinor,
        code,
        shopifyDiscountId,
        expiresAt,
      },
    });
    await appendEntry(tx, {
      shopId: shop.id,
      customerId: customer.id,
      kind: "redeem",
      points: -input.points,
      key: `redeem:${r.id}`,
      redemptionId: r.id,
      occurredAt: now,
      day: dayInZone(now, shop.timezone),
      note: `code ${code}`,
    });
    await syncLoyaltyCost(tx, shop.id, [dayInZone(now, shop.timezone)]);
    await refreshMembers(tx, shop, [customer.id], now);
    return r;
  });
  const view = {
    id: redemption.id,
    code,
    points: input.points,
    valueMinor,
    status: redemption.status,
    expiresAt: expiresAt.toISOString(),
    expiresOn: dayInZone(expiresAt, shop.timezone),
  };
  await recordAudit(ctx, "loyalty.redemption.create", "LoyaltyRedemption", redemption.id, null, view);
  return view;
}

/** Members whose expiring points are computed per read and written per transaction. */
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
  for (const r of stale)
    await prisma.$transaction(async (tx) => {
      const claimed = await tx.loyaltyRedemption.updateMany({
        where: { id: r.id, shopId: shop.id, status: "issued" },
        data: { status: "expired" },
      });
      if (claimed.count === 0) return;
      await appendEntry(tx, {
        shopId: shop.id,
        customerId: r.customerId,
        kind: "reimburse",
        points: r.points,
        key: `reimburse:${r.id}`,
        redemptionId: r.id,
        occurredAt: now,
        day,
        note: `code ${r.code} expired unused`,
      });
      await syncLoyaltyCost(tx, shop.id, [day]);
      touched.add(r.customerId);
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
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    points: r.points,
    valueMinor: r.valueMinor,
    status: r.status,
    expiresAt: r.expiresAt.toISOString(),
    expiresOn: dayInZone(r.expiresAt, shop.timezone),
  }));
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
