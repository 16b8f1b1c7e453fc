// The Products profit report against the database: the allocation of an order's refunds, fees and
// shipping cost to its lines (hand-computed), an uncosted line, an unknown fee, a cost entered in
// the app; the totals equal the P&L's; 400 for bad options; shop B never seen; a Viewer reads and
// exports.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import { addProductCost, getProfitAndLoss, recordRefund, todayFor } from "~/features/profit/index.server";
import { productProfits, sortProductRows } from "~/features/profit/products-report.server";
import * as report from "~/routes/_admin.costs_.products";
import * as csv from "~/routes/_admin.costs_.products[.]csv";
import * as dashboard from "~/routes/_admin.dashboard";

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

async function call(handler: Handler, request: Request) {
  let result: unknown;
  try {
    result = await handler({ request, params: {}, context: {} });
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
const products: Record<string, string> = {};

beforeAll(async () => {
  shop = await createShop({ domain: "products-profit-a.myshopify.com" });
  other = await createShop({ domain: "products-profit-b.myshopify.com" });
  for (const s of [shop, other]) {
    await prisma.shop.update({ where: { id: s.id }, data: { plan: "pro" } });
    await installTeam(s);
  }
  today = todayFor(shop);
  const d = (n: number) => addDays(today, -n);
  const a = await createProduct(shop.id, { title: "Alpha", sku: "A", priceMinor: 60_00, unitCostMinor: 25_00 });
  const b = await createProduct(shop.id, { title: "Beta", sku: "B", priceMinor: 20_00, unitCostMinor: 10_00 });
  const c = await createProduct(shop.id, { title: "Gamma", sku: "C", priceMinor: 30_00, unitCostMinor: null });
  const e = await createProduct(shop.id, { title: "Delta", sku: "D", priceMinor: 50_00, unitCostMinor: 5_00 });
  Object.assign(products, { a: a.product.id, b: b.product.id, c: c.product.id, e: e.product.id });
  // Net sales 100 (60 + 40): Alpha takes 60%, Beta 40% of the 20 refund, 10 fee and 5 label.
  const split = await createOrder(shop.id, d(3), [line(a, 1), line(b, 2)], {
    paymentFeesMinor: 10_00,
    shippingCostMinor: 5_00,
    shippingMinor: 7_00,
  });
  await recordRefund(prisma, shop.id, { orderId: split.id, processedAt: new Date(), day: d(2), amountMinor: 20_00 });
  // An uncosted line and an unknown fee.
  await createOrder(shop.id, d(2), [line(c, 1)], { paymentFeesMinor: null, shippingCostMinor: 2_00 });
  // Delta's cost entered in the app (20.00 from 5 days ago) replaces 5.00 at sale.
  await addProductCost(shop, { productName: "Delta", sku: "D", costPerUnit: "20.00", effectiveFrom: d(5) });
  await createOrder(shop.id, d(1), [line(e, 1)], {
    paymentFeesMinor: 1_00,
    shippingCostMinor: 0,
    discountsMinor: 5_00,
  });
  const z = await createProduct(other.id, { title: "Other shop's", priceMinor: 999_00 });
  products.other = z.product.id;
  await createOrder(other.id, d(1), [line(z, 1)], { paymentFeesMinor: 1_00, shippingCostMinor: 1_00 });
});

const range = () => ({ from: addDays(today, -29), to: today });
const byId = async () => new Map((await productProfits(shop, range())).map((r) => [r.productId, r]));

describe("per product (hand-computed)", () => {
  it("allocates the order's refunds, fees and shipping cost pro rata to the lines' net sales", async () => {
    const rows = await byId();
    expect(rows.get(products.a)).toMatchObject({
      units: 1,
      netSalesMinor: 60_00,
      refundsMinor: 12_00,
      cogsMinor: 25_00,
      paymentFeesMinor: 6_00,
      shippingCostMinor: 3_00,
      profitMinor: 60_00 - 12_00 - 25_00 - 6_00 - 3_00,
      uncostedUnits: 0,
    });
    expect(rows.get(products.b)).toMatchObject({
      units: 2,
      netSalesMinor: 40_00,
      refundsMinor: 8_00,
      cogsMinor: 20_00,
      paymentFeesMinor: 4_00,
      shippingCostMinor: 2_00,
      profitMinor: 40_00 - 8_00 - 20_00 - 4_00 - 2_00,
    });
    expect(rows.get(products.b)!.profitMargin).toBeCloseTo(6_00 / 32_00, 10);
  });

  it("an uncosted line makes the profit unknown; an unknown fee is counted in units, not as a fee", async () => {
    const gamma = (await byId()).get(products.c)!;
    expect(gamma).toMatchObject({ uncostedUnits: 1, profitMinor: null, profitMargin: null });
    expect(gamma).toMatchObject({ paymentFeesMinor: 0, unknownFeeUnits: 1, shippingCostMinor: 2_00 });
  });

  it("applies a cost entered in the app and the order's discount", async () => {
    const delta = (await byId()).get(products.e)!;
    expect(delta).toMatchObject({ netSalesMinor: 45_00, cogsMinor: 20_00, profitMinor: 45_00 - 20_00 - 1_00 });
  });

  it("sorts by profit with unknown profits last, and per variant on request", async () => {
    const rows = sortProductRows(await productProfits(shop, range()), "profit", "desc");
    expect(rows.map((r) => r.title)).toEqual(["Delta", "Alpha", "Beta", "Gamma"]);
    const variants = await productProfits(shop, range(), "variant");
    expect(variants.every((v) => v.variantTitle === "Default")).toBe(true);
    expect(variants).toHaveLength(4);
  });

  it("has the P&L's net sales, refunds, cost of goods, fees and shipping cost for the period", async () => {
    const rows = await productProfits(shop, range());
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
    const pnl = await getProfitAndLoss(shop, 30);
    const lineOf = (key: string) => pnl.lines.find((l) => l.key === key)?.amountMinor;
    expect(sum((r) => r.netSalesMinor)).toBe(lineOf("grossSales")! - lineOf("discounts")!);
    expect(sum((r) => r.refundsMinor)).toBe(lineOf("refunds"));
    expect(sum((r) => r.cogsMinor)).toBe(pnl.figures.cogsMinor);
    expect(sum((r) => r.paymentFeesMinor)).toBe(pnl.figures.paymentFeesMinor);
    expect(sum((r) => r.shippingCostMinor)).toBe(pnl.figures.shippingCostMinor);
  });
});

describe("routes", () => {
  it("a Viewer reads the report; shop B's products never appear", async () => {
    for (const q of [
      "",
      "?by=variant",
      "?days=365&sort=units",
      `?days=custom&from=${addDays(today, -3)}&to=${today}`,
    ]) {
      const res = await call(report.loader as Handler, await requestAs("viewer", shop.domain, `/costs/products${q}`));
      expect(res.status).toBe(200);
      const rows = (res.body as { page: { rows: { productId: string }[] } }).page.rows;
      expect(rows.map((r) => r.productId)).not.toContain(products.other);
    }
  });

  it("answers 400 for bad options", async () => {
    for (const q of ["days=7", "sort=price", "by=sku", "days=custom", "days=custom&from=2026-03-01&to=2026-02-01"])
      expect(
        (await call(report.loader as Handler, await requestAs("owner", shop.domain, `/costs/products?${q}`))).status,
      ).toBe(400);
    expect(
      (await call(csv.loader as Handler, await requestAs("owner", shop.domain, "/costs/products.csv?days=2"))).status,
    ).toBe(400);
  });

  it("exports every row as CSV, this shop's only", async () => {
    const res = await call(csv.loader as Handler, await requestAs("viewer", shop.domain, "/costs/products.csv"));
    expect(res.status).toBe(200);
    const text = (await res.response!.text()).replace(/^\uFEFF/, "");
    const [head, ...rows] = text.trim().split(/\r\n/);
    expect(head).toContain("Payment fees allocated (USD)");
    expect(rows.map((r) => r.split(",")[0])).toEqual(["Delta", "Alpha", "Beta", "Gamma"]);
    expect(text).not.toContain("Other shop's");
  });

  it("ranks the dashboard's top products by profit from the same report on the toggle", async () => {
    const res = await call(
      dashboard.loader as Handler,
      await requestAs("viewer", shop.domain, "/dashboard?top=profit"),
    );
    const body = res.body as { rank: string; byProfit: { title: string; profitMinor: number | null }[] };
    expect(body.rank).toBe("profit");
    expect(body.byProfit.map((p) => [p.title, p.profitMinor])).toEqual([
      ["Delta", 45_00 - 20_00 - 1_00],
      ["Alpha", 14_00],
      ["Beta", 6_00],
    ]);
    const byRevenue = await call(dashboard.loader as Handler, await requestAs("viewer", shop.domain, "/dashboard"));
    expect((byRevenue.body as { rank: string; byProfit: null }).byProfit).toBeNull();
  });
});
