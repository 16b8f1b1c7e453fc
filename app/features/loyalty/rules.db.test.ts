// Campaigns limited to a customer segment, and tier changes that take effect at a later date
// (docs/decisions/059), through live posting and the backfill alike; the dry run of a dated
// change counts the moves as of that date (docs/decisions/066).
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import {
  applyDueTierChanges,
  backfillLedger,
  changeTier,
  createCampaign,
  ensureProgram,
  postOrders,
  previewTierChange,
  tiersWithMembers,
} from "~/features/loyalty/index.server";
import { campaignSchema, tierSchema } from "~/features/loyalty/schema";

type Shop = { id: string; currency: string; timezone: string };
const staff = { email: "owner@example.com", name: "Owner" };

async function customer(shopId: string, n: number, segment?: string) {
  const c = await prisma.customer.create({ data: { shopId, email: `r${n}@example.com` } });
  if (segment)
    await prisma.customerScore.create({
      data: {
        shopId,
        customerId: c.id,
        searchText: "",
        sortName: "",
        orders: 1,
        totalSpentMinor: 0,
        frequency: 1,
        monetaryMinor: 0,
        segment,
        rule: "test",
        computedAt: new Date(),
      },
    });
  return c;
}

function orderData(shopId: string, customerId: string, at: string, grossMinor: number) {
  return {
    shopId,
    customerId,
    name: `#${at}-${customerId}`,
    processedAt: new Date(at),
    day: at.slice(0, 10),
    currency: "USD",
    grossSalesMinor: grossMinor,
    discountsMinor: 0,
    totalMinor: grossMinor,
    financialStatus: "paid",
  };
}

async function order(shopId: string, customerId: string, at: string, grossMinor: number) {
  return prisma.order.create({ data: orderData(shopId, customerId, at, grossMinor) });
}

const earned = async (shopId: string, orderId: string) =>
  (await prisma.loyaltyLedgerEntry.findFirstOrThrow({ where: { shopId, key: `earn:${orderId}` } })).points;

describe("a campaign limited to a customer segment", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await createShop();
    await ensureProgram(prisma, shop);
    const input = campaignSchema.parse({
      name: "VIP triple",
      multiplier: "3",
      startsOn: "2026-05-01",
      endsOn: "2026-05-31",
      segment: "VIP",
    });
    const view = await createCampaign({ shop, staff }, input, new Date("2026-04-01T00:00:00Z"));
    expect(view.segment).toBe("VIP");
  });

  it("multiplies only the points of customers in that segment, live and in the backfill", async () => {
    const vip = await customer(shop.id, 1, "VIP");
    const regular = await customer(shop.id, 2, "Regular");
    const unscored = await customer(shop.id, 3);
    const a = await order(shop.id, vip.id, "2026-05-10T12:00:00Z", 100_00);
    const b = await order(shop.id, regular.id, "2026-05-10T12:00:00Z", 100_00);
    await postOrders(shop, [a.id]);
    await postOrders(shop, [b.id]);
    expect(await earned(shop.id, a.id)).toBe(300);
    expect(await earned(shop.id, b.id)).toBe(100);
    // The backfill applies the same limit to orders the ledger lacks.
    const c = await order(shop.id, vip.id, "2026-05-11T12:00:00Z", 50_00);
    const d = await order(shop.id, unscored.id, "2026-05-11T12:00:00Z", 50_00);
    await backfillLedger(shop, new Date("2026-06-01T00:00:00Z"));
    expect(await earned(shop.id, c.id)).toBe(150);
    expect(await earned(shop.id, d.id)).toBe(50);
  });

  it("refuses a segment that is not one of the four", () => {
    const r = campaignSchema.safeParse({
      name: "x",
      multiplier: "2",
      startsOn: "2026-05-01",
      endsOn: "2026-05-02",
      segment: "Gold",
    });
    expect(r.success).toBe(false);
  });
});

describe("a tier change that takes effect at a later date", () => {
  let shop: Shop;
  let bronzeId: string;
  beforeAll(async () => {
    shop = await createShop();
    await ensureProgram(prisma, shop);
    bronzeId = (await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: shop.id, name: "Bronze" } })).id;
  });

  it("keeps earning at the old multiplier until the date, then at the new one", async () => {
    const now = new Date("2026-06-01T10:00:00Z");
    const input = tierSchema.parse({ multiplier: "2", effectiveOn: "2026-06-15" });
    await changeTier({ shop, staff }, { kind: "edit", id: bronzeId, input }, now);
    const [bronze] = await tiersWithMembers(shop);
    expect(bronze).toMatchObject({ name: "Bronze", multiplier: 1, pendingMultiplier: 2, pendingFrom: "2026-06-15" });

    const c = await customer(shop.id, 10);
    const before = await order(shop.id, c.id, "2026-06-14T23:00:00Z", 100_00);
    const after = await order(shop.id, c.id, "2026-06-15T01:00:00Z", 100_00);
    await postOrders(shop, [before.id]);
    await postOrders(shop, [after.id]);
    expect(await earned(shop.id, before.id)).toBe(100);
    expect(await earned(shop.id, after.id)).toBe(200);

    // Not due yet: nothing applied. Due: the values become the tier's own and the schedule clears.
    expect(await applyDueTierChanges(shop, new Date("2026-06-14T12:00:00Z"))).toBe(0);
    expect(await applyDueTierChanges(shop, new Date("2026-06-15T00:00:00Z"))).toBe(1);
    const tier = await prisma.loyaltyTier.findUniqueOrThrow({ where: { id: bronzeId } });
    expect(tier).toMatchObject({ multiplier: 2, pendingMultiplier: null, pendingFrom: null });
  });

  it("an edit without a date, or with a past one, applies at once", async () => {
    const input = tierSchema.parse({ multiplier: "1.5", effectiveOn: "2020-01-01" });
    await changeTier({ shop, staff }, { kind: "edit", id: bronzeId, input }, new Date("2026-07-01T00:00:00Z"));
    expect(await prisma.loyaltyTier.findUniqueOrThrow({ where: { id: bronzeId } })).toMatchObject({
      multiplier: 1.5,
      pendingFrom: null,
    });
    expect(tierSchema.safeParse({ effectiveOn: "next week" }).success).toBe(false);
  });
});

describe("a tier change takes effect at the store's midnight, across a clock change", () => {
  let shop: Shop;
  let bronzeId: string;
  beforeAll(async () => {
    shop = await createShop({ timezone: "America/New_York" });
    await ensureProgram(prisma, shop);
    bronzeId = (await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: shop.id, name: "Bronze" } })).id;
  });

  it("8 March 2026 (clocks go forward at 02:00) starts at 00:00 EST = 05:00 UTC, not at UTC midnight", async () => {
    const input = tierSchema.parse({ multiplier: "2", effectiveOn: "2026-03-08" });
    await changeTier({ shop, staff }, { kind: "edit", id: bronzeId, input }, new Date("2026-03-01T15:00:00Z"));
    const stored = await prisma.loyaltyTier.findUniqueOrThrow({ where: { id: bronzeId } });
    expect(stored.pendingFrom?.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    // The screen shows the store day it was entered as.
    expect((await tiersWithMembers(shop)).find((t) => t.id === bronzeId)?.pendingFrom).toBe("2026-03-08");

    const c = await customer(shop.id, 40);
    // 7 March 23:30 in New York (04:30 UTC on the 8th): still the old multiplier. 00:30 on the 8th: the new one.
    const late = await prisma.order.create({
      data: { ...orderData(shop.id, c.id, "2026-03-08T04:30:00Z", 100_00), day: "2026-03-07" },
    });
    const early = await prisma.order.create({
      data: { ...orderData(shop.id, c.id, "2026-03-08T05:30:00Z", 100_00), day: "2026-03-08" },
    });
    await postOrders(shop, [late.id]);
    await postOrders(shop, [early.id]);
    expect(await earned(shop.id, late.id)).toBe(100);
    expect(await earned(shop.id, early.id)).toBe(200);

    // The job places members by it from the store's midnight, not before.
    expect(await applyDueTierChanges(shop, new Date("2026-03-08T04:59:59Z"))).toBe(0);
    expect(await applyDueTierChanges(shop, new Date("2026-03-08T05:00:00Z"))).toBe(1);
  });

  it("1 November 2026 (clocks go back at 02:00) starts at 00:00 EDT = 04:00 UTC", async () => {
    const input = tierSchema.parse({ multiplier: "3", effectiveOn: "2026-11-01" });
    // 31 October 23:00 in New York is 1 November 03:00 UTC: the store's day has not come, so it is scheduled.
    await changeTier({ shop, staff }, { kind: "edit", id: bronzeId, input }, new Date("2026-11-01T03:00:00Z"));
    const stored = await prisma.loyaltyTier.findUniqueOrThrow({ where: { id: bronzeId } });
    expect(stored.pendingFrom?.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    // Entered after the store's midnight (00:30 EDT), the same date applies at once.
    await changeTier({ shop, staff }, { kind: "edit", id: bronzeId, input }, new Date("2026-11-01T04:30:00Z"));
    expect(await prisma.loyaltyTier.findUniqueOrThrow({ where: { id: bronzeId } })).toMatchObject({
      multiplier: 3,
      pendingFrom: null,
    });
  });
});

describe("the dry run of a tier change scheduled for a later date", () => {
  let shop: Shop;
  let silverId: string;
  const now = new Date("2026-06-01T10:00:00Z");
  beforeAll(async () => {
    shop = await createShop();
    await ensureProgram(prisma, shop);
    await prisma.loyaltyProgram.update({ where: { shopId: shop.id }, data: { tierWindow: "rolling_12m" } });
    silverId = (await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: shop.id, name: "Silver" } })).id;
    // Spend that still counts on 2026-10-01 (rolling 12 months from 2025-10-01) and spend that will have aged out.
    const olderSilver = await customer(shop.id, 20);
    const recentSilver = await customer(shop.id, 21);
    const olderBronze = await customer(shop.id, 22);
    const recentBronze = await customer(shop.id, 23);
    await order(shop.id, olderSilver.id, "2025-09-01T12:00:00Z", 600_00);
    await order(shop.id, recentSilver.id, "2026-05-01T12:00:00Z", 600_00);
    await order(shop.id, olderBronze.id, "2025-09-01T12:00:00Z", 450_00);
    await order(shop.id, recentBronze.id, "2026-05-01T12:00:00Z", 450_00);
    await backfillLedger(shop, now);
  });

  it("counts today's moves for a change without a date", async () => {
    const input = tierSchema.parse({ minSpend: "400" });
    // Silver from $500 to $400: both $450 customers move up today.
    expect(await previewTierChange(shop, { kind: "edit", id: silverId, input }, now)).toMatchObject({
      up: 2,
      down: 0,
      asOf: null,
    });
  });

  it("counts the moves as of the date, on the spend that still counts then", async () => {
    const input = tierSchema.parse({ minSpend: "400", effectiveOn: "2026-10-01" });
    // On 2026-10-01 the September 2025 orders are out of the window: only the recent $450 customer moves up.
    expect(await previewTierChange(shop, { kind: "edit", id: silverId, input }, now)).toMatchObject({
      up: 1,
      down: 0,
      same: 3,
      asOf: "2026-10-01",
    });
    // Raising Silver to $700 then moves only the recent $600 customer down (the older one is Bronze by then).
    const raise = tierSchema.parse({ minSpend: "700", effectiveOn: "2026-10-01" });
    expect(await previewTierChange(shop, { kind: "edit", id: silverId, input: raise }, now)).toMatchObject({
      up: 0,
      down: 1,
      asOf: "2026-10-01",
    });
    // The same change today would move both $600 customers down.
    const today = tierSchema.parse({ minSpend: "700" });
    expect(await previewTierChange(shop, { kind: "edit", id: silverId, input: today }, now)).toMatchObject({
      down: 2,
    });
    // A preview writes nothing.
    expect(await prisma.loyaltyTier.findUniqueOrThrow({ where: { id: silverId } })).toMatchObject({
      minSpend: 500,
      pendingFrom: null,
    });
  });
});

describe("a campaign with a fractional multiplier", () => {
  it("multiplies by all of it, live and in the backfill", async () => {
    const shop = await createShop();
    await ensureProgram(prisma, shop);
    const gold = await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: shop.id, name: "Gold" } });
    await prisma.loyaltyCampaign.create({
      data: {
        shopId: shop.id,
        name: "Gold and a half",
        multiplier: 1.5,
        stacking: "multiply",
        tierId: gold.id,
        startsAt: new Date("2026-05-01T00:00:00Z"),
        endsAt: new Date("2026-05-31T23:59:59Z"),
      },
    });
    const c = await customer(shop.id, 30);
    const d = await customer(shop.id, 31);
    // Gold from $1,500 before the order: $100 × 1.5 (Gold) × 1.5 (campaign) = 225 points.
    await order(shop.id, c.id, "2026-04-01T12:00:00Z", 1_500_00);
    await order(shop.id, d.id, "2026-04-01T12:00:00Z", 1_500_00);
    const live = await order(shop.id, c.id, "2026-05-10T12:00:00Z", 100_00);
    const later = await order(shop.id, d.id, "2026-05-10T12:00:00Z", 100_00);
    await postOrders(shop, [live.id]);
    expect(await earned(shop.id, live.id)).toBe(225);
    await backfillLedger(shop, new Date("2026-06-01T00:00:00Z"));
    expect(await earned(shop.id, later.id)).toBe(225);
  });
});
