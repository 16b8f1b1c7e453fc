// The loyalty cost through the one profit formula (docs/decisions/058): with redemptions
// present, the dashboard, the P&L, Analytics, its daily export rows and GET /api/analytics
// give the same net profit and total costs, the cost per day equals the loyalty feature's
// figure, and a rebuild of the rollups or of the loyalty cost changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { dayInZone } from "~/lib/dates";
import {
  adjustPoints,
  dashboardLoyalty,
  loyaltyCost,
  postShopifyOrder,
  rebuildLoyaltyCost,
  redeemPoints,
} from "~/features/loyalty/index.server";
import { getDashboardCached, getProfitAndLoss, rebuildRollups } from "~/features/profit/index.server";
import { dailyMetrics, getAnalytics } from "~/features/analytics/index.server";
import { loader as analyticsApi } from "~/routes/api.analytics";

const DOMAIN = "loyalty-profit.myshopify.com";
const staff = { email: "owner@example.com", name: "Owner" };
let shop: { id: string; currency: string; timezone: string };
let customerId: string;
let today: string;

const shopRow = () => prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
const pnlLine = (pnl: Awaited<ReturnType<typeof getProfitAndLoss>>, key: string) =>
  pnl.lines.find((l) => l.key === key)?.amountMinor;

async function allFigures() {
  const dashboard = await getDashboardCached(await shopRow(), 30);
  const pnl = await getProfitAndLoss(shop, 30);
  const analytics = await getAnalytics(shop, "30d", "previous");
  const daily = await dailyMetrics(shop, analytics.range);
  const res = (await analyticsApi({
    request: await bearerRequest(DOMAIN, "/api/analytics?timeframe=30d"),
    params: {},
    context: {},
  })) as Response;
  const [api] = await res.json();
  return { dashboard, pnl, analytics, daily, api };
}

beforeAll(async () => {
  shop = await createShop({ domain: DOMAIN, timezone: "America/New_York" });
  await installSession(DOMAIN);
  today = dayInZone(new Date(), shop.timezone);
  customerId = (await prisma.customer.create({ data: { shopId: shop.id, email: "ann@example.com" } })).id;
  const p = await createProduct(shop.id, { priceMinor: 80_00 });
  await createOrder(shop.id, today, [line(p, 2)], { customerId, shippingMinor: 5_00 });
  await adjustPoints({ shop, staff }, { customerId, points: 10_000, reason: "welcome" });
});

describe("loyalty rewards in the profit figures", () => {
  it("lower net profit the same way on the dashboard, the P&L, Analytics, its export and the API", async () => {
    const before = await allFigures();
    expect(pnlLine(before.pnl, "loyalty")).toBe(0);

    // 3,000 points at 0.01 = $30.00 and 1,000 = $10.00 redeemed today; an order today spends the $10 code.
    await redeemPoints({ shop, staff }, { customerId, points: 3_000 }, null);
    const spent = await redeemPoints({ shop, staff }, { customerId, points: 1_000 }, null);
    const p = await createProduct(shop.id, { priceMinor: 50_00, unitCostMinor: 0 });
    const order = await createOrder(shop.id, today, [line(p, 1)], {
      customerId,
      shopifyId: "gid://shopify/Order/9001",
      discountsMinor: 10_00,
    });
    await postShopifyOrder(prisma, shop, order.shopifyId!, [spent.code.toLowerCase()]);
    expect(await loyaltyCost(shop.id, { from: today, to: today })).toBe(30_00);

    const after = await allFigures();
    const net = after.dashboard.profit.netProfitMinor;
    // The new order's net sales ($40) came in, and $30 of rewards are a cost.
    expect(net).toBe(before.dashboard.profit.netProfitMinor + 40_00 - 30_00);
    expect(after.dashboard.profit.loyaltyCostMinor).toBe(30_00);
    expect(after.dashboard.metrics.find((m) => m.key === "netProfit")?.value).toBe(net);
    expect(pnlLine(after.pnl, "loyalty")).toBe(30_00);
    expect(pnlLine(after.pnl, "netProfit")).toBe(net);
    expect(pnlLine(after.pnl, "totalCosts")).toBe(after.dashboard.profit.totalCostsMinor);
    expect(after.analytics.figures.values.netProfit).toBe(net);
    expect(after.analytics.figures.values.loyalty).toBe(30_00);
    expect(after.analytics.figures.values.totalCosts).toBe(after.dashboard.profit.totalCostsMinor);
    expect(after.daily.reduce((s, d) => s + (d.values.netProfit ?? 0), 0)).toBe(net);
    expect(after.api.metrics.netProfit.valueMinor).toBe(net);
    expect(after.api.metrics.loyalty.valueMinor).toBe(30_00);
  });

  it("keeps the cost through a rebuild of the rollups, and rebuilding it changes nothing", async () => {
    const sum = async () =>
      (await prisma.dailyRollup.aggregate({ where: { shopId: shop.id }, _sum: { loyaltyCostMinor: true } }))._sum
        .loyaltyCostMinor;
    expect(await sum()).toBe(30_00);
    await rebuildRollups(shop.id);
    expect(await sum()).toBe(30_00);
    await prisma.dailyRollup.updateMany({ where: { shopId: shop.id }, data: { loyaltyCostMinor: 0 } });
    await rebuildLoyaltyCost(shop);
    expect(await sum()).toBe(30_00);
    expect((await allFigures()).dashboard.profit.loyaltyCostMinor).toBe(30_00);
  });

  it("fills the dashboard's loyalty card from the ledger, and none for a shop without members", async () => {
    const card = await dashboardLoyalty(shop, 30);
    const ledger = await prisma.loyaltyLedgerEntry.aggregate({ where: { shopId: shop.id }, _sum: { points: true } });
    expect(card).toMatchObject({
      members: 1,
      activeMembers: 1,
      outstandingPoints: ledger._sum.points,
      redeemedMinor: 40_00,
      rewardsCostMinor: 30_00,
      // Outstanding points at $0.01 each; too little history for an observed rate, so all of them.
      liabilityMinor: ledger._sum.points ?? 0,
      redemptionRate: 1,
      redemptionSource: "default",
    });
    const other = await createShop({ domain: "loyalty-none.myshopify.com" });
    expect(await dashboardLoyalty(other, 30)).toBeNull();
  });
});
