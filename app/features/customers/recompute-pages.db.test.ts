// The whole-shop recompute reads its customers a page at a time and scores them in chunks: a
// shop of many pages gets the same rows, segment changes, segment sizes and model as when it
// is read in one page.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { recomputeShop } from "./recompute.server";

describe("a recompute read in pages", () => {
  it("gives a shop larger than a page what one page gives", async () => {
    // Two shops with the same customers and orders, their customers created in turns: the
    // first is read three customers at a time, the second in one page.
    const shops = [await createShop(), await createShop()];
    const items = await Promise.all(shops.map((s) => createProduct(s.id, { priceMinor: 4_000 })));
    const customers: string[][] = [[], []];
    for (let i = 0; i < 17; i++)
      for (const [k, shop] of shops.entries())
        customers[k]!.push(
          (
            await prisma.customer.create({
              data: {
                shopId: shop.id,
                email: `c${i}@example.com`,
                firstName: `C${i}`,
                createdAt: new Date("2025-01-01"),
                // One redacted customer, left out of the pages.
                redactedAt: i === 7 ? new Date("2025-06-01") : null,
              },
            })
          ).id,
        );
    const orders = async (k: number, days: string[]) => {
      for (const [i, id] of customers[k]!.entries())
        for (const [d, day] of days.entries())
          // Some customers never order; the others in turns, with ties in what they spent.
          if (i % 5 !== 4 && (i + d) % 3 !== 0)
            await createOrder(shops[k]!.id, day, [line(items[k]!, 1 + (i % 3))], { customerId: id });
    };
    for (const k of [0, 1]) await orders(k, ["2026-01-10", "2026-03-05", "2026-05-20"]);
    const page = [3, undefined];
    const first = new Date("2026-06-01T00:00:00Z");
    const a1 = await recomputeShop(shops[0]!, { now: first, page: page[0] });
    const b1 = await recomputeShop(shops[1]!, { now: first, page: page[1] });
    expect(a1.customers).toBe(16);
    expect(a1).toEqual(b1);
    // Later, with a refit and the summaries rebuilt from the new orders: segments move.
    // Five customers come back and buy a lot.
    for (const k of [0, 1])
      for (const id of customers[k]!.slice(0, 5))
        for (const day of ["2026-10-02", "2026-10-20", "2026-11-01"])
          await createOrder(shops[k]!.id, day, [line(items[k]!, 6)], { customerId: id });
    const later = new Date("2026-11-15T00:00:00Z");
    const a2 = await recomputeShop(shops[0]!, { now: later, refit: true, rebuild: true, page: page[0] });
    const b2 = await recomputeShop(shops[1]!, { now: later, refit: true, rebuild: true, page: page[1] });
    expect(a2.changes).toBeGreaterThan(0);
    expect(a2).toEqual(b2);

    const at = (k: number) => new Map(customers[k]!.map((id, i) => [id, i]));
    const rows = async (k: number) =>
      (await prisma.customerScore.findMany({ where: { shopId: shops[k]!.id } }))
        .map(({ shopId: _shop, customerId, ...row }) => ({ i: at(k).get(customerId), ...row }))
        .sort((x, y) => x.i! - y.i!);
    expect(await rows(0)).toHaveLength(16);
    expect(await rows(0)).toEqual(await rows(1));
    const changes = async (k: number) =>
      (await prisma.customerSegmentChange.findMany({ where: { shopId: shops[k]!.id } }))
        .map(({ id: _id, shopId: _shop, customerId, ...row }) => ({ i: at(k).get(customerId), ...row }))
        .sort((x, y) => x.i! - y.i! || x.changedAt.getTime() - y.changedAt.getTime());
    expect((await changes(0)).length).toBe(a2.changes);
    expect(await changes(0)).toEqual(await changes(1));
    const model = async (k: number) => {
      // summarizedAt: the wall clock's.
      const {
        shopId: _shop,
        summarizedAt: _at,
        ...m
      } = await prisma.customerModel.findUniqueOrThrow({
        where: { shopId: shops[k]!.id },
      });
      return m;
    };
    expect(await model(0)).toEqual(await model(1));
    const days = async (k: number) =>
      (
        await prisma.customerSegmentDay.findMany({
          where: { shopId: shops[k]!.id },
          orderBy: [{ day: "asc" }, { segment: "asc" }],
        })
      ).map(({ shopId: _shop, ...d }) => d);
    expect(await days(0)).toEqual(await days(1));
  });
});
