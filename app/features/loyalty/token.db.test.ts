// The loyalty points as a token (digital assets, docs/decisions/101): every figure equals the
// ledger's, computed here from the raw entries.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { appendEntries, postOrders } from "./posting.server";
import { refreshMembers } from "./members.server";
import { loyaltyToken } from "./token.server";

type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;
const customers: string[] = [];

beforeAll(async () => {
  a = await createShop({ name: "Token A" });
  b = await createShop({ name: "Token B" });
  const tee = await createProduct(a.id, { priceMinor: 60_000 });
  const sticker = await createProduct(a.id, { priceMinor: 500 });
  for (let i = 0; i < 4; i++) {
    const c = await prisma.customer.create({ data: { shopId: a.id, email: `t${i}@example.com` } });
    customers.push(c.id);
    const order = await createOrder(a.id, "2026-11-01", [line(i < 2 ? tee : sticker)], { customerId: c.id });
    await postOrders({ id: a.id, currency: "USD", timezone: a.timezone }, [order.id]);
  }
});

describe("the loyalty token", () => {
  it("has the ledger's supply, holders and rewards", async () => {
    const shop = { id: a.id, currency: "USD", timezone: a.timezone };
    await prisma.$transaction((tx) =>
      appendEntries(tx as never, a.id, [
        {
          customerId: customers[0]!,
          kind: "redeem",
          points: -200,
          key: "redeem:t1",
          occurredAt: new Date(),
          day: "2026-11-02",
        },
        {
          customerId: customers[2]!,
          kind: "redeem",
          points: -5,
          key: "redeem:t2",
          occurredAt: new Date(),
          day: "2026-11-02",
        },
      ]),
    );
    await refreshMembers(prisma, shop, [customers[0]!, customers[2]!]);
    const token = (await loyaltyToken(a.id))!;
    const entries = await prisma.loyaltyLedgerEntry.findMany({ where: { shopId: a.id } });
    const balances = new Map<string, number>();
    for (const e of entries) balances.set(e.customerId, (balances.get(e.customerId) ?? 0) + e.points);
    expect(token.supply).toBe(entries.reduce((s, e) => s + e.points, 0));
    expect(token.holders).toBe([...balances.values()].filter((v) => v > 0).length);
    expect(token.rewardsDistributed).toBe(205);
    expect(token.holders).toBe(3);
    expect(token).toMatchObject({ name: "Loyalty Rewards", symbol: "LR" });
    expect(await loyaltyToken(b.id)).toBeNull();
  });
});
