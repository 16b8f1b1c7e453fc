// The one way to the database (docs/decisions/076-typed-sql.md), on the real engine (either).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { asDate, insertRows, prisma, sql, sqlOn, withShopWriteLock } from "~/db.server";
import { createShop } from "~tests/factories";

const at = new Date("2026-06-10T23:30:00.123Z");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("sqlOn: typed SQL through Prisma's connection", () => {
  it("writes and reads rows with Dates, numbers and booleans on both engines", async () => {
    const shop = await createShop();
    const db = sqlOn();
    await db
      .insertInto("Customer")
      .values([
        { id: `${shop.id}-a`, shopId: shop.id, email: "a@example.com", acceptsMarketing: true, createdAt: at },
        { id: `${shop.id}-b`, shopId: shop.id, email: "b@example.com", acceptsMarketing: false, createdAt: at },
      ])
      .execute();
    const rows = await db
      .selectFrom("Customer")
      .select(["id", "createdAt", "acceptsMarketing"])
      .where("shopId", "=", shop.id)
      .where("createdAt", "<=", at)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.id)).toEqual([`${shop.id}-a`, `${shop.id}-b`]);
    expect(asDate(rows[0]!.createdAt).getTime()).toBe(at.getTime());
    expect(Boolean(rows[0]!.acceptsMarketing)).toBe(true);
    const [count] = await db
      .selectFrom("Customer")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("createdAt").as("last")])
      .where("shopId", "=", shop.id)
      .execute();
    expect(count!.n).toBe(2);
    expect(asDate(count!.last)!.getTime()).toBe(at.getTime());
  });

  it("upserts only the rows that differ (ON CONFLICT … DO UPDATE … WHERE)", async () => {
    const shop = await createShop();
    const db = sqlOn();
    const day = (customers: number) => ({
      shopId: shop.id,
      day: "2026-06-10",
      segment: "VIP",
      customers,
      revenueMinor: 5,
    });
    const upsert = (customers: number) =>
      db
        .insertInto("CustomerSegmentDay")
        .values(day(customers))
        .onConflict((oc) =>
          oc
            .columns(["shopId", "day", "segment"])
            .doUpdateSet({ customers: (eb) => eb.ref("excluded.customers") })
            .where(sql<boolean>`"CustomerSegmentDay"."customers" <> excluded."customers"`),
        )
        .executeTakeFirst();
    expect(Number((await upsert(3)).numInsertedOrUpdatedRows)).toBe(1);
    expect(Number((await upsert(3)).numInsertedOrUpdatedRows)).toBe(0);
    expect(Number((await upsert(4)).numInsertedOrUpdatedRows)).toBe(1);
    const stored = await prisma.customerSegmentDay.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(stored.customers).toBe(4);
  });

  it("inserts many rows in batches (insertRows), with Dates, booleans and nulls as the model API writes them", async () => {
    const shop = await createShop();
    const rows = Array.from({ length: 2_001 }, (_, i) => ({
      id: `${shop.id}-${String(i).padStart(4, "0")}`,
      shopId: shop.id,
      email: i % 2 ? `c${i}@example.com` : null,
      acceptsMarketing: i === 0,
      createdAt: at,
    }));
    await insertRows(prisma, "Customer", ["id", "shopId", "email", "acceptsMarketing", "createdAt"], rows);
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(2_001);
    const [first, second] = await prisma.customer.findMany({
      where: { shopId: shop.id },
      orderBy: { id: "asc" },
      take: 2,
    });
    expect(first).toMatchObject({ email: null, acceptsMarketing: true, createdAt: at });
    expect(second).toMatchObject({ email: "c1@example.com", acceptsMarketing: false, createdAt: at });
    // Stored as the model API stores it: a bound instant finds it.
    expect(await prisma.customer.count({ where: { shopId: shop.id, createdAt: at, acceptsMarketing: true } })).toBe(1);
  });

  it("runs inside a Prisma transaction and is rolled back with it", async () => {
    const shop = await createShop();
    await expect(
      prisma.$transaction(async (tx) => {
        await sqlOn(tx)
          .insertInto("Customer")
          .values({
            id: `${shop.id}-t`,
            shopId: shop.id,
            email: "t@example.com",
            acceptsMarketing: false,
            createdAt: at,
          })
          .execute();
        expect(await tx.customer.count({ where: { shopId: shop.id } })).toBe(1);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(0);
  });
});

// Before, a SQL transaction ran on a second SQLite connection: started while a Prisma interactive
// transaction was open, its synchronous busy wait froze the process for 10 s, then failed
// ("database is locked"). Now both are transactions on the one connection (or pool), one after
// the other: neither fails, and the event loop keeps turning.
describe("a Prisma transaction and a SQL transaction at once", () => {
  const WORK_MS = 150;
  const modelTx = (shopId: string) =>
    prisma.$transaction(async (tx) => {
      await tx.customer.create({
        data: { id: `${shopId}-model`, shopId, email: "m@example.com", acceptsMarketing: false, createdAt: at },
      });
      await pause(WORK_MS);
      return "model";
    });
  const sqlTx = (shopId: string) =>
    prisma.$transaction(async (tx) => {
      await sqlOn(tx)
        .insertInto("Customer")
        .values({ id: `${shopId}-sql`, shopId, email: "s@example.com", acceptsMarketing: false, createdAt: at })
        .execute();
      await pause(WORK_MS);
      return "sql";
    });

  for (const order of ["model first", "sql first"] as const)
    it(`both finish, without a stall, ${order}`, async () => {
      const shop = await createShop();
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      const [first, second] = order === "model first" ? [modelTx, sqlTx] : [sqlTx, modelTx];
      const a = first(shop.id);
      await pause(20);
      const results = await Promise.all([a, second(shop.id)]);
      const elapsed = performance.now() - started;
      delay.disable();
      expect(results.sort()).toEqual(["model", "sql"]);
      expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(2);
      // One after the other at worst: their own work plus 200 ms.
      expect(elapsed).toBeLessThan(2 * WORK_MS + 20 + 200);
      expect(delay.max / 1e6).toBeLessThan(200);
    });
});

describe("withShopWriteLock", () => {
  it("runs one shop's locked jobs one after the other, and another shop's beside them", async () => {
    const [shop, other] = [await createShop(), await createShop()];
    const log: string[] = [];
    const job = (shopId: string, name: string) =>
      withShopWriteLock(shopId, async (tx) => {
        log.push(`${name} start`);
        const before = await tx.customer.count({ where: { shopId } });
        await pause(60);
        await sqlOn(tx)
          .insertInto("Customer")
          .values({
            id: `${shopId}-${name}`,
            shopId,
            email: `${name}@example.com`,
            acceptsMarketing: false,
            createdAt: at,
          })
          .execute();
        log.push(`${name} end`);
        return before;
      });
    const [a, b] = await Promise.all([job(shop.id, "a"), job(shop.id, "b"), job(other.id, "c")]);
    // The second job read after the first committed: it saw the first's row.
    expect([a, b].sort()).toEqual([0, 1]);
    // Whichever took the lock first ended before the other started.
    const ofShop = log.filter((entry) => !entry.startsWith("c "));
    const [first, second] = ofShop[0] === "a start" ? ["a", "b"] : ["b", "a"];
    expect(ofShop).toEqual([`${first} start`, `${first} end`, `${second} start`, `${second} end`]);
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(2);
  });
});
