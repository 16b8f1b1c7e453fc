// Decision 073 on both engines: a recompute a day later (the nightly run, with a refit) writes
// only the rows whose scores, segment, orders or value changed; what the list, the detail and the
// export show is derived as of the last recompute and equals a computation from the orders; the
// list's "value" sort orders by the value the last recompute stored, with segment, search and pages.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { predict, figuresOf } from "~tests/customers-reference";
import { shown } from "./derived";
import { customerDetail, listCustomers } from "./list.server";
import { recomputeShop } from "./recompute.server";
import { rescoreCustomer } from "./rescore.server";
import { VALUE_TOLERANCE } from "./query";
import { getStoredModel } from "./score-store.server";

const DAY = 86_400_000;

async function seedShop() {
  const shop = await createShop();
  const item = await createProduct(shop.id, { priceMinor: 4_000 });
  const customers = [];
  for (let i = 0; i < 60; i++)
    customers.push(
      await prisma.customer.create({
        data: {
          shopId: shop.id,
          email: `c${i}@example.com`,
          firstName: i % 2 ? `Anson${i}` : `Bea${i}`,
          createdAt: new Date("2025-01-01"),
        },
      }),
    );
  for (const [i, c] of customers.entries())
    for (let k = 0; k <= i % 5; k++)
      await createOrder(
        shop.id,
        `2026-${String(1 + ((i + k * 3) % 10)).padStart(2, "0")}-${String(1 + ((i * 7 + k) % 27)).padStart(2, "0")}`,
        [line(item, 1 + ((i + k) % 4))],
        { customerId: c.id },
      );
  return { shop: { ...shop, currency: "USD" }, customers };
}

/**
 * What a row says (COMPARED_COLUMNS): the columns whose change makes a recompute write it, with
 * the value the list sorts by (CustomerValue) unless `value` is false.
 */
const stableColumns = async (shopId: string, { value = true } = {}) =>
  new Map(
    (
      await prisma.customerScore.findMany({
        where: { shopId },
        select: {
          customerId: true,
          orders: true,
          totalSpentMinor: true,
          lastOrderAt: true,
          firstOrderAt: true,
          frequency: true,
          monetaryMinor: true,
          medianGapDays: true,
          orderDays: true,
          medianGapMs: true,
          r: true,
          f: true,
          m: true,
          segment: true,
          rule: true,
          searchText: true,
          sortName: true,
          value: { select: { predicted12mMinor: true } },
        },
      })
    ).map(({ value: v, ...r }) => [
      r.customerId,
      JSON.stringify(value ? { ...r, predicted12mMinor: v?.predicted12mMinor ?? null } : r),
    ]),
  );

describe("figures that move with the clock (decision 073)", () => {
  it("a day later, with a refit, writes only the rows whose scores, segment or orders changed", async () => {
    const { shop } = await seedShop();
    const t0 = new Date("2026-11-20T09:00:00Z");
    await recomputeShop(shop, { now: t0, refit: true, rebuild: true });
    await recomputeShop(shop, { now: t0 }); // the rows as of t0 are stored
    const before = await stableColumns(shop.id);
    const t1 = new Date(t0.getTime() + DAY);
    const run = await recomputeShop(shop, { now: t1, refit: true });
    const after = await stableColumns(shop.id);
    const moved = [...after].filter(([id, v]) => before.get(id) !== v).length;
    expect(run.written).toBe(moved);
    // Most customers' recency moved by a day, yet their rows were not written.
    expect(run.written).toBeLessThan(after.size / 2);
  });

  it("stamps the rows it rewrites with the recompute's instant and shows them as of it", async () => {
    const { shop } = await seedShop();
    const t0 = new Date("2026-11-20T09:00:00Z");
    await recomputeShop(shop, { now: t0, refit: true, rebuild: true });
    const before = await stableColumns(shop.id);
    const rowsBefore = await stableColumns(shop.id, { value: false });
    // Past the day January's orders leave the 365-day window: those customers' rows move.
    const t1 = new Date(t0.getTime() + 60 * DAY);
    const run = await recomputeShop(shop, { now: t1, refit: true });
    const after = await stableColumns(shop.id);
    expect(run.written).toBe([...after.keys()].filter((id) => before.get(id) !== after.get(id)).length);
    // A score row is stamped when what it says moved; its value alone moving leaves it (decision 108).
    const rowsAfter = await stableColumns(shop.id, { value: false });
    const moved = [...rowsAfter.keys()].filter((id) => rowsBefore.get(id) !== rowsAfter.get(id));
    expect(moved.length).toBeGreaterThan(0);
    const stamps = new Map(
      (
        await prisma.customerScore.findMany({
          where: { shopId: shop.id },
          select: { customerId: true, computedAt: true },
        })
      ).map((r) => [r.customerId, r.computedAt.getTime()]),
    );
    for (const [id, at] of stamps) expect(at).toBe(moved.includes(id) ? t1.getTime() : t0.getTime());
    // Every row shows its figures as of the recompute, equal to the orders' own.
    const fitted = (await getStoredModel(prisma, shop.id))!.model;
    for (const id of [...moved.slice(0, 6), ...[...stamps.keys()].filter((id) => !moved.includes(id)).slice(0, 6)]) {
      const orders = await prisma.order.findMany({
        where: { shopId: shop.id, customerId: id, cancelledAt: null },
        select: { processedAt: true, totalMinor: true, refundsMinor: true },
      });
      const times = orders.map((o) => o.processedAt.getTime());
      const values = orders.map((o) => o.totalMinor - o.refundsMinor);
      const expected = shown(predict(fitted, { id, orderTimes: times, orderValuesMinor: values }, t1.getTime()));
      const detail = (await customerDetail(shop, id))!;
      expect(detail.score).toMatchObject({
        predicted12mMinor: expected.predicted12mMinor,
        churnRisk: expected.churnRisk,
        expectedNextOrderAt: expected.expectedNextOrderAt?.toISOString() ?? null,
      });
    }
  });

  it("a rescore that changes nothing the row says leaves it as of the recompute", async () => {
    const { shop, customers } = await seedShop();
    const t0 = new Date("2026-11-20T09:00:00Z");
    await recomputeShop(shop, { now: t0, refit: true, rebuild: true });
    const id = customers[7]!.id;
    const was = await prisma.customerScore.findUniqueOrThrow({ where: { customerId: id } });
    const detail = (await customerDetail(shop, id))!;
    // A customers/update webhook three days later that changed nothing the row says.
    await rescoreCustomer(prisma, shop, id, new Date(t0.getTime() + 3 * DAY));
    expect(await prisma.customerScore.findUniqueOrThrow({ where: { customerId: id } })).toEqual(was);
    expect(await customerDetail(shop, id)).toEqual(detail);
  });

  it("shows the days, rule and predictions as of the last recompute, equal to the orders' own", async () => {
    const { shop, customers } = await seedShop();
    const t0 = new Date("2026-11-20T09:00:00Z");
    await recomputeShop(shop, { now: new Date(t0.getTime() - 3 * DAY), refit: true, rebuild: true });
    await recomputeShop(shop, { now: t0, refit: true });
    const stored = (await getStoredModel(prisma, shop.id))!;
    expect(stored.computedAt).toEqual(t0);
    const fitted = stored.model;
    for (const c of customers.slice(0, 12)) {
      const orders = await prisma.order.findMany({
        where: { shopId: shop.id, customerId: c.id, cancelledAt: null },
        select: { processedAt: true, totalMinor: true, refundsMinor: true },
      });
      const times = orders.map((o) => o.processedAt.getTime());
      const values = orders.map((o) => o.totalMinor - o.refundsMinor);
      const expected = shown(predict(fitted, { id: c.id, orderTimes: times, orderValuesMinor: values }, t0.getTime()));
      const figures = figuresOf(
        c.id,
        orders.map((o) => ({ at: o.processedAt, netMinor: o.totalMinor - o.refundsMinor })),
        t0,
      );
      const detail = (await customerDetail(shop, c.id))!;
      expect(detail.score).toMatchObject({
        recencyDays: figures.recencyDays,
        predicted12mMinor: expected.predicted12mMinor,
        pNoPurchase90: expected.pNoPurchase90,
        churnRisk: expected.churnRisk,
        expectedNextOrderAt: expected.expectedNextOrderAt?.toISOString() ?? null,
      });
      expect(detail.score!.rule).not.toMatch(/\{/);
      // The segment and the churn risk shown beside it never contradict each other.
      if (detail.score!.segment === "At-Risk") expect(expected.churnRisk).toBe("High");
      if (detail.score!.segment === "Regular") expect(expected.churnRisk).not.toBe("High");
    }
  });

  it("a day later, sorts by stored values each within the tolerance of the value shown (decision 120)", async () => {
    const { shop } = await seedShop();
    const t0 = new Date("2026-11-20T09:00:00Z");
    await recomputeShop(shop, { now: t0, refit: true, rebuild: true });
    for (const days of [1, 2, 9]) await recomputeShop(shop, { now: new Date(t0.getTime() + days * DAY), refit: true });
    const { rows } = await listCustomers(shop, { segment: null, q: "", sort: "value", dir: "desc", page: 1 }, 100);
    const keys = new Map(
      (await prisma.customerValue.findMany({ where: { shopId: shop.id } })).map((v) => [
        v.customerId,
        v.predicted12mMinor,
      ]),
    );
    expect(rows).toHaveLength(60);
    for (const row of rows) {
      const key = keys.get(row.id)!;
      expect(Math.abs(row.predicted12mMinor! - key)).toBeLessThanOrEqual(VALUE_TOLERANCE * key);
    }
    // So the shown values are in order to within the tolerance either side.
    const limit = (1 + VALUE_TOLERANCE) / (1 - VALUE_TOLERANCE);
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]!.predicted12mMinor!).toBeLessThanOrEqual(rows[i - 1]!.predicted12mMinor! * limit);
  });

  it("puts customers without a value last in both directions of the value sort", async () => {
    const { shop } = await seedShop();
    for (let i = 0; i < 3; i++)
      await prisma.customer.create({
        data: { shopId: shop.id, email: `none${i}@example.com`, createdAt: new Date("2025-01-01") },
      });
    await recomputeShop(shop, { now: new Date("2026-11-20T09:00:00Z"), refit: true, rebuild: true });
    for (const dir of ["desc", "asc"] as const) {
      const { rows } = await listCustomers(shop, { segment: null, q: "", sort: "value", dir, page: 1 }, 100);
      expect(rows).toHaveLength(63);
      expect(rows.slice(-3).map((r) => r.predicted12mMinor)).toEqual([null, null, null]);
      expect(rows.slice(0, -3).every((r) => r.predicted12mMinor !== null)).toBe(true);
      // Pages are slices of that order: across the last values, and a page of customers without one.
      for (const size of [25, 20, 7])
        for (let page = 1; (page - 1) * size < rows.length; page++) {
          const got = await listCustomers(shop, { segment: null, q: "", sort: "value", dir, page }, size);
          expect(got.rows.map((r) => r.id)).toEqual(rows.slice((page - 1) * size, page * size).map((r) => r.id));
        }
    }
  });

  it("sorts by the value the last recompute stored, in SQL: segment, search, direction and pages", async () => {
    const { shop } = await seedShop();
    await recomputeShop(shop, { now: new Date(), refit: true, rebuild: true });
    const all = await listCustomers(shop, { segment: null, q: "", sort: "value", dir: "desc", page: 1 }, 100);
    const values = all.rows.map((r) => r.predicted12mMinor);
    expect(values.length).toBe(60);
    const sorted = [...values].sort((a, b) => (b ?? -1) - (a ?? -1));
    expect(values).toEqual(sorted);
    // Ties by id in the same direction, as the other sorts do (one index serves both directions).
    for (let i = 1; i < all.rows.length; i++)
      if (values[i] === values[i - 1]) expect(all.rows[i]!.id < all.rows[i - 1]!.id).toBe(true);
    // Pages are slices of that order, both directions.
    const page2 = await listCustomers(shop, { segment: null, q: "", sort: "value", dir: "desc", page: 2 }, 25);
    expect(page2.rows.map((r) => r.id)).toEqual(all.rows.slice(25, 50).map((r) => r.id));
    const asc = await listCustomers(shop, { segment: null, q: "", sort: "value", dir: "asc", page: 1 }, 100);
    expect(asc.rows.map((r) => r.predicted12mMinor)).toEqual([...values].reverse());
    // A segment and a search keep the same order.
    const segment = all.rows[0]!.segment;
    const inSegment = await listCustomers(shop, { segment, q: "", sort: "value", dir: "desc", page: 1 }, 100);
    expect(inSegment.rows.map((r) => r.id)).toEqual(all.rows.filter((r) => r.segment === segment).map((r) => r.id));
    const searched = await listCustomers(shop, { segment: null, q: "anson", sort: "value", dir: "desc", page: 1 }, 100);
    expect(searched.rows.map((r) => r.id)).toEqual(all.rows.filter((r) => r.name.startsWith("Anson")).map((r) => r.id));
    // With more matches than the count's cap.
    const capped = await listCustomers(
      shop,
      { segment: null, q: "example", sort: "value", dir: "desc", page: 2 },
      10,
      15,
    );
    expect(capped.rows.map((r) => r.id)).toEqual(all.rows.slice(10, 20).map((r) => r.id));
  });
});
