// POST /loyalty/campaigns/:campaignId through the route, as the merchant's roles: each
// lifecycle change (decision 081) and the ones its status refuses with 409, a Viewer's 403,
// 400 with field errors, 404 for another shop's, and the points ledger left as it was.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays, dayInZone } from "~/lib/dates";
import { createShop } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import { tableCounts } from "~tests/table-counts";
import { createCampaign, ensureProgram, getAnalytics, postOrders } from "~/features/loyalty/index.server";
import { campaignSchema } from "~/features/loyalty";
import { action } from "~/routes/_admin.loyalty_.campaigns.$campaignId";

const TZ = "America/New_York";
const staff = { email: "owner@example.com", name: "Owner" };
type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
let other: Shop;
const today = dayInZone(new Date(), TZ);

async function send(id: string, fields: Record<string, string>, role: "owner" | "admin" | "viewer" = "owner") {
  const request = await requestAs(role, shop.domain, `/loyalty/campaigns/${id}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const res = (await action({ request, params: { campaignId: id }, context: {} })) as {
    data?: { notice?: { title: string }; fieldErrors?: Record<string, string[]> };
    init?: { status?: number };
  };
  return { status: res.init?.status ?? 200, body: res.data ?? (res as never) };
}

async function campaign(s: Shop, name: string, from: number, to: number, multiplier = "2") {
  const input = campaignSchema.parse({ name, multiplier, startsOn: addDays(today, from), endsOn: addDays(today, to) });
  return (await createCampaign({ shop: s, staff }, input)).id;
}

beforeAll(async () => {
  shop = await createShop({ domain: "campaign-life.myshopify.com", timezone: TZ });
  other = await createShop({ timezone: TZ });
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } }); // seats for the Admin and the Viewer
  await installTeam(shop);
  await ensureProgram(prisma, shop);
  await ensureProgram(prisma, other);
});

describe("a campaign's lifecycle through the route", () => {
  it("pauses, resumes and ends an active campaign; refuses what its status does not allow with 409", async () => {
    const id = await campaign(shop, "Double week", -1, 5);
    expect((await send(id, { intent: "resume" })).status).toBe(409);
    const paused = await send(id, { intent: "pause" }, "admin");
    expect(paused).toMatchObject({ status: 200, body: { notice: { title: "Campaign paused" } } });
    expect((await send(id, { intent: "pause" })).status).toBe(409);
    expect((await send(id, { intent: "resume" })).status).toBe(200);
    expect((await send(id, { intent: "end" })).status).toBe(200);
    const row = await prisma.loyaltyCampaign.findUniqueOrThrow({ where: { id } });
    expect(row.endedAt).not.toBeNull();
    // Ended is final: no edit, pause, resume or second end; it can still be deleted.
    for (const intent of ["pause", "resume", "end"]) expect((await send(id, { intent })).status).toBe(409);
    const edit = { intent: "edit", name: "Again", multiplier: "3", startsOn: today, endsOn: today };
    expect((await send(id, edit)).status).toBe(409);
    expect((await send(id, { intent: "delete" })).status).toBe(200);
    expect(await prisma.loyaltyCampaign.count({ where: { id } })).toBe(0);
  });

  it("a scheduled campaign is edited, paused or deleted, never ended", async () => {
    const id = await campaign(shop, "Next month", 10, 12);
    const end = await send(id, { intent: "end" });
    expect(end.status).toBe(409);
    expect(end.body.fieldErrors?._form?.[0]).toMatch(/scheduled.*delete it instead/);
    const edit = {
      intent: "edit",
      name: "Next month, triple",
      multiplier: "3",
      startsOn: addDays(today, 11),
      endsOn: addDays(today, 13),
    };
    expect((await send(id, edit)).status).toBe(200);
    const row = await prisma.loyaltyCampaign.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ name: "Next month, triple", multiplier: 3 });
    expect(row.startsAt.toISOString().slice(0, 10)).toBe(addDays(today, 11));
    expect((await send(id, { intent: "pause" })).status).toBe(200);
    expect((await send(id, { intent: "delete" })).status).toBe(200);
  });

  it("answers bad input with 400 and field errors, a Viewer with 403, another shop's with 404: writing nothing", async () => {
    const id = await campaign(shop, "Guarded", -1, 3);
    const foreign = await campaign(other, "Theirs", -1, 3);
    const before = await tableCounts();
    const half = await send(id, { intent: "edit", name: "Half", multiplier: "0.5", startsOn: today, endsOn: today });
    expect(half.status).toBe(400);
    expect(half.body.fieldErrors?.multiplier?.[0]).toBe("A bonus multiplier must be more than 1");
    const backwards = { intent: "edit", name: "B", multiplier: "2", startsOn: today, endsOn: addDays(today, -1) };
    expect((await send(id, backwards)).body.fieldErrors?.endsOn).toBeTruthy();
    expect((await send(id, { intent: "archive" })).status).toBe(400);
    for (const intent of ["pause", "end", "delete"]) expect((await send(id, { intent }, "viewer")).status).toBe(403);
    for (const intent of ["pause", "delete"]) expect((await send(foreign, { intent })).status).toBe(404);
    expect((await send("no-such-campaign", { intent: "pause" })).status).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });
});

describe("Analytics of a campaign ended early", () => {
  it("measures its lift to the store day it ended, not its planned last day", async () => {
    const id = await campaign(shop, "Cut short", -2, 5);
    expect((await send(id, { intent: "end" })).status).toBe(200);
    const later = new Date(Date.now() + 3 * 86_400_000);
    const lift = (await getAnalytics(shop, later)).campaigns.find((c) => c.id === id);
    expect(lift?.days).toBe(3);
  });
});

describe("the ledger through a campaign's lifecycle", () => {
  it("keeps points already awarded; paused or ended, new orders earn no bonus", async () => {
    // Only this campaign runs.
    await prisma.loyaltyCampaign.deleteMany({ where: { shopId: shop.id } });
    const id = await campaign(shop, "Ledger double", -2, 5);
    const customer = await prisma.customer.create({ data: { shopId: shop.id, email: "l@example.com" } });
    const order = async (name: string, at: Date) =>
      prisma.order.create({
        data: {
          shopId: shop.id,
          customerId: customer.id,
          name,
          processedAt: at,
          day: dayInZone(at, TZ),
          currency: "USD",
          grossSalesMinor: 100_00,
          discountsMinor: 0,
          totalMinor: 100_00,
          financialStatus: "paid",
        },
      });
    const points = async (orderId: string) =>
      (await prisma.loyaltyLedgerEntry.findFirstOrThrow({ where: { shopId: shop.id, key: `earn:${orderId}` } })).points;

    const during = await order("#L1", new Date(Date.now() - 60_000));
    await postOrders(shop, [during.id]);
    expect(await points(during.id)).toBe(200);

    expect((await send(id, { intent: "pause" })).status).toBe(200);
    const whilePaused = await order("#L2", new Date(Date.now() - 30_000));
    await postOrders(shop, [whilePaused.id]);
    expect(await points(whilePaused.id)).toBe(100);

    expect((await send(id, { intent: "resume" })).status).toBe(200);
    expect((await send(id, { intent: "end" })).status).toBe(200);
    const afterEnd = await order("#L3", new Date(Date.now() + 1_000));
    await postOrders(shop, [afterEnd.id]);
    expect(await points(afterEnd.id)).toBe(100);

    const ledger = await prisma.loyaltyLedgerEntry.findMany({ where: { shopId: shop.id }, orderBy: { id: "asc" } });
    expect((await send(id, { intent: "delete" })).status).toBe(200);
    expect(await prisma.loyaltyLedgerEntry.findMany({ where: { shopId: shop.id }, orderBy: { id: "asc" } })).toEqual(
      ledger,
    );
    expect(await points(during.id)).toBe(200);
  });
});
