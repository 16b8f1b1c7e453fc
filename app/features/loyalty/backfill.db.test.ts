// The backfill's fast path (decision 066) against a real database: the member cache it
// writes from the sums it carried in memory equals the rebuild from the ledger, a refund
// of an order the webhook had already posted is reversed from that order's entry, and a
// points debit made before the run caps a reversal exactly as the ledger says.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { backfillLedger, postOrder, rebuildMembers } from "~/features/loyalty/index.server";

type Shop = { id: string; currency: string; timezone: string };
let shop: Shop;
const NOW = new Date("2026-06-01T00:00:00Z");

async function customer(shopId: string, n: number) {
  return prisma.customer.create({
    data: { shopId, shopifyId: `gid://shopify/Customer/${n}`, email: `b${n}@example.com` },
  });
}

async function order(shopId: string, customerId: string, day: string, grossMinor: number, extra = {}) {
  return prisma.order.create({
    data: {
      shopId,
      customerId,
      name: `#${day}-${grossMinor}`,
      processedAt: new Date(`${day}T12:00:00Z`),
      day,
      currency: "USD",
      grossSalesMinor: grossMinor,
      discountsMinor: 0,
      totalMinor: grossMinor,
      ...extra,
    },
  });
}

async function refund(shopId: string, orderId: string, day: string, amountMinor: number) {
  await prisma.refund.create({
    data: { shopId, orderId, processedAt: new Date(`${day}T10:00:00Z`), day, amountMinor },
  });
}

const members = async (shopId: string) =>
  (
    await prisma.loyaltyMember.findMany({
      where: { shopId },
      orderBy: { customerId: "asc" },
      select: {
        customerId: true,
        balance: true,
        earned: true,
        redeemed: true,
        spendMinor: true,
        tierId: true,
        lastActivityAt: true,
      },
    })
  ).map((m) => ({ ...m, lastActivityAt: m.lastActivityAt.toISOString() }));

const entry = (shopId: string, key: string) =>
  prisma.loyaltyLedgerEntry.findUnique({
    where: { shopId_key: { shopId, key } },
    select: { points: true, note: true },
  });

let posted: { id: string };
let spender: { id: string };
let spenderOrder: { id: string };

beforeAll(async () => {
  shop = await createShop();
  const a = await customer(shop.id, 1);
  const b = await customer(shop.id, 2);
  spender = await customer(shop.id, 3);
  await order(shop.id, a.id, "2026-01-10", 300_00);
  await order(shop.id, a.id, "2026-02-10", 400_00, { refundsMinor: 100_00 });
  await order(shop.id, a.id, "2026-03-10", 100_00);
  await order(shop.id, b.id, "2026-03-16", 999_00, { cancelledAt: new Date("2026-03-17T00:00:00Z") });
  // Posted by the webhook before the backfill; refunded afterwards, the refund not yet posted.
  posted = await order(shop.id, b.id, "2026-04-01", 80_00);
  await postOrder(prisma, shop, posted.id);
  await refund(shop.id, posted.id, "2026-04-03", 40_00);
  const refunded = await prisma.order.findFirstOrThrow({ where: { shopId: shop.id, name: "#2026-02-10-40000" } });
  await refund(shop.id, refunded.id, "2026-02-12", 60_00);
  await refund(shop.id, refunded.id, "2026-02-14", 40_00);
  // The spender's $50 order is posted live, then 45 of its 50 points are spent before the
  // backfill; the whole order is then refunded: only the 5 points left can be taken back.
  spenderOrder = await order(shop.id, spender.id, "2026-04-10", 50_00);
  await postOrder(prisma, shop, spenderOrder.id);
  await prisma.loyaltyLedgerEntry.create({
    data: {
      shopId: shop.id,
      customerId: spender.id,
      kind: "adjust",
      points: -45,
      key: "adjust:test",
      occurredAt: new Date("2026-04-11T00:00:00Z"),
      day: "2026-04-11",
      note: "spent",
    },
  });
  await refund(shop.id, spenderOrder.id, "2026-04-12", 50_00);
});

describe("backfill fast path", () => {
  it("reverses refunds of orders earned in the run and before it, capped by the ledger's balance", async () => {
    const result = await backfillLedger(shop, NOW);
    // a: 300 + 400, then Silver (net $600 before it): 100 × 1.25; the $400 order's refunds of $60
    // and $40 reverse 60 and 40 of its 400 points.
    expect(result).toMatchObject({ orders: 6, earned: 300 + 400 + 125, members: 3 });
    expect((await entry(shop.id, `reverse:${(await refundOf(posted.id))[0]}`))?.points).toBe(-40);
    const [spent] = await refundOf(spenderOrder.id);
    expect(await entry(shop.id, `reverse:${spent}`)).toEqual({ points: -5, note: "45 points already spent" });
    expect(result.reversed).toBe(60 + 40 + 40 + 5);
  });

  it("writes the member cache the rebuild from the ledger writes", async () => {
    const fromMemory = await members(shop.id);
    expect(fromMemory.every((m) => m.balance >= 0)).toBe(true);
    await rebuildMembers(shop, NOW);
    expect(await members(shop.id)).toEqual(fromMemory);
    const sum = await prisma.loyaltyLedgerEntry.aggregate({ where: { shopId: shop.id }, _sum: { points: true } });
    expect(fromMemory.reduce((s, m) => s + m.balance, 0)).toBe(sum._sum.points);
  });

  it("posts nothing again, and keeps the same members", async () => {
    const before = await members(shop.id);
    expect(await backfillLedger(shop, NOW)).toMatchObject({ earned: 0, reversed: 0, members: 3 });
    expect(await members(shop.id)).toEqual(before);
  });
});

async function refundOf(orderId: string) {
  return (await prisma.refund.findMany({ where: { orderId }, orderBy: { processedAt: "asc" } })).map((r) => r.id);
}
