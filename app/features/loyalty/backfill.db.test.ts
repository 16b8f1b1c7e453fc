// The backfill's fast path (decision 066) against a real database: the member cache it
// writes from the sums it carried in memory equals the rebuild from the ledger, a refund
// of an order the webhook had already posted is reversed from that order's entry, and a
// points debit made before the run caps a reversal exactly as the ledger says.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { backfillLedger, postOrders, rebuildMembers } from "~/features/loyalty/index.server";

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
  await postOrders(shop, [posted.id]);
  await refund(shop.id, posted.id, "2026-04-03", 40_00);
  const refunded = await prisma.order.findFirstOrThrow({ where: { shopId: shop.id, name: "#2026-02-10-40000" } });
  await refund(shop.id, refunded.id, "2026-02-12", 60_00);
  await refund(shop.id, refunded.id, "2026-02-14", 40_00);
  // The spender's $50 order is posted live, then 45 of its 50 points are spent before the
  // backfill; the whole order is then refunded: only the 5 points left can be taken back.
  spenderOrder = await order(shop.id, spender.id, "2026-04-10", 50_00);
  await postOrders(shop, [spenderOrder.id]);
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

// The same store history twice: in one shop each order, refund and cancellation is posted as
// its webhook posts it, when it happens; in the other everything is stored first and then
// backfilled. The ledgers, the day rollups and the members come out identical. (An order
// cancelled before the backfill earns nothing there, where the webhooks earned and then reversed
// it: the same balance from different entries, so this history has no cancellation.)
describe("the backfill and the webhooks", () => {
  type Event = { at: string; customer: number; order: string } & (
    { kind: "order"; grossMinor: number } | { kind: "refund"; amountMinor: number }
  );
  const history: Event[] = [
    { at: "2026-01-10", customer: 1, order: "#1", kind: "order", grossMinor: 300_00 },
    { at: "2026-01-20", customer: 2, order: "#2", kind: "order", grossMinor: 200_00 },
    { at: "2026-02-10", customer: 1, order: "#3", kind: "order", grossMinor: 400_00 },
    { at: "2026-02-12", customer: 1, order: "#3", kind: "refund", amountMinor: 60_00 },
    { at: "2026-03-05", customer: 3, order: "#4", kind: "order", grossMinor: 120_00 },
    // Silver by then ($640 net before it), and the campaign doubles it.
    { at: "2026-03-10", customer: 1, order: "#5", kind: "order", grossMinor: 100_00 },
    { at: "2026-03-16", customer: 2, order: "#6", kind: "order", grossMinor: 999_00 },
    { at: "2026-04-01", customer: 3, order: "#7", kind: "order", grossMinor: 80_00 },
    { at: "2026-04-03", customer: 3, order: "#7", kind: "refund", amountMinor: 30_00 },
    { at: "2026-04-05", customer: 3, order: "#7", kind: "refund", amountMinor: 50_00 },
  ];

  async function store() {
    const s = await createShop();
    await prisma.loyaltyCampaign.create({
      data: {
        shopId: s.id,
        name: "March double",
        multiplier: 2,
        startsAt: new Date("2026-03-01T00:00:00Z"),
        endsAt: new Date("2026-03-31T23:59:59Z"),
      },
    });
    const customers = new Map<number, string>();
    for (const n of [1, 2, 3]) customers.set(n, (await customer(s.id, n)).id);
    return { shop: s, customers, orders: new Map<string, string>() };
  }

  /** Stores one event as the webhook's store-data write does; returns the order's id. */
  async function apply(s: Awaited<ReturnType<typeof store>>, e: Event) {
    const at = new Date(`${e.at}T12:00:00Z`);
    if (e.kind === "order") {
      const o = await order(s.shop.id, s.customers.get(e.customer)!, e.at, e.grossMinor, { name: e.order });
      s.orders.set(e.order, o.id);
      return o.id;
    }
    const id = s.orders.get(e.order)!;
    await prisma.refund.create({
      data: { shopId: s.shop.id, orderId: id, processedAt: at, day: e.at, amountMinor: e.amountMinor },
    });
    await prisma.order.update({ where: { id }, data: { refundsMinor: { increment: e.amountMinor } } });
    return id;
  }

  /** The shop's ledger, rollup and members, named by order and customer instead of ids. */
  async function books(s: Awaited<ReturnType<typeof store>>) {
    const orderName = new Map([...s.orders].map(([name, id]) => [id, name]));
    const customerNo = new Map([...s.customers].map(([n, id]) => [id, n]));
    const entries = await prisma.loyaltyLedgerEntry.findMany({ where: { shopId: s.shop.id } });
    const tiers = new Map(
      (await prisma.loyaltyTier.findMany({ where: { shopId: s.shop.id } })).map((t) => [t.id, t.name]),
    );
    return {
      ledger: entries
        .map((e) => ({
          order: orderName.get(e.orderId!),
          customer: customerNo.get(e.customerId),
          kind: e.kind,
          points: e.points,
          key: e.key.split(":")[0],
          occurredAt: e.occurredAt.toISOString(),
          day: e.day,
          eligibleMinor: e.eligibleMinor,
          orderTotalMinor: e.orderTotalMinor,
          note: e.note,
          lines: e.lines,
        }))
        .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.key.localeCompare(b.key)),
      days: (
        await prisma.loyaltyDay.findMany({ where: { shopId: s.shop.id }, orderBy: [{ day: "asc" }, { kind: "asc" }] })
      ).map((d) => [d.day, d.kind, d.points]),
      members: (await members(s.shop.id))
        .map((m) => ({ ...m, customerId: customerNo.get(m.customerId), tierId: m.tierId && tiers.get(m.tierId) }))
        .sort((a, b) => a.customerId! - b.customerId!),
    };
  }

  it("give identical ledgers, day rollups and members", async () => {
    const live = await store();
    for (const e of history) await postOrders(live.shop, [await apply(live, e)], undefined, NOW);
    const later = await store();
    for (const e of history) await apply(later, e);
    expect(await backfillLedger(later.shop, NOW)).toMatchObject({ orders: 7, members: 3 });

    const a = await books(live);
    expect(await books(later)).toEqual(a);
    // The history as the rules read it: Silver and the campaign on #5, the partial refunds
    // reversed, the members' figures summed from the ledger.
    expect(a.ledger.find((e) => e.order === "#5")).toMatchObject({ points: 250 });
    expect(a.ledger.filter((e) => e.kind === "reverse").map((e) => [e.order, e.points])).toEqual([
      ["#3", -60],
      ["#7", -30],
      ["#7", -50],
    ]);
    expect(a.members.map((m) => [m.customerId, m.balance, m.tierId])).toEqual([
      [1, 300 + 400 - 60 + 250, "Silver"],
      [2, 200 + 1998, "Silver"],
      [3, 240, "Bronze"],
    ]);
  });
});
