// The marketing figures on the database (decision 093), on a hand-computed period: each
// channel's spend, the conversion value its platform reported (in the shop's currency at the
// day's rate), the net sales of the orders attributed to it, the new customers, and the P&L's
// ad spend lines carrying them. Shop B's spend, reports and orders never reach shop A's figures.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { recomputeShop } from "~/features/customers/index.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import {
  applyOrderChange,
  getProfitAndLoss,
  loadOrderState,
  rebuildRollups,
  recordRefund,
  setAdSpendDays,
} from "~/features/profit/index.server";
import { getAnalytics, getMarketing, pnlAdFigures } from "~/features/analytics/index.server";
import { NO_ATTRIBUTED_ORDERS, NO_PLATFORM_REPORT } from "~/features/analytics/marketing.server";
import { NO_NEW_CUSTOMERS, NO_SPEND } from "~/features/analytics/metrics";

// The shop's day is New York's: 2026-06-30 there until 04:00 UTC on 1 July.
const NOW = new Date("2026-07-01T03:00:00Z");
const RANGE = { from: "2026-06-01", to: "2026-06-30" };
type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;

async function campaignDay(shopId: string, platform: string, day: string, spend: number, value: number, rate = 1) {
  await prisma.adCampaignDay.create({
    data: {
      shopId,
      platform,
      accountId: "acc-1",
      campaignId: `c-${day}-${value}`,
      campaignName: "Campaign",
      day,
      currency: rate === 1 ? "USD" : "EUR",
      spendMicros: BigInt(Math.round((spend / 100 / rate) * 1_000_000)),
      rate,
      spendShopMinor: spend,
      conversionValue: value,
    },
  });
}

/** Spend through the profit feature's one writer, so the daily rollup's ad spend moves with it. */
async function spendDay(shopId: string, channel: string, day: string, amountMinor: number, source = "platform") {
  await setAdSpendDays(prisma, shopId, channel, source, [day], new Map([[day, amountMinor]]));
}

async function customer(shopId: string, name: string, extra: { redactedAt?: Date } = {}) {
  return prisma.customer.create({ data: { shopId, firstName: name, ...extra } });
}

beforeAll(async () => {
  a = await createShop({ name: "Marketing A", timezone: "America/New_York" });
  b = await createShop({ name: "Marketing B", timezone: "America/New_York" });
  const item = await createProduct(a.id, { priceMinor: 100_00, unitCostMinor: 40_00 });
  const itemB = await createProduct(b.id, { priceMinor: 100_00, unitCostMinor: 40_00 });

  // Spend: Google 100.00 (platform), Meta 50.00 (CSV, so no platform report), a newsletter sponsor 20.00.
  await spendDay(a.id, "google_ads", "2026-06-10", 60_00);
  await spendDay(a.id, "google_ads", "2026-06-11", 40_00);
  await spendDay(a.id, "meta_ads", "2026-06-10", 50_00, "csv");
  await spendDay(a.id, "newsletter_sponsor", "2026-06-12", 20_00, "manual");
  // Google reports 150.00 (USD) + 100.00 EUR at 1.1 = 260.00; a day outside the period is not counted.
  await campaignDay(a.id, "google_ads", "2026-06-10", 60_00, 150);
  await campaignDay(a.id, "google_ads", "2026-06-11", 40_00, 100, 1.1);
  await campaignDay(a.id, "google_ads", "2026-05-31", 10_00, 9_999);

  const c1 = await customer(a.id, "New one");
  const c2 = await customer(a.id, "Returning");
  const c3 = await customer(a.id, "First order cancelled");
  const c4 = await customer(a.id, "Redacted", { redactedAt: new Date("2026-06-20T00:00:00Z") });
  // Google: two orders, 200.00 and 100.00, a 20.00 refund issued in the period → 280.00.
  const g1 = await createOrder(a.id, "2026-06-10", [line(item, 2)], {
    source: "paid_search",
    adChannel: "google",
    customerId: c1.id,
  });
  await createOrder(a.id, "2026-06-15", [line(item, 1)], {
    source: "paid_search",
    adChannel: "google",
    customerId: c2.id,
  });
  await recordRefund(prisma, a.id, {
    orderId: g1.id,
    processedAt: new Date("2026-06-20T15:00:00Z"),
    day: "2026-06-20",
    amountMinor: 20_00,
  });
  // A cancelled Google order counts nothing; Meta: one order of 100.00 less a 10.00 discount.
  const cancelled = await createOrder(a.id, "2026-06-12", [line(item, 5)], {
    source: "paid_search",
    adChannel: "google",
    customerId: c3.id,
  });
  const before = await loadOrderState(prisma, a.id, cancelled.id);
  await prisma.order.update({ where: { id: cancelled.id }, data: { cancelledAt: new Date("2026-06-13T00:00:00Z") } });
  await applyOrderChange(prisma, a.id, before, await loadOrderState(prisma, a.id, cancelled.id));
  await createOrder(a.id, "2026-06-14", [line(item, 1)], {
    source: "paid_social",
    adChannel: "meta",
    discountsMinor: 10_00,
    customerId: c3.id,
  });
  // The shop's day, not UTC's: 23:30 on 31 May in New York is 1 June in UTC, and still May here.
  const c5 = await customer(a.id, "Late in May");
  await createOrder(a.id, "2026-05-31", [line(item, 1)], {
    processedAt: new Date("2026-06-01T03:30:00Z"),
    source: "direct",
    customerId: c5.id,
  });
  await createOrder(a.id, "2026-06-18", [line(item, 1)], { source: "direct", customerId: c5.id });
  // Returning: an order before the period. Unattributed, a guest and a redacted customer's first order.
  await createOrder(a.id, "2026-05-20", [line(item, 1)], { source: "direct", customerId: c2.id });
  await createOrder(a.id, "2026-06-16", [line(item, 1)], { source: "organic_search" });
  await createOrder(a.id, "2026-06-17", [line(item, 1)], { source: "paid", customerId: c4.id });

  // Shop B: everything larger, on the same days and channels.
  await spendDay(b.id, "google_ads", "2026-06-10", 9_000_00);
  await campaignDay(b.id, "google_ads", "2026-06-10", 9_000_00, 99_999);
  const cb = await customer(b.id, "B's customer");
  await createOrder(b.id, "2026-06-10", [line(itemB, 9)], {
    source: "paid_search",
    adChannel: "google",
    customerId: cb.id,
  });
  // The customers' order summaries, as the order webhooks keep them (each rescores its customer)
  // and the import and the nightly job rebuild them: the New customers count reads them.
  await recomputeShop(a, { rebuild: true });
  await recomputeShop(b, { rebuild: true });
});

describe("marketing figures per channel (hand-computed)", () => {
  it("sets each channel's spend beside its platform's report and its attributed orders", async () => {
    const m = await getMarketing(a, RANGE);
    const google = m.channels.find((c) => c.channel === "google")!;
    expect(google).toMatchObject({
      label: "Google Ads",
      spendChannels: ["google_ads"],
      spendMinor: 100_00,
      platformValueMinor: 260_00,
      attributedOrders: 2,
      attributedNetSalesMinor: 280_00,
    });
    expect(google.platformRoas).toBeCloseTo(2.6, 10);
    expect(google.attributedRoas).toBeCloseTo(2.8, 10);
    const meta = m.channels.find((c) => c.channel === "meta")!;
    expect(meta).toMatchObject({ spendMinor: 50_00, platformValueMinor: null, platformRoas: null });
    expect(meta.platformReason).toBe(NO_PLATFORM_REPORT);
    expect(meta.attributedRoas).toBeCloseTo(90 / 50, 10);
    const sponsor = m.channels.find((c) => c.channel === "newsletter_sponsor")!;
    // No order names the sponsor: its ROAS from orders is unknown, not 0.
    expect(sponsor).toMatchObject({ label: "Newsletter sponsor", spendMinor: 20_00, attributedRoas: null });
    expect(sponsor.attributedReason).toBe(NO_ATTRIBUTED_ORDERS);
    expect(m.channels.map((c) => c.channel)).toEqual(["google", "meta", "newsletter_sponsor"]);
  });

  it("counts new customers: first order not cancelled in the period, not redacted, not guests", async () => {
    // c1 (new), c3 (first order cancelled, then a real one); not c2 nor c5 (May, c5 at 23:30 New York
    // time, already 1 June in UTC), c4 (redacted), the guest.
    expect((await getMarketing(a, RANGE)).newCustomers).toBe(2);
    expect((await getMarketing(a, { from: "2026-05-01", to: "2026-05-31" })).newCustomers).toBe(2);
  });

  it("leaves out customers deleted in Shopify or redacted, counting only this shop's", async () => {
    const c = await createShop({ name: "Marketing C", timezone: "America/New_York" });
    const item = await createProduct(c.id, { priceMinor: 100_00, unitCostMinor: 40_00 });
    const kept = await customer(c.id, "Kept");
    const gone = await prisma.customer.create({
      data: { shopId: c.id, firstName: "Deleted", deletedAt: new Date("2026-06-25T00:00:00Z") },
    });
    const erased = await customer(c.id, "Erased", { redactedAt: new Date("2026-06-26T00:00:00Z") });
    for (const who of [kept, gone, erased])
      await createOrder(c.id, "2026-06-12", [line(item, 1)], { source: "direct", customerId: who.id });
    await recomputeShop(c, { rebuild: true });
    expect((await getMarketing(c, RANGE)).newCustomers).toBe(1);
    expect((await getMarketing(a, RANGE)).newCustomers).toBe(2);
  });

  it("agrees after a rebuild of the rollups (live updates and the rebuild write the same channel rows)", async () => {
    const live = await getMarketing(a, RANGE);
    await rebuildRollups(a.id);
    expect(await getMarketing(a, RANGE)).toEqual(live);
  });

  it("puts ROAS both ways on each channel line of the P&L and MER, POAS and CAC on Ad spend", async () => {
    const pnl = await getProfitAndLoss(a, 30, NOW);
    expect(pnl.range).toEqual(RANGE);
    const figures = await pnlAdFigures(a, pnl.range, pnl.lines);
    const byKey = (key: string) => Object.fromEntries(figures[key].map((f) => [f.key, f]));
    // Net sales: 200 + 100 + 90 + 100 + 100 + 100 − 20 refund = 670.00; COGS 7 units × 40 = 280; spend 170.00.
    const total = byKey("adSpend");
    expect(total.mer.value).toBeCloseTo(670 / 170, 10);
    expect(total.poas.value).toBeCloseTo((670 - 280) / 170, 10);
    expect(total.cac.value).toBe(85_00); // 170.00 / 2 new customers
    expect(byKey("ad:google_ads").platformRoas.value).toBeCloseTo(2.6, 10);
    expect(byKey("ad:google_ads").attributedRoas.value).toBeCloseTo(2.8, 10);
    expect(byKey("ad:meta_ads").platformRoas).toMatchObject({ value: null, reason: NO_PLATFORM_REPORT });
  });

  it("shows none with the reason when there is no spend or no new customer", async () => {
    const empty = await getAnalytics(
      { id: a.id, timezone: a.timezone, currency: a.currency },
      "7d",
      "previous",
      new Date("2026-08-30T12:00:00Z"),
    );
    expect(empty.figures.values.mer).toBeNull();
    expect(empty.marketing.reasons).toEqual({ mer: NO_SPEND, poas: NO_SPEND, cac: NO_SPEND });
    await spendDay(a.id, "google_ads", "2026-08-29", 5_00);
    const noNew = await getAnalytics(a, "7d", "previous", new Date("2026-08-30T12:00:00Z"));
    expect(noNew.figures.values.cac).toBeNull();
    expect(noNew.marketing.reasons.cac).toBe(NO_NEW_CUSTOMERS);
    expect(noNew.figures.values.mer).toBe(0);
  });
});

describe("isolation", () => {
  it("never counts shop B's spend, reports, orders or customers in shop A's figures, nor A's in B's", async () => {
    const mA = await getMarketing(a, RANGE);
    expect(mA.channels.find((c) => c.channel === "google")!.spendMinor).toBe(100_00);
    const mB = await getMarketing(b, RANGE);
    expect(mB.channels).toHaveLength(1);
    expect(mB.channels[0]).toMatchObject({
      spendMinor: 9_000_00,
      platformValueMinor: 99_999_00,
      attributedOrders: 1,
      attributedNetSalesMinor: 900_00,
    });
    expect(mB.newCustomers).toBe(1);
  });
});
