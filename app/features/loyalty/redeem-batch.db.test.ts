// Redemptions in a batch (the demo seed's path) against redeemPoints one at a time: the same
// store history redeemed both ways gives the same ledger, day sums, codes, loyalty cost and
// members; a batch with one redemption over the balance writes nothing.
import { describe, expect, it } from "vitest";
import { insertRows, prisma } from "~/db.server";
import { bulkId } from "~/platform/bulk-rows.server";
import { appendEntries } from "~/features/loyalty/posting.server";
import { FieldError } from "~/lib/forms";
import { createShop } from "~tests/factories";
import {
  backfillLedger,
  loyaltyCost,
  rebuildMembers,
  redeemPoints,
  redeemPointsInBatch,
} from "~/features/loyalty/index.server";

const NOW = new Date("2026-06-01T00:00:00Z");
const staff = { email: "owner@example.com", name: "Owner" };
const at = (day: string) => new Date(`${day}T15:00:00Z`);

// Customer 1 redeems twice, the second time after the points value changed.
const requests = [
  { customer: 1, points: 500, at: at("2026-04-02") },
  { customer: 2, points: 300, at: at("2026-04-20") },
  { customer: 1, points: 200, at: at("2026-05-10") },
  { customer: 3, points: 100, at: at("2026-05-10") },
];

async function store() {
  const shop = await createShop({ timezone: "America/New_York" });
  const customers = new Map<number, string>();
  for (const n of [1, 2, 3]) {
    const c = await prisma.customer.create({ data: { shopId: shop.id, shopifyId: `gid://shopify/Customer/${n}` } });
    customers.set(n, c.id);
    await prisma.order.create({
      data: {
        shopId: shop.id,
        customerId: c.id,
        name: `#${n}`,
        processedAt: new Date("2026-03-01T12:00:00Z"),
        day: "2026-03-01",
        currency: "USD",
        grossSalesMinor: 1_000_00 * n,
        totalMinor: 1_000_00 * n,
      },
    });
  }
  await backfillLedger(shop, NOW);
  await prisma.loyaltyPointValue.create({
    data: { shopId: shop.id, centiMinor: 150, effectiveFrom: new Date("2026-05-01T00:00:00Z") },
  });
  return { shop, customers, actor: { shop, staff } };
}

/** The shop's ledger, day sums, codes, loyalty cost and members, named by customer instead of ids. */
async function books(s: Awaited<ReturnType<typeof store>>) {
  const no = new Map([...s.customers].map(([n, id]) => [id, n]));
  const where = { shopId: s.shop.id };
  const tiers = new Map((await prisma.loyaltyTier.findMany({ where })).map((t) => [t.id, t.name]));
  return {
    ledger: (
      await prisma.loyaltyLedgerEntry.findMany({ where, orderBy: [{ occurredAt: "asc" }, { points: "asc" }] })
    ).map((e) => [
      no.get(e.customerId),
      e.kind,
      e.points,
      e.occurredAt.toISOString(),
      e.day,
      e.note?.replace(/PTS-\w+/, "PTS-"),
    ]),
    days: (await prisma.loyaltyDay.findMany({ where, orderBy: [{ day: "asc" }, { kind: "asc" }] })).map((d) => [
      d.day,
      d.kind,
      d.points,
    ]),
    codes: (await prisma.loyaltyRedemption.findMany({ where, orderBy: [{ expiresAt: "asc" }, { points: "asc" }] })).map(
      (r) => [no.get(r.customerId), r.points, r.valueMinor, r.status, r.expiresAt.toISOString()],
    ),
    cost: await loyaltyCost(s.shop.id, { from: "2026-01-01", to: "2026-06-01" }),
    costDays: (
      await prisma.dailyRollup.findMany({ where: { ...where, loyaltyCostMinor: { not: 0 } }, orderBy: { day: "asc" } })
    ).map((d) => [d.day, d.loyaltyCostMinor]),
    members: (await prisma.loyaltyMember.findMany({ where, orderBy: { balance: "asc" } })).map((m) => [
      no.get(m.customerId),
      m.balance,
      m.earned,
      m.redeemed,
      m.spendMinor,
      m.tierId && tiers.get(m.tierId),
      m.lastActivityAt.toISOString(),
    ]),
  };
}

describe("redemptions in a batch", () => {
  it("write what redeemPoints writes one at a time", async () => {
    const one = await store();
    for (const r of requests)
      await redeemPoints(one.actor, { customerId: one.customers.get(r.customer)!, points: r.points }, null, r.at);
    // redeemPoints places the member as of each redemption; the batch places them as of NOW.
    await rebuildMembers(one.shop, NOW);

    const batch = await store();
    const codes = await redeemPointsInBatch(
      batch.actor,
      requests.map((r) => ({ customerId: batch.customers.get(r.customer)!, points: r.points, at: r.at })),
      NOW,
    );
    expect(codes.map((c) => [c.points, c.status, c.expiresOn])).toEqual([
      [500, "issued", "2026-07-01"],
      [300, "issued", "2026-07-19"],
      [200, "issued", "2026-08-08"],
      [100, "issued", "2026-08-08"],
    ]);

    const expected = await books(one);
    expect(await books(batch)).toEqual(expected);
    // After the value changed on 1 May: 100 and 200 points at 1.5 cents.
    expect(expected.codes.map((c) => [c[1], c[2]])).toEqual([
      [500, 500],
      [300, 300],
      [100, 150],
      [200, 300],
    ]);
    expect(expected.ledger.filter((e) => e[1] === "redeem")).toHaveLength(4);
    expect(
      await prisma.auditEntry.count({ where: { shopId: batch.shop.id, action: "loyalty.redemption.create" } }),
    ).toBe(4);
  });

  it("take more customers in one transaction than the model API binds values (999 on SQLite)", async () => {
    const shop = await createShop();
    const ids = Array.from({ length: 1_100 }, () => bulkId());
    await insertRows(
      prisma,
      "Customer",
      ["id", "shopId", "createdAt"],
      ids.map((id) => [id, shop.id, NOW]),
    );
    await prisma.$transaction((tx) =>
      appendEntries(
        tx,
        shop.id,
        ids.map((customerId) => ({
          customerId,
          kind: "adjust",
          points: 10,
          key: `adjust:${customerId}`,
          occurredAt: NOW,
          day: "2026-06-01",
        })),
      ),
    );
    const codes = await redeemPointsInBatch(
      { shop, staff },
      ids.map((customerId) => ({ customerId, points: 4, at: NOW })),
      NOW,
    );
    expect(codes).toHaveLength(1_100);
    expect(
      await prisma.loyaltyMember.aggregate({ where: { shopId: shop.id }, _sum: { balance: true }, _count: true }),
    ).toEqual({
      _sum: { balance: 1_100 * 6 },
      _count: 1_100,
    });
  });

  it("write nothing when one of them is over the balance left by those before it", async () => {
    const s = await store();
    const customerId = s.customers.get(1)!;
    await expect(
      redeemPointsInBatch(
        s.actor,
        [
          { customerId, points: 300, at: at("2026-04-02") },
          { customerId, points: 800, at: at("2026-04-03") },
        ],
        NOW,
      ),
    ).rejects.toBeInstanceOf(FieldError);
    expect(await prisma.loyaltyRedemption.count({ where: { shopId: s.shop.id } })).toBe(0);
    expect(await prisma.loyaltyLedgerEntry.count({ where: { shopId: s.shop.id, kind: "redeem" } })).toBe(0);
  });
});
