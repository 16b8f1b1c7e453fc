// The Orders profit view sorted by profit and by margin (decision 124): every page, in both
// directions, equals the orders sorted by the figures the view shows (known figures first, ties
// and unknown figures newest first), across the page where the known figures end and on pages
// wholly past them; and it still does after each writer of the figures' inputs ran through its
// own path (a refund, a cancellation, a fee rule's re-estimate, a shipping rule's re-estimate, a
// label import and its undo), since the sort's index is computed by the database from the row.
import { beforeAll, describe, expect, it } from "vitest";
import { dialect, prisma, sql, sqlOn } from "~/db.server";
import { addDays } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { recordRefund } from "~/features/profit/rollups.server";
import { reestimateFees } from "~/features/profit/fee-rules.server";
import { reestimateShipping } from "~/features/profit/shipping-rules.server";
import { applyLabelImport, undoLabelImport } from "~/features/profit/label-import.server";
import { applyOrderChange, loadOrderState } from "~/features/profit/order-rollups.server";
import { FIGURE_SORTS, listOrderProfits, type OrderProfitRow } from "~/features/profit/orders-view.server";
import { parseOrdersQuery } from "~/features/profit/orders-view";

type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;
const FIRST = "2026-03-01";
const LAST = addDays(FIRST, 19);
const ids: string[] = [];

/** A small deterministic generator (mulberry32), so the store is the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  shop = await createShop({ name: "Sorted by profit" });
  other = await createShop({ name: "Sorted by profit, other shop" });
  const rand = random(124);
  const items = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      createProduct(shop.id, {
        sku: `SP-${i}`,
        priceMinor: 5_00 + Math.floor(rand() * 90_00),
        // One product has no cost at the time of sale: its orders' figures are unknown.
        unitCostMinor: i === 5 ? null : 1_00 + Math.floor(rand() * 40_00),
      }),
    ),
  );
  for (let i = 0; i < 140; i++) {
    const day = addDays(FIRST, Math.floor(rand() * 20));
    const lines = [line(items[Math.floor(rand() * 5)], 1 + Math.floor(rand() * 3))];
    if (rand() < 0.35) lines.push(line(items[5], 1));
    const gross = lines.reduce((s, l) => s + l.quantity * l.unitPriceMinor, 0);
    const order = await createOrder(shop.id, day, lines, {
      processedAt: new Date(`${day}T${String(Math.floor(rand() * 24)).padStart(2, "0")}:17:00Z`),
      // A few are free (no revenue: margin unknown), a few tie on profit with another order.
      discountsMinor: rand() < 0.04 ? gross : Math.floor(rand() * 5_00),
      paymentFeesMinor: rand() < 0.15 ? null : Math.floor(rand() * 5_00),
      shippingCostMinor: rand() < 0.2 ? null : Math.floor(rand() * 12_00),
    });
    ids.push(order.id);
  }
  const z = await createProduct(other.id, { priceMinor: 999_00, unitCostMinor: 1_00 });
  await createOrder(other.id, FIRST, [line(z, 4)], { paymentFeesMinor: 0, shippingCostMinor: 0 });
}, 240_000);

const SORTS = [
  ["profit", (r: OrderProfitRow) => r.netProfitMinor],
  ["margin", (r: OrderProfitRow) => r.profitMargin],
] as const;

/** Every page of the view for the range, sorted by `sort` in `dir`. */
async function allPages(sort: string, dir: string): Promise<OrderProfitRow[]> {
  const rows: OrderProfitRow[] = [];
  for (let page = 1; ; page++) {
    const parsed = parseOrdersQuery(
      new URLSearchParams({ from: FIRST, to: LAST, sort, dir, page: String(page) }),
      LAST,
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const result = await listOrderProfits(shop, parsed.query);
    rows.push(...result.rows);
    if (page >= result.pageCount) return rows;
  }
}

async function expectSortedByFigures() {
  const processed = new Map(
    (await prisma.order.findMany({ where: { shopId: shop.id }, select: { id: true, processedAt: true } })).map((o) => [
      o.id,
      o.processedAt.getTime(),
    ]),
  );
  const newestFirst = (a: OrderProfitRow, b: OrderProfitRow) =>
    b.day.localeCompare(a.day) || processed.get(b.id)! - processed.get(a.id)! || (b.id < a.id ? -1 : 1);
  const live = await prisma.order.count({ where: { shopId: shop.id, cancelledAt: null } });
  for (const [sort, figure] of SORTS)
    for (const dir of ["desc", "asc"] as const) {
      const rows = await allPages(sort, dir);
      expect(rows.length, `${sort} ${dir}`).toBe(live);
      const known = rows.filter((r) => figure(r) !== null).length;
      // The known figures end inside a page, so a page holds both and a later one only unknowns.
      expect(known % 50, `${sort} ${dir}`).not.toBe(0);
      expect(rows.length - known, `${sort} ${dir}`).toBeGreaterThan(50 - (known % 50));
      const expected = [...rows].sort((a, b) => {
        const [x, y] = [figure(a), figure(b)];
        if (x === null || y === null) return x === y ? newestFirst(a, b) : x === null ? 1 : -1;
        return (dir === "asc" ? x - y : y - x) || newestFirst(a, b);
      });
      expect(
        rows.map((r) => r.id),
        `${sort} ${dir}`,
      ).toEqual(expected.map((r) => r.id));
    }
}

describe("sorting by profit and margin", () => {
  it("gives every order once, in the figures' order, unknown figures last, on every page", async () => {
    await expectSortedByFigures();
  });

  it("reads the known figures from the figure's index", async () => {
    for (const figure of Object.values(FIGURE_SORTS)) {
      const table = dialect === "sqlite" ? sql`"Order" AS "o" INDEXED BY ${sql.id(figure.index)}` : sql`"Order" AS "o"`;
      const query = sql`SELECT o."id" FROM ${table} WHERE o."shopId" = ${shop.id} AND o."cancelledAt" IS NULL
        AND ${figure.known} ORDER BY ${figure.value} DESC LIMIT 50`;
      // PostgreSQL would scan so small a table: the plan is asked without that choice.
      const plan = await prisma.$transaction(async (tx) => {
        if (dialect === "postgresql") await sql`SET LOCAL enable_seqscan = off`.execute(sqlOn(tx));
        const explain = dialect === "sqlite" ? sql`EXPLAIN QUERY PLAN ` : sql`EXPLAIN `;
        return JSON.stringify((await sql`${explain}${query}`.execute(sqlOn(tx))).rows);
      });
      expect(plan).toContain(figure.index);
      expect(plan).not.toMatch(/TEMP B-TREE|Sort Key/);
    }
  });

  it("follows every writer of the figures' inputs", async () => {
    for (const id of ids.slice(0, 10)) {
      const order = await prisma.order.findUniqueOrThrow({ where: { id } });
      await recordRefund(prisma, shop.id, {
        orderId: id,
        processedAt: new Date(),
        day: addDays(order.day, 1),
        amountMinor: Math.min(7_00, order.grossSalesMinor),
      });
    }
    await prisma.$transaction(async (tx) => {
      const before = await loadOrderState(tx, shop.id, ids[12]);
      await tx.order.update({ where: { id: ids[12] }, data: { cancelledAt: new Date() } });
      await applyOrderChange(tx, shop.id, before, await loadOrderState(tx, shop.id, ids[12]));
    });
    await prisma.order.updateMany({
      where: { id: { in: ids.slice(20, 60) } },
      data: { gateways: "paypal", paymentFeeSource: "none" },
    });
    await prisma.paymentFeeRule.create({ data: { shopId: shop.id, gateway: "paypal", rateBps: 349, fixedMinor: 49 } });
    expect(await reestimateFees(shop.id, "paypal")).toBeGreaterThan(0);
    await expectSortedByFigures();

    await prisma.order.updateMany({
      where: { shopId: shop.id, shippingCostMinor: null },
      data: { shippingCostSource: "none", shippingCountryCode: "US" },
    });
    await prisma.shippingRule.create({
      data: {
        shopId: shop.id,
        scope: "country",
        scopeKey: "country:US",
        countries: "US",
        basis: "order",
        amountMinor: 6_50,
      },
    });
    expect(await reestimateShipping(shop.id)).toBeGreaterThan(0);
    await expectSortedByFigures();

    const labelled = await prisma.order.findMany({ where: { id: { in: ids.slice(70, 90) } }, select: { name: true } });
    const csv = [
      "Order Number,Ship Date,Carrier,Shipping Cost,Insurance Cost,Currency,Tracking Number",
      ...labelled.map((o, i) => `${o.name},${LAST},USPS,${(30 + i).toFixed(2)},,USD,T${i}`),
    ].join("\n");
    const actor = { shop, staff: { email: "owner@example.com", name: "Owner" } };
    expect(await applyLabelImport(actor, csv, "labels.csv")).toMatchObject({ ok: true });
    await expectSortedByFigures();
    await undoLabelImport(actor);
    await expectSortedByFigures();
  });
});
