// Settings → General through the route (docs/product/settings.md#general): stored per
// shop, bad input refused with nothing written, the reporting time zone re-dating the
// figures, and the daily summary e-mail once per shop and day.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { bearerRequest, installSession, installTeam, requestAs } from "~tests/shopify";
import { loader } from "~/routes/_admin.settings";
import { action } from "~/routes/_admin.settings_.general";
import { getDashboardCached, recordRefund } from "~/features/profit/index.server";
import { syncShopFromAdmin } from "~/features/shop/index.server";
import { sendDailySummaries } from "~/features/settings/index.server";

const SHOP_A = "general-a.myshopify.com";
const SHOP_B = "general-b.myshopify.com";

const args = (request: Request) => ({ request, params: {}, context: {} });

type Answer = { ok: boolean; message?: string; errors?: Record<string, string[]> };

async function post(domain: string, fields: Record<string, string>) {
  const form = new FormData();
  form.set("intent", "general");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = (await action(
    args(await bearerRequest(domain, "/settings/general", { method: "POST", body: form })),
  )) as Response;
  return { status: res.status, body: (await res.json()) as Answer };
}

async function general(domain: string) {
  const loaded = (await loader(args(await bearerRequest(domain, "/settings")))) as Awaited<ReturnType<typeof loader>>;
  if (!loaded.general) throw new Error("the General tab should be the default");
  return loaded.general;
}

const VALID = { reportingTimezone: "", theme: "light", currency: "USD" };
const shopRow = (domain: string) => prisma.shop.findUniqueOrThrow({ where: { domain } });

let shopA: Awaited<ReturnType<typeof createShop>>;

beforeAll(async () => {
  shopA = await createShop({ domain: SHOP_A, name: "Alpha Goods", timezone: "UTC" });
  await createShop({ domain: SHOP_B, name: "Beta Goods", timezone: "Europe/London", currency: "GBP" });
  await installSession(SHOP_A);
  await installSession(SHOP_B);
  await prisma.shop.update({ where: { id: shopA.id }, data: { email: "owner@alpha.example" } });
});

describe("settings round-trip and isolation", () => {
  it("opens General by default with Shopify's facts and the defaults", async () => {
    const g = await general(SHOP_B);
    expect(g.shopify).toEqual({ name: "Beta Goods", timezone: "Europe/London", currency: "GBP" });
    expect(g).toMatchObject({ reportingTimezone: null, theme: "light", autoRefresh: false, weekStartsMonday: false });
    expect(g.timeZones).toContain("Europe/London");
  });

  it("stores every field for the authenticated shop only", async () => {
    const saved = await post(SHOP_B, {
      ...VALID,
      currency: "GBP",
      theme: "dark",
      autoRefresh: "true",
      dailySummary: "true",
      weekStartsMonday: "true",
    });
    expect(saved).toEqual({ status: 200, body: { ok: true, message: "Settings saved." } });
    expect(await general(SHOP_B)).toMatchObject({
      theme: "dark",
      autoRefresh: true,
      dailySummary: true,
      weekStartsMonday: true,
    });
    // Shop A is untouched.
    expect(await general(SHOP_A)).toMatchObject({ theme: "light", autoRefresh: false, weekStartsMonday: false });
    // And back off again.
    await post(SHOP_B, { ...VALID, currency: "GBP", theme: "auto" });
    expect(await general(SHOP_B)).toMatchObject({ theme: "auto", autoRefresh: false, dailySummary: false });
  });
});

describe("who may change them", () => {
  it("an Admin saves and the audit log records before and after; a Viewer gets 403 and nothing is written", async () => {
    const shop = await createShop({ domain: "general-team.myshopify.com" });
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
    await installTeam(shop);
    const form = (theme: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ intent: "general", ...VALID, theme })) f.set(k, v);
      return f;
    };
    const as = async (role: "admin" | "viewer", theme: string) => {
      const request = await requestAs(role, shop.domain, "/settings/general", { method: "POST", body: form(theme) });
      try {
        // A refusal is answered (a 403 the page shows as a toast), not thrown: decision 079.
        const answer = (await action(args(request))) as Response | { init?: { status?: number } };
        return answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown.status;
        throw thrown;
      }
    };
    expect(await as("viewer", "dark")).toBe(403);
    expect(await prisma.shopSettings.findUnique({ where: { shopId: shop.id } })).toBeNull();
    expect(await as("admin", "dark")).toBe(200);
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { shopId: shop.id, action: "settings.general.update" },
    });
    expect(entry.actorName).toBe("Alan Admin");
    expect(JSON.parse(entry.before ?? "{}")).toMatchObject({ theme: "light" });
    expect(JSON.parse(entry.after ?? "{}")).toMatchObject({ theme: "dark" });
  });
});

describe("bad input writes nothing", () => {
  it.each([
    [{ reportingTimezone: "Mars/Olympus_Mons" }, "reportingTimezone", "Unknown time zone"],
    [{ reportingTimezone: "UTC-8" }, "reportingTimezone", "Unknown time zone"],
    [{ theme: "sepia" }, "theme", "Choose dark, light or auto"],
    [{ currency: "XYZ" }, "currency", "Unknown currency"],
    [{ currency: "EUR" }, "currency", /^Amounts are stored in USD/],
  ])("%j → 400 on %s", async (fields, field, message) => {
    const before = await prisma.shopSettings.findUnique({ where: { shopId: shopA.id } });
    const { status, body } = await post(SHOP_A, { ...VALID, theme: "dark", autoRefresh: "true", ...fields });
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.errors?.[field]?.[0]).toMatch(message);
    expect(await prisma.shopSettings.findUnique({ where: { shopId: shopA.id } })).toEqual(before);
    expect((await shopRow(SHOP_A)).timezone).toBe("UTC");
  });
});

describe("reporting time zone", () => {
  it("re-dates orders, lines and refunds and rebuilds the rollups, and undoes it", async () => {
    const item = await createProduct(shopA.id, { priceMinor: 5_000 });
    // 03:00 UTC on 2 March is the evening of 1 March in New York.
    const late = await createOrder(shopA.id, "2026-03-02", [line(item)], {
      processedAt: new Date("2026-03-02T03:00:00Z"),
    });
    await createOrder(shopA.id, "2026-03-02", [line(item)], { processedAt: new Date("2026-03-02T15:00:00Z") });
    await recordRefund(prisma, shopA.id, {
      orderId: late.id,
      processedAt: new Date("2026-03-03T02:00:00Z"),
      day: "2026-03-03",
      amountMinor: 1_000,
    });
    const rollup = async (day: string) =>
      prisma.dailyRollup.findUnique({ where: { shopId_day: { shopId: shopA.id, day } } });
    expect((await rollup("2026-03-02"))?.ordersCount).toBe(2);

    const saved = await post(SHOP_A, { ...VALID, reportingTimezone: "America/New_York" });
    expect(saved.body.message).toBe("Settings saved. Figures are now counted in America/New_York.");
    expect((await shopRow(SHOP_A)).timezone).toBe("America/New_York");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: late.id } })).day).toBe("2026-03-01");
    expect(await prisma.orderLine.findMany({ where: { orderId: late.id }, select: { day: true } })).toEqual([
      { day: "2026-03-01" },
    ]);
    expect((await prisma.refund.findFirstOrThrow({ where: { orderId: late.id } })).day).toBe("2026-03-02");
    expect(await rollup("2026-03-01")).toMatchObject({ ordersCount: 1, grossSalesMinor: 5_000 });
    expect(await rollup("2026-03-02")).toMatchObject({ ordersCount: 1, refundsMinor: 1_000 });
    expect(await rollup("2026-03-03")).toBeNull();
    // Shopify's zone is still shown as Shopify's, and a profile sync does not undo the choice.
    expect((await general(SHOP_A)).shopify.timezone).toBe("UTC");
    await syncShopFromAdmin(SHOP_A, async () =>
      Response.json({ data: { shop: { name: "Alpha Goods", currencyCode: "USD", ianaTimezone: "Europe/Paris" } } }),
    );
    expect((await shopRow(SHOP_A)).timezone).toBe("America/New_York");
    expect((await general(SHOP_A)).shopify.timezone).toBe("Europe/Paris");

    // Back to Shopify's zone (now Paris): 03:00 UTC is 04:00 there, 2 March.
    await post(SHOP_A, { ...VALID, reportingTimezone: "" });
    expect((await shopRow(SHOP_A)).timezone).toBe("Europe/Paris");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: late.id } })).day).toBe("2026-03-02");
    expect(await rollup("2026-03-01")).toBeNull();
    expect((await rollup("2026-03-02"))?.ordersCount).toBe(2);
    expect((await general(SHOP_A)).reportingTimezone).toBeNull();
  });

  it("the dashboard's today follows the new zone", async () => {
    const shop = await shopRow(SHOP_A);
    const dashboard = await getDashboardCached(shop, 30);
    expect(dashboard.range.to).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: shop.timezone }).format(new Date()));
  });
});

describe("daily summary e-mail", () => {
  it("puts one message per shop and day in the outbox, with yesterday's figures", async () => {
    const shop = await createShop({ timezone: "America/New_York" });
    await prisma.shop.update({ where: { id: shop.id }, data: { email: "owner@summary.example" } });
    const quiet = await createShop({ timezone: "UTC" });
    await prisma.shop.update({ where: { id: quiet.id }, data: { email: "owner@quiet.example" } });
    await prisma.shopSettings.create({ data: { shopId: shop.id, dailySummary: true } });
    await prisma.shopSettings.create({ data: { shopId: quiet.id, dailySummary: false } });
    const item = await createProduct(shop.id, { priceMinor: 12_500, unitCostMinor: 5_000 });
    await createOrder(shop.id, "2026-04-09", [line(item, 2)], { processedAt: new Date("2026-04-09T18:00:00Z") });
    await createOrder(shop.id, "2026-04-10", [line(item)], { processedAt: new Date("2026-04-10T18:00:00Z") });

    // 03:00 UTC on 11 April is 23:00 on 10 April in New York: yesterday there is 9 April.
    const now = new Date("2026-04-11T03:00:00Z");
    await sendDailySummaries(now);
    await sendDailySummaries(now);
    await sendDailySummaries(new Date("2026-04-11T03:30:00Z"));
    const mine = await prisma.outboxMessage.findMany({ where: { shopId: shop.id, kind: "daily_summary" } });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      toAddress: "owner@summary.example",
      subject: expect.stringContaining("2026-04-09"),
    });
    expect(mine[0].text).toContain("Revenue: $250.00");
    expect(mine[0].text).toContain("Orders: 1");
    expect(mine[0].text).toContain("Net profit: $150.00");
    expect(await prisma.outboxMessage.count({ where: { shopId: quiet.id } })).toBe(0);

    // Turned on in the tab: yesterday's summary goes at once, to the shop that turned it on.
    // (The profile sync above left shop A without an e-mail.)
    const shopA = await prisma.shop.update({ where: { domain: SHOP_A }, data: { email: "owner@alpha.example" } });
    expect((await post(SHOP_A, { ...VALID, dailySummary: "true" })).status).toBe(200);
    const sent = await prisma.outboxMessage.findMany({ where: { shopId: shopA.id, kind: "daily_summary" } });
    expect(sent).toHaveLength(1);
    expect(sent[0].toAddress).toBe("owner@alpha.example");
    await post(SHOP_A, { ...VALID, dailySummary: "true", theme: "dark" });
    expect(await prisma.outboxMessage.count({ where: { shopId: shopA.id, kind: "daily_summary" } })).toBe(1);

    // The next day, the next summary.
    await sendDailySummaries(new Date("2026-04-11T12:00:00Z"));
    const days = await prisma.outboxMessage.findMany({
      where: { shopId: shop.id, kind: "daily_summary" },
      orderBy: { createdAt: "asc" },
    });
    expect(days.map((m) => m.subject.slice(-10))).toEqual(["2026-04-09", "2026-04-10"]);
    expect(days[1].text).toContain("Revenue: $125.00");
  });
});
