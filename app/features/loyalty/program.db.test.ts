// The backfill, tiers, campaigns and reports against a real database: the backfill is
// idempotent and agrees with live posting, the accounting report closes on the ledger,
// and one shop's rows are out of another's reach.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import {
  accountingReport,
  backfillLedger,
  changeTier,
  createCampaign,
  getOverview,
  saveRedemptionRate,
  postOrders,
  previewTierChange,
  saveSettings,
  tiersWithMembers,
} from "~/features/loyalty/index.server";
import { campaignSchema, settingsSchema } from "~/features/loyalty/schema";

type Shop = { id: string; currency: string; timezone: string };
let shop: Shop;
let other: Shop;
const staff = { email: "owner@example.com", name: "Owner" };

async function customer(shopId: string, n: number) {
  return prisma.customer.create({
    data: { shopId, shopifyId: `gid://shopify/Customer/${n}`, email: `c${n}@example.com` },
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

const ledgerSum = async (shopId: string) =>
  (await prisma.loyaltyLedgerEntry.aggregate({ where: { shopId }, _sum: { points: true } }))._sum.points ?? 0;

beforeAll(async () => {
  shop = await createShop();
  other = await createShop();
  const a = await customer(shop.id, 1);
  const b = await customer(shop.id, 2);
  // a: $300 then $400 (reaches Silver at $500 before the third), then $100; b: one $60 order, refunded in half.
  await order(shop.id, a.id, "2026-01-10", 300_00);
  await order(shop.id, a.id, "2026-02-10", 400_00);
  await order(shop.id, a.id, "2026-03-10", 100_00);
  const ob = await order(shop.id, b.id, "2026-03-15", 60_00, { refundsMinor: 30_00 });
  await prisma.refund.create({
    data: {
      shopId: shop.id,
      orderId: ob.id,
      processedAt: new Date("2026-03-20T10:00:00Z"),
      day: "2026-03-20",
      amountMinor: 30_00,
    },
  });
  // A cancelled order earns nothing.
  await order(shop.id, b.id, "2026-03-16", 999_00, { cancelledAt: new Date("2026-03-17T00:00:00Z") });
  const c = await customer(other.id, 3);
  await order(other.id, c.id, "2026-03-01", 50_00);
});

describe("backfill", () => {
  it("posts every order once, with the tier reached before it, and reverses refunds", async () => {
    const first = await backfillLedger(shop, new Date("2026-04-01T00:00:00Z"));
    // 300 + 400 + 100 × 1.25 (Silver from $700 lifetime) + 60 − 30 reversed.
    expect(first).toMatchObject({ orders: 5, earned: 300 + 400 + 125 + 60, reversed: 30, members: 2 });
    expect(await ledgerSum(shop.id)).toBe(855);
    const again = await backfillLedger(shop, new Date("2026-04-01T00:00:00Z"));
    expect(again).toMatchObject({ earned: 0, reversed: 0 });
    expect(await ledgerSum(shop.id)).toBe(855);
  });

  it("agrees with live posting: posting an order the backfill posted writes nothing", async () => {
    const orders = await prisma.order.findMany({ where: { shopId: shop.id } });
    for (const o of orders) await postOrders(shop, [o.id]);
    expect(await ledgerSum(shop.id)).toBe(855);
    expect(await prisma.loyaltyLedgerEntry.count({ where: { shopId: shop.id } })).toBe(5);
  });

  it("keeps the other shop's ledger apart", async () => {
    expect(await ledgerSum(other.id)).toBe(0);
    await backfillLedger(other);
    expect(await ledgerSum(other.id)).toBe(50);
    expect(await ledgerSum(shop.id)).toBe(855);
  });
});

describe("accounting", () => {
  it("closes on the ledger's sum, each day opening on the last close", async () => {
    const rows = await accountingReport(shop, { from: "2026-02-01", to: "2026-03-31" });
    expect(rows).toHaveLength(59);
    expect(rows[0].opening).toBe(300);
    expect(rows.at(-1)?.closing).toBe(await ledgerSum(shop.id));
    const refundDay = rows.find((r) => r.day === "2026-03-20");
    expect(refundDay).toMatchObject({ reversed: 30, opening: 885, closing: 855 });
    // $0.01 a point: 855 points are $8.55.
    expect(rows.at(-1)?.money.closing).toBe(855);
  });

  it("values later days at a new points value and keeps earlier days at the old one", async () => {
    const input = settingsSchema.parse({
      programName: "Rewards",
      pointsValue: "0.02",
      autoEnroll: "on",
      baseRate: "1",
      orderRule: "paid",
      tierWindow: "lifetime",
    });
    await saveSettings({ shop, staff }, input, new Date("2026-03-25T00:00:00Z"));
    const rows = await accountingReport(shop, { from: "2026-03-24", to: "2026-03-25" });
    expect(rows.map((r) => r.money.closing)).toEqual([855, 1710]);
    const overview = await getOverview(shop, new Date("2026-04-01T00:00:00Z"));
    // Too little history for an observed rate: the default (no breakage) until the merchant sets one.
    expect(overview.liability).toMatchObject({ outstandingPoints: 855, faceMinor: 1710, liabilityMinor: 1710 });
    await saveRedemptionRate({ shop, staff }, { redemptionRateOverride: 70 });
    const overridden = await getOverview(shop, new Date("2026-04-01T00:00:00Z"));
    expect(overridden.liability).toMatchObject({ liabilityMinor: 1197, redemption: { source: "override", used: 0.7 } });
  });
});

describe("tiers and campaigns", () => {
  it("previews a threshold change without writing, then applies it", async () => {
    const tiers = await tiersWithMembers(shop);
    const silver = tiers.find((t) => t.name === "Silver");
    expect(silver?.members).toBe(1);
    const change = { kind: "edit" as const, id: silver!.id, input: { minSpend: "900" } };
    expect(await previewTierChange(shop, change)).toMatchObject({ name: "Silver", up: 0, down: 1 });
    expect((await tiersWithMembers(shop)).find((t) => t.name === "Silver")?.minSpend).toBe(500);
    await changeTier({ shop, staff }, change);
    const after = await tiersWithMembers(shop);
    expect(after.find((t) => t.name === "Silver")).toMatchObject({ minSpend: 900, members: 0 });
    expect(after.find((t) => t.name === "Bronze")?.members).toBe(2);
  });

  it("refuses another shop's tier with 404 and writes nothing", async () => {
    const theirs = (await tiersWithMembers(other))[0];
    await expect(changeTier({ shop, staff }, { kind: "delete", id: theirs.id })).rejects.toMatchObject({ status: 404 });
    await expect(
      createCampaign(
        { shop, staff },
        campaignSchema.parse({
          name: "X",
          multiplier: "2",
          startsOn: "2026-05-01",
          endsOn: "2026-05-02",
          tierId: theirs.id,
        }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(await prisma.loyaltyTier.count({ where: { id: theirs.id } })).toBe(1);
    expect(await prisma.loyaltyCampaign.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("applies an active campaign's multiplier to a new order", async () => {
    await createCampaign(
      { shop, staff },
      campaignSchema.parse({ name: "Double", multiplier: "2", startsOn: "2026-04-01", endsOn: "2026-04-30" }),
    );
    const c = await prisma.customer.findFirstOrThrow({ where: { shopId: shop.id, email: "c2@example.com" } });
    const o = await order(shop.id, c.id, "2026-04-05", 10_00);
    await postOrders(shop, [o.id]);
    const entry = await prisma.loyaltyLedgerEntry.findFirstOrThrow({ where: { shopId: shop.id, orderId: o.id } });
    expect(entry.points).toBe(20);
  });
});

describe("the per-day rollup", () => {
  it("equals the ledger summed by day and kind, for every shop", async () => {
    const ledger = await prisma.loyaltyLedgerEntry.groupBy({
      by: ["shopId", "day", "kind"],
      _sum: { points: true },
      orderBy: [{ shopId: "asc" }, { day: "asc" }, { kind: "asc" }],
    });
    const days = await prisma.loyaltyDay.findMany({ orderBy: [{ shopId: "asc" }, { day: "asc" }, { kind: "asc" }] });
    expect(days.map((d) => [d.shopId, d.day, d.kind, d.points])).toEqual(
      ledger.map((l) => [l.shopId, l.day, l.kind, l._sum.points]),
    );
    expect(days.length).toBeGreaterThan(0);
  });
});
