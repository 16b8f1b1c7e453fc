// The Orders profit view against the database: hand-computed figures (a refund, an uncosted line,
// an unknown fee, a cost entered in the app), filters, search and sorts, the totals equal the
// P&L's for the same period, the CSV export guarded and complete, 400 for bad filters, 404 for
// another shop's order, shop B never seen by shop A, and a Viewer can read.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import {
  addProductCost,
  getProfitAndLoss,
  rebuildRollups,
  recordRefund,
  todayFor,
} from "~/features/profit/index.server";
import {
  listOrderProfits,
  orderBreakdown,
  orderProfitPages,
  type OrderProfitRow,
} from "~/features/profit/orders-view.server";
import { parseOrdersQuery, type OrdersQuery } from "~/features/profit/orders-view";
import * as list from "~/routes/_admin.costs_.orders";
import * as detail from "~/routes/_admin.costs_.orders_.$orderId";
import * as csv from "~/routes/_admin.costs_.orders[.]csv";

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

/** Status and body of a loader, whether it returned or threw. */
async function call(handler: Handler, request: Request, params: Record<string, string> = {}) {
  let result: unknown;
  try {
    result = await handler({ request, params, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, body: null as unknown, response: result };
  const withInit = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (withInit?.type === "DataWithResponseInit")
    return { status: withInit.init?.status ?? 200, body: withInit.data, response: null };
  return { status: 200, body: result, response: null };
}

let shop: Awaited<ReturnType<typeof createShop>>;
let other: Awaited<ReturnType<typeof createShop>>;
let today: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  shop = await createShop({ domain: "orders-profit-a.myshopify.com" });
  other = await createShop({ domain: "orders-profit-b.myshopify.com" });
  // Pro: room for the test team's three seats.
  for (const s of [shop, other]) {
    await prisma.shop.update({ where: { id: s.id }, data: { plan: "pro" } });
    await installTeam(s);
  }
  today = todayFor(shop);
  const d = (n: number) => addDays(today, -n);
  const costed = await createProduct(shop.id, { title: "Lamp", sku: "LAMP", priceMinor: 50_00, unitCostMinor: 20_00 });
  const uncosted = await createProduct(shop.id, {
    title: "Mystery",
    sku: "MYS",
    priceMinor: 30_00,
    unitCostMinor: null,
  });
  const entered = await createProduct(shop.id, {
    title: "Chair",
    sku: "CHAIR",
    priceMinor: 80_00,
    unitCostMinor: 10_00,
  });
  // Refunded: 2 × 50 − 10 discount + 5 shipping = 95 revenue before a 25 refund; 40 COGS, 3 fee, 6 label.
  const refunded = await createOrder(shop.id, d(3), [line(costed, 2)], {
    name: "#R1",
    email: "rita@example.com",
    discountsMinor: 10_00,
    shippingMinor: 5_00,
    paymentFeesMinor: 3_00,
    shippingCostMinor: 6_00,
  });
  await recordRefund(prisma, shop.id, {
    orderId: refunded.id,
    processedAt: new Date(),
    day: d(2),
    amountMinor: 25_00,
  });
  ids.refunded = refunded.id;
  // An uncosted line: profit unknown, the known line's cost still shown.
  ids.uncosted = (
    await createOrder(shop.id, d(5), [line(costed, 1), line(uncosted, 2)], {
      name: "#U1",
      paymentFeesMinor: 2_00,
      shippingCostMinor: 4_00,
    })
  ).id;
  // An unknown fee: profit counts it as nothing, and it is marked.
  ids.noFee = (
    await createOrder(shop.id, d(1), [line(costed, 1)], {
      name: "#F1",
      channel: "pos",
      paymentFeesMinor: null,
      shippingCostMinor: 0,
    })
  ).id;
  // A loss: 10 − 20 cost − 1 fee − 7 label; formula-looking name.
  ids.loss = (
    await createOrder(shop.id, d(4), [{ ...line(costed, 1), unitPriceMinor: 10_00 }], {
      name: '=HYPERLINK("http://x")',
      paymentFeesMinor: 1_00,
      shippingCostMinor: 7_00,
    })
  ).id;
  // The Chair's cost entered in the app from 6 days ago replaces its 10.00 at sale.
  await addProductCost(shop, { productName: "Chair", sku: "CHAIR", costPerUnit: "35.00", effectiveFrom: d(6) });
  ids.entered = (
    await createOrder(shop.id, d(2), [line(entered, 1)], {
      name: "#C1",
      paymentFeesMinor: 2_00,
      shippingCostMinor: 5_00,
    })
  ).id;
  // Cancelled: counts nothing, as in the P&L.
  const cancelled = await createOrder(shop.id, d(2), [line(costed, 3)], { name: "#X1", paymentFeesMinor: 1_00 });
  await prisma.order.update({ where: { id: cancelled.id }, data: { cancelledAt: new Date() } });
  // Cancelled outside the order write path: the rollups are rebuilt as after an import.
  await rebuildRollups(shop.id);
  // Shop B: an order whose name and e-mail would match shop A's searches.
  const b = await createProduct(other.id, { priceMinor: 999_00 });
  ids.other = (await createOrder(other.id, d(1), [line(b, 1)], { name: "#R1", email: "rita@example.com" })).id;
});

const query = (params: Record<string, string> = {}): OrdersQuery => {
  const parsed = parseOrdersQuery(new URLSearchParams(params), today);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.query;
};
const names = async (params: Record<string, string> = {}) =>
  (await listOrderProfits(shop, query(params))).rows.map((r) => r.name);

describe("order figures (hand-computed)", () => {
  it("an order with a refund: revenue after it, the costs and the sum", async () => {
    const r = (await orderBreakdown(shop, ids.refunded))!;
    expect(r.order).toMatchObject({
      revenueMinor: 2 * 50_00 - 10_00 - 25_00 + 5_00,
      cogsMinor: 40_00,
      paymentFeesMinor: 3_00,
      shippingCostMinor: 6_00,
      netProfitMinor: 70_00 - 40_00 - 3_00 - 6_00,
      missing: { cost: false, fee: false, shipping: false },
    });
    expect(r.order.profitMargin).toBeCloseTo(21_00 / 70_00, 10);
    expect(r.refunds).toEqual([expect.objectContaining({ day: addDays(today, -2), amountMinor: 25_00 })]);
    expect(r.lines).toEqual([
      expect.objectContaining({ quantity: 2, unitPriceMinor: 50_00, unitCostMinor: 20_00, costSource: "sale" }),
    ]);
  });

  it("an uncosted line: profit and margin unknown, the known cost kept, the units counted", async () => {
    const r = (await orderBreakdown(shop, ids.uncosted))!;
    expect(r.order).toMatchObject({
      cogsMinor: 20_00,
      uncostedUnits: 2,
      netProfitMinor: null,
      profitMargin: null,
      missing: { cost: true, fee: false, shipping: false },
    });
    expect(r.lines.map((l) => [l.sku, l.costSource, l.costMinor])).toEqual(
      expect.arrayContaining([
        ["LAMP", "sale", 20_00],
        ["MYS", "unknown", null],
      ]),
    );
  });

  it("an unknown fee: marked unknown, never zero, and the profit counts it as nothing", async () => {
    const r = (await orderBreakdown(shop, ids.noFee))!;
    expect(r.order.paymentFeesMinor).toBeNull();
    expect(r.order.missing).toEqual({ cost: false, fee: true, shipping: false });
    expect(r.order.netProfitMinor).toBe(50_00 - 20_00);
  });

  it("a cost entered in the app from its effective day replaces the cost at sale", async () => {
    const r = (await orderBreakdown(shop, ids.entered))!;
    expect(r.lines[0]).toMatchObject({ unitCostMinor: 35_00, costSource: "entered" });
    expect(r.order.netProfitMinor).toBe(80_00 - 35_00 - 2_00 - 5_00);
  });
});

describe("filters, search and sorts", () => {
  it("leaves cancelled orders out and sorts by date, newest first, by default", async () => {
    expect(await names()).toEqual(["#F1", "#C1", "#R1", '=HYPERLINK("http://x")', "#U1"]);
  });

  it("filters what is missing, loss-making orders and the channel", async () => {
    expect(await names({ missing: "cost" })).toEqual(["#U1"]);
    expect(await names({ missing: "fee" })).toEqual(["#F1"]);
    expect(await names({ missing: "shipping" })).toEqual([]);
    expect(await names({ missing: "any" })).toEqual(["#F1", "#U1"]);
    expect(await names({ loss: "1" })).toEqual(['=HYPERLINK("http://x")']);
    expect(await names({ channel: "pos" })).toEqual(["#F1"]);
  });

  it("counts the matches: from the daily rollup for the range or an unknown fee or label, else the orders", async () => {
    const total = async (params: Record<string, string>) => {
      const page = await listOrderProfits(shop, query(params));
      return [page.total, page.capped];
    };
    expect(await total({})).toEqual([5, false]);
    expect(await total({ missing: "fee" })).toEqual([1, false]);
    expect(await total({ missing: "shipping" })).toEqual([0, false]);
    expect(await total({ missing: "cost" })).toEqual([1, false]);
    expect(await total({ q: "rita" })).toEqual([1, false]);
    expect(await total({ loss: "1", channel: "online_store" })).toEqual([1, false]);
  });

  it("searches the start of order names (with or without #) and customer e-mails, in any case, wildcards taken literally", async () => {
    expect(await names({ q: "r1" })).toEqual(["#R1"]);
    expect(await names({ q: "#r" })).toEqual(["#R1"]);
    expect(await names({ q: "RITA@" })).toEqual(["#R1"]);
    expect(await names({ q: "%" })).toEqual([]);
    // A prefix search (decision 094): the middle of an e-mail is not searched.
    expect(await names({ q: "ita@" })).toEqual([]);
  });

  it("sorts by profit and margin with unknown profits last, and limits to the range", async () => {
    // #C1 38.00, #F1 30.00, #R1 21.00, the loss −18.00, then #U1 (unknown).
    expect(await names({ sort: "profit", dir: "desc" })).toEqual([
      "#C1",
      "#F1",
      "#R1",
      '=HYPERLINK("http://x")',
      "#U1",
    ]);
    expect((await names({ sort: "margin", dir: "asc" })).at(0)).toBe('=HYPERLINK("http://x")');
    expect((await names({ sort: "margin", dir: "asc" })).at(-1)).toBe("#U1");
    const d = addDays(today, -3);
    expect(await names({ from: d, to: d })).toEqual(["#R1"]);
  });
});

describe("the view agrees with the P&L", () => {
  it("has the P&L's gross sales, discounts, refunds, shipping, cost of goods, fees and labels for the period", async () => {
    const days = 30;
    const rows: OrderProfitRow[] = [];
    for await (const page of orderProfitPages(shop, query({ from: addDays(today, -(days - 1)), to: today })))
      rows.push(...page);
    const sum = (f: (r: (typeof rows)[number]) => number | null) => rows.reduce((s, r) => s + (f(r) ?? 0), 0);
    const pnl = await getProfitAndLoss(shop, days);
    const line = (key: string) => pnl.lines.find((l) => l.key === key)?.amountMinor;
    expect(sum((r) => r.grossSalesMinor)).toBe(line("grossSales"));
    expect(sum((r) => r.discountsMinor)).toBe(line("discounts"));
    expect(sum((r) => r.refundsMinor)).toBe(line("refunds"));
    expect(sum((r) => r.revenueMinor)).toBe(pnl.figures.revenueMinor);
    expect(sum((r) => r.cogsMinor)).toBe(pnl.figures.cogsMinor);
    expect(sum((r) => r.paymentFeesMinor)).toBe(pnl.figures.paymentFeesMinor);
    expect(sum((r) => r.shippingCostMinor)).toBe(pnl.figures.shippingCostMinor);
  });
});

describe("routes", () => {
  it("a Viewer reads the list and a breakdown", async () => {
    const res = await call(list.loader as Handler, await requestAs("viewer", shop.domain, "/costs/orders"));
    expect(res.status).toBe(200);
    expect((res.body as { page: { total: number } }).page.total).toBe(5);
    const one = await call(
      detail.loader as Handler,
      await requestAs("viewer", shop.domain, `/costs/orders/${ids.refunded}`),
      { orderId: ids.refunded },
    );
    expect(one.status).toBe(200);
  });

  it("answers 400 for a bad filter and 404 for another shop's order", async () => {
    for (const q of ["sort=price", "missing=tax", "from=2026-02-30", "from=2026-02-01&to=2026-01-01", "page=0"])
      expect(
        (await call(list.loader as Handler, await requestAs("owner", shop.domain, `/costs/orders?${q}`))).status,
      ).toBe(400);
    expect(
      (await call(csv.loader as Handler, await requestAs("owner", shop.domain, "/costs/orders.csv?dir=up"))).status,
    ).toBe(400);
    const theirs = await call(
      detail.loader as Handler,
      await requestAs("owner", shop.domain, `/costs/orders/${ids.other}`),
      { orderId: ids.other },
    );
    expect(theirs.status).toBe(404);
  });

  it("never shows shop B's orders to shop A, through any filter or the export", async () => {
    for (const q of ["", "q=rita", "q=%23R1", "missing=any", "sort=profit"]) {
      const res = await call(list.loader as Handler, await requestAs("owner", shop.domain, `/costs/orders?${q}`));
      const rows = (res.body as { page: { rows: { id: string }[] } }).page.rows;
      expect(rows.map((r) => r.id)).not.toContain(ids.other);
    }
    const b = await call(list.loader as Handler, await requestAs("owner", other.domain, "/costs/orders?q=rita"));
    expect((b.body as { page: { rows: { id: string }[] } }).page.rows.map((r) => r.id)).toEqual([ids.other]);
  });

  it("exports every matching order as CSV, this shop's only, formulas guarded, unknowns empty and named", async () => {
    const res = await call(csv.loader as Handler, await requestAs("viewer", shop.domain, "/costs/orders.csv"));
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("Content-Type")).toContain("text/csv");
    const text = (await res.response!.text()).replace(/^\uFEFF/, "");
    const [head, ...rows] = text.trim().split(/\r\n/);
    expect(head.split(",")).toContain("Profit (USD)");
    expect(rows).toHaveLength(5);
    expect(text).not.toContain("999.00");
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    const f1 = rows.find((r) => r.startsWith("#F1,"))!;
    expect(f1).toContain("Fee unknown");
    const cols = head.split(",");
    expect(f1.split(",")[cols.indexOf("Payment fees (USD)")]).toBe("");
    expect(f1.split(",")[cols.indexOf("Profit (USD)")]).toBe("30.00");
  });
});

describe("a broad search (more orders than the finds cap start with it)", () => {
  it("filters the range's orders instead and finds the same orders a narrow search finds", async () => {
    const wide = await createShop({ domain: "orders-profit-wide.myshopify.com" });
    const day = todayFor(wide);
    const old = addDays(day, -200);
    const order = (n: number, d: string) => ({
      shopId: wide.id,
      name: `#W${n}`,
      email: `wide${n}@example.com`,
      processedAt: new Date(`${d}T15:00:00Z`),
      day: d,
      currency: "USD",
      grossSalesMinor: 10_00,
      totalMinor: 10_00,
    });
    // 2,001 old finds of "wide" (past the cap of 2,000), and three in the last 30 days.
    await prisma.order.createMany({ data: Array.from({ length: 2001 }, (_, n) => order(n, old)) });
    await prisma.order.createMany({ data: [1, 2, 3].map((k) => order(5000 + k, addDays(day, -k))) });
    const find = async (q: string) => {
      const parsed = parseOrdersQuery(new URLSearchParams({ q }), day);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const page = await listOrderProfits(wide, parsed.query);
      return { total: page.total, names: page.rows.map((r) => r.name) };
    };
    expect(await find("wide")).toEqual({ total: 3, names: ["#W5001", "#W5002", "#W5003"] });
    expect(await find("WIDE500")).toEqual({ total: 3, names: ["#W5001", "#W5002", "#W5003"] });
    expect(await find("wide5002")).toEqual({ total: 1, names: ["#W5002"] });
  });
});
