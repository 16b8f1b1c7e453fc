// Points past the program's expiry are written off by the daily job: per member, oldest first
// (the pure ledger's expiryDue), once per day however often the job runs, with the day's
// LoyaltyDay sum and the members' balances following, and no other shop touched.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { ensureProgram, expireAndReimburse, refreshMembers } from "~/features/loyalty/index.server";
import { expiryDue, type LedgerEntry } from "~/features/loyalty/ledger";
import { dayInZone } from "~/lib/dates";

const DAY = 86_400_000;
const NOW = new Date("2026-11-20T15:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

type Shop = { id: string; currency: string; timezone: string };

/** A shop with a 9-month expiry and customers whose ledgers are given as [kind, points, days ago]. */
async function shopWith(domain: string, ledgers: [string, number, number][][]) {
  const shop: Shop = await createShop({ domain });
  await ensureProgram(prisma, shop);
  await prisma.loyaltyProgram.update({ where: { shopId: shop.id }, data: { expiryMonths: 9 } });
  const ids: string[] = [];
  for (const [i, ledger] of ledgers.entries()) {
    const c = await prisma.customer.create({ data: { shopId: shop.id, email: `c${i}@${domain}` } });
    ids.push(c.id);
    for (const [j, [kind, points, days]] of ledger.entries())
      await prisma.loyaltyLedgerEntry.create({
        data: {
          shopId: shop.id,
          customerId: c.id,
          kind,
          points,
          key: `${kind}:${c.id}:${j}`,
          occurredAt: ago(days),
          day: dayInZone(ago(days), shop.timezone),
        },
      });
  }
  await refreshMembers(prisma, shop, ids, NOW);
  return { shop, ids };
}

const entriesOf = async (shopId: string, customerId: string) =>
  (await prisma.loyaltyLedgerEntry.findMany({
    where: { shopId, customerId },
    orderBy: { occurredAt: "asc" },
    select: { kind: true, points: true, occurredAt: true },
  })) as LedgerEntry[];

describe("point expiry", () => {
  let a: Awaited<ReturnType<typeof shopWith>>;
  let b: Awaited<ReturnType<typeof shopWith>>;
  const ledgers: [string, number, number][][] = [
    [
      ["earn", 1_000, 400],
      ["earn", 500, 30],
    ], // 1,000 expired
    [
      ["earn", 800, 300],
      ["redeem", -300, 200],
      ["earn", 200, 10],
    ], // 500 left of the old lot
    [["earn", 700, 20]], // nothing due
    [
      ["earn", 400, 365],
      ["redeem", -400, 100],
    ], // all spent: no balance, nothing due
  ];
  const due = new Map<string, number>();

  beforeAll(async () => {
    a = await shopWith("expiry-a.myshopify.com", ledgers);
    b = await shopWith("expiry-b.myshopify.com", ledgers);
    for (const id of a.ids) due.set(id, expiryDue(await entriesOf(a.shop.id, id), 9, NOW));
    expect([...due.values()]).toEqual([1_000, 500, 0, 0]);
  });

  it("writes off what the ledger says is due, once a day, with the day's sum and the balances", async () => {
    const first = await expireAndReimburse(a.shop, NOW);
    expect(first.expired).toBe(1_500);
    expect((await expireAndReimburse(a.shop, new Date(NOW.getTime() + 60_000))).expired).toBe(0);
    const written = await prisma.loyaltyLedgerEntry.findMany({
      where: { shopId: a.shop.id, kind: "expire" },
      select: { customerId: true, points: true },
    });
    expect(new Map(written.map((e) => [e.customerId, -e.points]))).toEqual(
      new Map([...due].filter(([, points]) => points > 0)),
    );
    const day = await prisma.loyaltyDay.findUniqueOrThrow({
      where: { shopId_day_kind: { shopId: a.shop.id, day: dayInZone(NOW, a.shop.timezone), kind: "expire" } },
    });
    expect(day.points).toBe(-1_500);
    for (const id of a.ids) {
      const member = await prisma.loyaltyMember.findUnique({
        where: { shopId_customerId: { shopId: a.shop.id, customerId: id } },
      });
      const sum = (await entriesOf(a.shop.id, id)).reduce((s, e) => s + e.points, 0);
      expect(member?.balance ?? 0).toBe(sum);
    }
    expect(await prisma.loyaltyLedgerEntry.count({ where: { shopId: b.shop.id, kind: "expire" } })).toBe(0);
  });

  it("handles more members than one batch holds", async () => {
    const shop: Shop = await createShop({ domain: "expiry-many.myshopify.com" });
    await ensureProgram(prisma, shop);
    await prisma.loyaltyProgram.update({ where: { shopId: shop.id }, data: { expiryMonths: 9 } });
    const ids = Array.from({ length: 1_200 }, (_, i) => `many-${String(i).padStart(4, "0")}`);
    const day = dayInZone(ago(400), shop.timezone);
    for (let i = 0; i < ids.length; i += 200) {
      const slice = ids.slice(i, i + 200);
      await prisma.customer.createMany({
        data: slice.map((id) => ({ id, shopId: shop.id, email: `${id}@example.com` })),
      });
      await prisma.loyaltyLedgerEntry.createMany({
        data: slice.map((id) => ({
          shopId: shop.id,
          customerId: id,
          kind: "earn",
          points: 10,
          key: `earn:${id}`,
          occurredAt: ago(400),
          day,
        })),
      });
    }
    await refreshMembers(prisma, shop, ids, NOW);
    expect((await expireAndReimburse(shop, NOW)).expired).toBe(12_000);
    expect(await prisma.loyaltyLedgerEntry.count({ where: { shopId: shop.id, kind: "expire" } })).toBe(1_200);
    expect(await prisma.loyaltyMember.count({ where: { shopId: shop.id, balance: { not: 0 } } })).toBe(0);
  });
});
