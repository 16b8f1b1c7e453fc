// GET /api/analytics/export: the CSV's sums equal the screen's, the orders sheet has one row per
// order, formats follow the plan (403 with the upgrade path), bad options answer 400, an empty
// range gives headers only, and another shop's orders are never in the file.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { loader } from "~/routes/api.analytics_.export";
import { analyticsExport, getAnalytics } from "~/features/analytics/index.server";
import { addProductCost, recordRefund } from "~/features/profit/index.server";

const A = "analytics-export-a.myshopify.com";
const B = "analytics-export-b.myshopify.com";
const E = "analytics-export-empty.myshopify.com";
let shopA: Awaited<ReturnType<typeof createShop>>;
const args = (request: Request) => ({ request, params: {}, context: {} });
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  shopA = await createShop({ domain: A, name: "Export A" });
  const shopB = await createShop({ domain: B, name: "Export B" });
  await createShop({ domain: E, name: "Export empty" });
  for (const d of [A, B, E]) await installSession(d);
  const a = await createProduct(shopA.id, { priceMinor: 25_00, unitCostMinor: 10_00 });
  const b = await createProduct(shopB.id, { priceMinor: 999_00 });
  for (let i = 0; i < 12; i++) {
    const o = await createOrder(shopA.id, daysAgo(i * 2), [line(a, 1 + (i % 3))], {
      discountsMinor: i % 2 ? 5_00 : 0,
      shippingMinor: 4_00,
      source: i % 2 ? '=HYPERLINK("http://x")' : "direct",
      country: "Canada",
      region: "Ontario",
    });
    if (i === 3)
      await recordRefund(prisma, shopA.id, {
        orderId: o.id,
        processedAt: new Date(),
        day: daysAgo(1),
        amountMinor: 7_00,
      });
  }
  await createOrder(shopB.id, daysAgo(1), [line(b, 1)], { source: "direct" });
  await prisma.shop.update({ where: { id: shopA.id }, data: { plan: "starter" } });
});

async function get(shop: string, path: string) {
  return (await loader(args(await bearerRequest(shop, path)))) as Response;
}

function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/)
    .map((l) => l.split(","));
}

describe("GET /api/analytics/export", () => {
  it("streams the daily CSV whose totals equal the screen's", async () => {
    const res = await get(A, "/api/analytics/export?format=csv&timeframe=30d");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /analytics-export-a\.myshopify\.com-analytics-daily-\d{4}-\d\d-\d\d-to-/,
    );
    expect(res.headers.get("X-Export-Rows")).toBe("30");
    const [head, ...rows] = parseCsv(await res.text());
    expect(rows).toHaveLength(30);
    const col = (name: string) => head.indexOf(name);
    const total = (name: string) => rows.reduce((s, r) => s + Number(r[col(name)]), 0);
    const screen = await getAnalytics(shopA, "30d", "previous");
    expect(Math.round(total("Net sales (USD)") * 100)).toBe(screen.figures.values.netSales);
    expect(total("Orders")).toBe(screen.figures.values.orders);
    expect(Math.round(total("Revenue (USD)") * 100)).toBe(screen.figures.values.revenue);
  });

  it("has an orders sheet, one row per order, guarded against formulas, this shop's only", async () => {
    const res = await get(A, "/api/analytics/export?format=csv&timeframe=30d&sheet=orders");
    const text = await res.text();
    const [head, ...rows] = parseCsv(text);
    expect(head.slice(0, 3)).toEqual(["Order", "Day", "Source"]);
    expect(rows).toHaveLength(12);
    expect(text).toContain("'=HYPERLINK");
    expect(text).not.toContain("999.00");
    const cogs = rows.reduce((s, r) => s + Number(r[head.indexOf("Cost of goods (USD)")]), 0);
    const screen = await getAnalytics(shopA, "30d", "previous");
    expect(Math.round(cogs * 100)).toBe(screen.figures.values.cogs);
  });

  it("costs the orders sheet by the same rule as the screen once a cost is entered in the app", async () => {
    const product = await prisma.product.findFirstOrThrow({ where: { shopId: shopA.id } });
    const variant = await prisma.variant.findFirstOrThrow({ where: { productId: product.id } });
    await addProductCost(shopA, {
      productName: product.title,
      sku: variant.sku ?? undefined,
      costPerUnit: "12.34",
      effectiveFrom: daysAgo(9),
    });
    const res = await get(A, "/api/analytics/export?format=csv&timeframe=30d&sheet=orders");
    const [head, ...rows] = parseCsv(await res.text());
    const cogs = rows.reduce((s, r) => s + Number(r[head.indexOf("Cost of goods (USD)")]), 0);
    const screen = await getAnalytics(shopA, "30d", "previous");
    expect(Math.round(cogs * 100)).toBe(screen.figures.values.cogs);
    expect(rows.some((r) => r[head.indexOf("Cost of goods (USD)")] === "12.34")).toBe(true);
  });

  it("gives JSON and Excel only on plans that include them, with the upgrade path", async () => {
    const res = await get(A, "/api/analytics/export?format=json&timeframe=7d");
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error).toMatch(/Upgrade to Pro/);
    expect(body.upgradeUrl).toBe("/settings?tab=plan");
    await prisma.shop.update({ where: { id: shopA.id }, data: { plan: "pro" } });
    const ok = await get(A, "/api/analytics/export?format=json&timeframe=7d");
    expect(ok.status).toBe(200);
    const json = await ok.json();
    expect(json.Daily).toHaveLength(7);
    expect(json.Orders.length).toBeGreaterThan(0);
    await prisma.shop.update({ where: { id: shopA.id }, data: { plan: "starter" } });
  });

  it("answers 400 with the allowed values for unknown options", async () => {
    const res = await get(A, "/api/analytics/export?format=pdf&timeframe=2d&sheet=all");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fieldErrors).toEqual({
      format: ["Must be one of csv, json, xlsx"],
      timeframe: ["Must be one of 7d, 30d, 90d, 1y"],
      sheet: ["Must be one of daily, orders"],
    });
  });

  it("an empty range gives headers only", async () => {
    const res = await get(E, "/api/analytics/export?format=csv&timeframe=7d&sheet=orders");
    expect(res.status).toBe(200);
    const rows = parseCsv(await res.text());
    expect(rows).toHaveLength(1);
    expect(rows[0][0]).toBe("Order");
  });

  it("pages across days and within a busy day without losing or repeating an order", async () => {
    const product = await prisma.product.findFirstOrThrow({ where: { shopId: shopA.id } });
    const variant = await prisma.variant.findFirstOrThrow({ where: { productId: product.id } });
    for (let i = 0; i < 5; i++) await createOrder(shopA.id, daysAgo(5), [line({ product, variant }, 1)]);
    const full = await (await analyticsExport(shopA, { format: "csv", timeframe: "30d", sheet: "orders" })).text();
    const paged = await (
      await analyticsExport(shopA, { format: "csv", timeframe: "30d", sheet: "orders", pageSize: 2 })
    ).text();
    expect(paged).toBe(full);
    const names = parseCsv(full)
      .slice(1)
      .map((r) => r[0]);
    expect(names).toHaveLength(17);
    expect(new Set(names).size).toBe(17);
  });

  it("a cost entered by product name alone re-prices lines without a cost too, as the screen does", async () => {
    const p = await createProduct(shopA.id, { title: "Unpriced Lamp", priceMinor: 40_00, unitCostMinor: null });
    for (let i = 0; i < 3; i++) await createOrder(shopA.id, daysAgo(2 + i), [line(p, 2)]);
    const before = parseCsv(await (await get(A, "/api/analytics/export?format=csv&timeframe=30d&sheet=orders")).text());
    const uncosted = (rows: string[][]) =>
      rows.slice(1).reduce((t, r) => t + Number(r[rows[0].indexOf("Units without a cost")]), 0);
    expect(uncosted(before)).toBe(6);
    await addProductCost(shopA, { productName: "unpriced lamp", costPerUnit: "15.00", effectiveFrom: daysAgo(29) });
    const [head, ...rows] = parseCsv(
      await (await get(A, "/api/analytics/export?format=csv&timeframe=30d&sheet=orders")).text(),
    );
    expect(uncosted([head, ...rows])).toBe(0);
    const cogs = rows.reduce((t, r) => t + Number(r[head.indexOf("Cost of goods (USD)")]), 0);
    const screen = await getAnalytics(shopA, "30d", "previous");
    expect(Math.round(cogs * 100)).toBe(screen.figures.values.cogs);
    expect(screen.figures.values.uncostedUnits).toBe(0);
  });
});
