// The demo's loyalty program (issue 15): the spec's default tiers, four campaigns (one
// past, one past limited to the Audio collection, one running for Gold members, one scheduled), every stored order posted through the
// same backfill a real store runs, then redemptions over the last months (some used, some
// expired unused and given back) and points expiring 9 months after they were earned, so /loyalty computes every
// figure from a ledger like any shop's.
import { prisma } from "~/db.server";
import { seedCollections } from "./collections";

type SeedShop = { id: string; currency: string; timezone: string; ownerName: string; email: string };

const DAY = 86_400_000;

export async function seedLoyalty(shop: SeedShop, now = new Date()) {
  const loyalty = await import("~/features/loyalty/index.server");
  const actor = { shop, staff: { email: shop.email, name: shop.ownerName } };
  await loyalty.ensureProgram(prisma, shop);
  await prisma.loyaltyProgram.update({
    where: { shopId: shop.id },
    data: { name: "Demo Rewards", expiryMonths: 9, startedAt: new Date(now.getTime() - 400 * DAY) },
  });
  const gold = await prisma.loyaltyTier.findFirst({ where: { shopId: shop.id, name: "Gold" } });
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  await prisma.loyaltyCampaign.deleteMany({ where: { shopId: shop.id } });
  // Collections first: a past campaign limited to one earns only on its lines (decision 072).
  const collections = await seedCollections(shop.id);
  const audio = collections.find((c) => c.title === "Audio");
  for (const c of [
    { name: "Double Points Weekend", multiplier: 2, from: -75, to: -72, stacking: "highest", tierId: null },
    { name: "Gold Week", multiplier: 1.5, from: -3, to: 4, stacking: "multiply", tierId: gold?.id ?? null },
    { name: "Holiday Bonus", multiplier: 3, from: 20, to: 34, stacking: "highest", tierId: null },
    {
      name: "Audio Month",
      multiplier: 3,
      from: -45,
      to: -16,
      stacking: "highest",
      tierId: null,
      collectionId: audio?.id ?? null,
    },
  ] as {
    name: string;
    multiplier: number;
    from: number;
    to: number;
    stacking: string;
    tierId: string | null;
    collectionId?: string | null;
  }[])
    await prisma.loyaltyCampaign.create({
      data: {
        shopId: shop.id,
        name: c.name,
        description: `${c.multiplier}× points`,
        multiplier: c.multiplier,
        startsAt: new Date(`${day(c.from)}T00:00:00.000Z`),
        endsAt: new Date(`${day(c.to)}T23:59:59.999Z`),
        tierId: c.tierId,
        collectionId: c.collectionId ?? null,
        stacking: c.stacking,
      },
    });
  // Each step's time, printed with the seed's phases.
  let phase = Date.now();
  const took = () => {
    const spent = `${((Date.now() - phase) / 1000).toFixed(1)}s`;
    phase = Date.now();
    return spent;
  };
  const backfill = await loyalty.backfillLedger(shop, now);
  const seconds = { backfill: took(), redemptions: "", expiry: "", cost: "" };

  // A quarter of the members redeem part of their points, spread over the last 120 days.
  const members = await prisma.loyaltyMember.findMany({
    where: { shopId: shop.id, balance: { gte: 1000 } },
    orderBy: { customerId: "asc" },
    select: { customerId: true, balance: true },
  });
  const requests = members.flatMap((m, i) =>
    i % 4 === 0
      ? [
          {
            customerId: m.customerId,
            points: Math.floor((m.balance * 0.4) / 100) * 100,
            at: new Date(now.getTime() - ((i * 7) % 120) * DAY - 3_600_000),
            // Two in three are used on a later order; the rest wait or expire unused.
            used: i % 3 !== 2,
          },
        ]
      : [],
  );
  const codes = await loyalty.redeemPointsInBatch(actor, requests, now);
  // Marked used two days after they were issued: one update per such day.
  const usedOn = new Map<number, string[]>();
  requests.forEach((r, k) => {
    if (!r.used) return;
    const at = r.at.getTime() + 2 * DAY;
    const ids = usedOn.get(at);
    if (ids) ids.push(codes[k].id);
    else usedOn.set(at, [codes[k].id]);
  });
  for (const [at, ids] of usedOn)
    await prisma.loyaltyRedemption.updateMany({
      where: { shopId: shop.id, id: { in: ids } },
      data: { status: "used", usedAt: new Date(at) },
    });
  const redeemed = codes.length;
  seconds.redemptions = took();
  // Every member is now placed as of `now`: the backfill, the redemptions and the expiry each
  // rewrote the members they changed.
  const expiry = await loyalty.expireAndReimburse(shop, now);
  seconds.expiry = took();
  // The codes marked used above have no order: each day's loyalty cost is rebuilt from them.
  await loyalty.rebuildLoyaltyCost(shop);
  seconds.cost = took();
  return { ...backfill, collections: collections.length, redemptions: redeemed, ...expiry, seconds };
}
