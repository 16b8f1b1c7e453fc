// Editing and deleting product costs and expenses: COGS moves from the effective date,
// the figures follow, and a shop can only ever touch its own rows.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays, dayInZone } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { getDashboard } from "~/features/profit/dashboard.server";
import { getProfitAndLoss, getBreakdown } from "~/features/profit/pnl.server";
import {
  addOperatingExpense,
  addProductCost,
  deleteOperatingExpense,
  deleteProductCost,
  updateOperatingExpense,
  updateProductCost,
} from "~/features/profit/costs.server";
import { rebuildRollups } from "~/features/profit/rollups.server";
import { tableCounts } from "~tests/table-counts";
import { action as costAction, loader as costLoader } from "~/routes/api.stores.$storeId.product-costs.$costId";
import { action as expenseAction } from "~/routes/api.stores.$storeId.operating-expenses.$expenseId";
import { action as screenAction } from "~/routes/_admin.costs";

const NOW = new Date("2026-06-30T12:00:00Z");
type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;

const cogsOn = async (shopId: string, day: string) =>
  (await prisma.dailyRollup.findUnique({ where: { shopId_day: { shopId, day } } }))?.cogsMinor ?? 0;

beforeEach(async () => {
  shop = await createShop({ name: "Editing" });
  const a = await createProduct(shop.id, { title: "Alpha", sku: "A", priceMinor: 100_00, unitCostMinor: 40_00 });
  const b = await createProduct(shop.id, { title: "Beta", sku: "B", priceMinor: 50_00, unitCostMinor: null });
  await createOrder(shop.id, "2026-06-10", [line(a, 2), line(b, 1)]);
  await createOrder(shop.id, "2026-06-20", [line(a, 1), line(b, 2)]);
});

describe("editing a product cost", () => {
  it("re-costs COGS from its effective date, and back when deleted", async () => {
    const cost = await addProductCost(shop, {
      productName: "Alpha",
      sku: "A",
      costPerUnit: "50.00",
      effectiveFrom: "2026-06-15",
    });
    expect(await cogsOn(shop.id, "2026-06-10")).toBe(80_00); // snapshot 40 × 2, before the effective day
    expect(await cogsOn(shop.id, "2026-06-20")).toBe(50_00);

    // A typo fixed: 50 → 45, and from an earlier day.
    await updateProductCost(shop, cost.id, {
      productName: "Alpha",
      sku: "A",
      costPerUnit: "45.00",
      effectiveFrom: "2026-06-01",
    });
    expect(await cogsOn(shop.id, "2026-06-10")).toBe(90_00);
    expect(await cogsOn(shop.id, "2026-06-20")).toBe(45_00);

    await deleteProductCost(shop, cost.id);
    expect(await cogsOn(shop.id, "2026-06-10")).toBe(80_00);
    expect(await cogsOn(shop.id, "2026-06-20")).toBe(40_00);
    expect(await prisma.productCost.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("a cost effective today costs today's sales only; one in the past costs from its day on", async () => {
    const ny = await createShop({ name: "New York", timezone: "America/New_York" });
    const today = dayInZone(new Date(), ny.timezone);
    const gamma = await createProduct(ny.id, { title: "Gamma", sku: "G", priceMinor: 300_00, unitCostMinor: null });
    const days = [addDays(today, -20), addDays(today, -5), today];
    for (const day of days) await createOrder(ny.id, day, [line(gamma, 2)]);
    // What the form sends by default: "Sales from this day use this cost".
    const todays = await addProductCost(ny, { productName: "Gamma", sku: "G", costPerUnit: "199.99" });
    expect(todays.effectiveFrom).toBe(today);
    expect(await Promise.all(days.map((d) => cogsOn(ny.id, d)))).toEqual([0, 0, 2 * 199_99]);
    expect((await getDashboard(ny, 30)).missingCosts).toMatchObject({ missing: 1, sold: 1, unknownFeeOrders: 0 });
    // Dated 10 days back: the sale 5 days ago is costed at it, the one 20 days ago still is not.
    await addProductCost(ny, {
      productName: "Gamma",
      sku: "G",
      costPerUnit: "150.00",
      effectiveFrom: addDays(today, -10),
    });
    expect(await Promise.all(days.map((d) => cogsOn(ny.id, d)))).toEqual([0, 2 * 150_00, 2 * 199_99]);
    const live = await prisma.dailyRollup.findMany({
      where: { shopId: ny.id },
      orderBy: { day: "asc" },
      omit: { id: true },
    });
    await rebuildRollups(ny.id);
    expect(
      await prisma.dailyRollup.findMany({ where: { shopId: ny.id }, orderBy: { day: "asc" }, omit: { id: true } }),
    ).toEqual(live);
  });

  it("moving a cost to another SKU re-costs both products, and equals a rebuild", async () => {
    const cost = await addProductCost(shop, {
      productName: "Alpha",
      sku: "A",
      costPerUnit: "50",
      effectiveFrom: "2026-06-01",
    });
    await updateProductCost(shop, cost.id, {
      productName: "Beta",
      sku: "B",
      costPerUnit: "20",
      effectiveFrom: "2026-06-01",
    });
    // Alpha back to its snapshot (40 × 2, 40 × 1); Beta from unknown to 20 (× 1, × 2).
    expect(await cogsOn(shop.id, "2026-06-10")).toBe(80_00 + 20_00);
    expect(await cogsOn(shop.id, "2026-06-20")).toBe(40_00 + 40_00);
    const incremental = await prisma.dailyRollup.findMany({
      where: { shopId: shop.id },
      orderBy: { day: "asc" },
      omit: { id: true },
    });
    await rebuildRollups(shop.id);
    expect(
      await prisma.dailyRollup.findMany({ where: { shopId: shop.id }, orderBy: { day: "asc" }, omit: { id: true } }),
    ).toEqual(incremental);
    const d = await getDashboard(shop, 30, NOW);
    expect(d.missingCosts).toMatchObject({ missing: 0, sold: 2, unknownFeeOrders: 0 });
  });

  it("the missing-cost count, the P&L and the dashboard agree", async () => {
    let pnl = await getProfitAndLoss(shop, 30, NOW);
    expect(pnl.missing.sold).toBe(2);
    expect(pnl.missing.variants.map((v) => [v.productName, v.uncostedUnits])).toEqual([["Beta", 3]]);
    expect(pnl.lines.find((l) => l.key === "cogs")!.unknown).toBe("1 of 2 variants sold in this period has no cost");
    await addProductCost(shop, { productName: "Beta", sku: "B", costPerUnit: "20", effectiveFrom: "2026-06-15" });
    pnl = await getProfitAndLoss(shop, 30, NOW);
    // The 10 June unit was sold before the cost's day: it stays uncosted (decision 078).
    expect(pnl.missing.variants.map((v) => [v.productName, v.uncostedUnits])).toEqual([["Beta", 1]]);
    const d = await getDashboard(shop, 30, NOW);
    const value = (k: string) => d.metrics.find((m) => m.key === k)!.value;
    expect(pnl.figures.netProfitMinor).toBe(value("netProfit"));
    expect(pnl.figures.totalCostsMinor).toBe(value("totalCosts"));
    expect(pnl.figures.revenueMinor).toBe(value("revenue"));
    // The COGS breakdown adds up to the line.
    const cogs = await getBreakdown(shop, 30, "cogs", NOW);
    expect(cogs!.totalMinor).toBe(pnl.lines.find((l) => l.key === "cogs")!.amountMinor);
  });
});

describe("editing an expense", () => {
  it("changes and removes it from the figures", async () => {
    const e = await addOperatingExpense(shop, {
      category: "rent",
      description: "Studio",
      amount: "1000.00",
      date: "2026-06-15",
      recurring: false,
    });
    const expenses = async () => (await getProfitAndLoss(shop, 30, NOW)).figures.operatingExpensesMinor;
    expect(await expenses()).toBe(1000_00);
    await updateOperatingExpense(shop, e.id, {
      category: "software",
      description: "Studio",
      amount: "100.00",
      date: "2026-06-15",
      recurring: false,
    });
    expect(await expenses()).toBe(100_00);
    const breakdown = await getBreakdown(shop, 30, "expense:software", NOW);
    expect(breakdown!.rows).toEqual([{ label: "Studio", amountMinor: 100_00, detail: "one-time on 2026-06-15" }]);
    await deleteOperatingExpense(shop, e.id);
    expect(await expenses()).toBe(0);
  });
});

describe("another shop's costs", () => {
  it("cannot be read, edited or deleted through the API or the screen (404, nothing written)", async () => {
    const a = await createShop({ domain: "cost-a.myshopify.com" });
    const b = await createShop({ domain: "cost-b.myshopify.com" });
    await installSession("cost-a.myshopify.com");
    const theirs = await addProductCost(b, { productName: "Secret", costPerUnit: "9.99", effectiveFrom: "2026-06-01" });
    const theirExpense = await addOperatingExpense(b, {
      category: "rent",
      description: "Their rent",
      amount: "5.00",
      date: "2026-06-01",
      recurring: false,
    });
    const before = await tableCounts();
    const call = async (fn: typeof costAction, path: string, init: RequestInit, params: Record<string, string>) => {
      try {
        return (await fn({
          request: await bearerRequest("cost-a.myshopify.com", path, init),
          params,
          context: {},
        })) as Response;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    const body = JSON.stringify({ productName: "Mine now", costPerUnit: "1.00" });
    const put = { method: "PUT", body, headers: { "Content-Type": "application/json" } };
    // Through shop A's own store id: B's cost is not found.
    const own = { storeId: a.id, costId: theirs.id };
    expect((await call(costAction, `/api/stores/${a.id}/product-costs/${theirs.id}`, put, own)).status).toBe(404);
    expect(
      (await call(costAction, `/api/stores/${a.id}/product-costs/${theirs.id}`, { method: "DELETE" }, own)).status,
    ).toBe(404);
    expect((await call(costLoader as never, `/api/stores/${a.id}/product-costs/${theirs.id}`, {}, own)).status).toBe(
      404,
    );
    // Through B's store id: not A's store.
    const via = { storeId: b.id, costId: theirs.id };
    expect(
      (await call(costAction, `/api/stores/${b.id}/product-costs/${theirs.id}`, { method: "DELETE" }, via)).status,
    ).toBe(404);
    const expenseParams = { storeId: a.id, expenseId: theirExpense.id };
    expect(
      (
        await call(
          expenseAction,
          `/api/stores/${a.id}/operating-expenses/${theirExpense.id}`,
          { method: "DELETE" },
          expenseParams,
        )
      ).status,
    ).toBe(404);
    // The screen's action too.
    for (const [intent, id] of [
      ["deleteProductCost", theirs.id],
      ["deleteExpense", theirExpense.id],
      ["updateProductCost", theirs.id],
    ]) {
      const form = new URLSearchParams({ intent, id, productName: "x", costPerUnit: "1" });
      const res = await call(screenAction as never, "/costs", { method: "POST", body: form }, {});
      expect(res.status ?? (res as unknown as { init: { status: number } }).init.status).toBe(404);
    }
    expect(await tableCounts()).toEqual(before);
    expect(await prisma.productCost.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      productName: "Secret",
      costPerUnitMinor: 999,
    });
  });

  it("a malformed id is a 404 and a bad body a 400, nothing written", async () => {
    const a = await createShop({ domain: "cost-c.myshopify.com" });
    await installSession("cost-c.myshopify.com");
    const mine = await addProductCost(a, { productName: "Mine", costPerUnit: "2.00", effectiveFrom: "2026-06-01" });
    const request = async (id: string, init: RequestInit) => {
      const res = (await costAction({
        request: await bearerRequest("cost-c.myshopify.com", `/api/stores/${a.id}/product-costs/${id}`, init),
        params: { storeId: a.id, costId: id },
        context: {},
      })) as Response;
      return res;
    };
    expect((await request("../etc", { method: "DELETE" })).status).toBe(404);
    const bad = await request(mine.id, {
      method: "PUT",
      body: JSON.stringify({ productName: "", costPerUnit: "-1" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toHaveProperty("costPerUnit");
    expect((await prisma.productCost.findUniqueOrThrow({ where: { id: mine.id } })).costPerUnitMinor).toBe(200);
    const ok = await request(mine.id, {
      method: "PUT",
      body: JSON.stringify({ productName: "Mine", costPerUnit: "3.50" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).costPerUnitMinor).toBe(350);
    expect((await request(mine.id, { method: "DELETE" })).status).toBe(204);
  });
});

describe("a cost saved while another write holds the database", () => {
  it("waits its turn instead of failing after Prisma's default two seconds", async () => {
    // Another transaction (an import phase, a recompute) holds the database for 2.5 s.
    const holder = prisma.$transaction(
      async (tx) => {
        await tx.shop.update({ where: { id: shop.id }, data: { name: "Editing" } });
        await new Promise((resolve) => setTimeout(resolve, 2_500));
      },
      { timeout: 10_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const saved = await addProductCost(shop, { productName: "Gamma", costPerUnit: "3.00" });
    await holder;
    expect(saved.costPerUnitMinor).toBe(3_00);
  }, 20_000);
});
