// Quiet hours in the customer's time zone (decision 117): at 14:00 UTC a customer in Tokyo (23:00
// there) waits until 08:00 Tokyo; a customer in Los Angeles (07:00 there, in June) waits an hour; a
// customer whose address gives no zone is judged by the shop's clock (UTC) and gets the message now.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { changeStatus, createCampaign, getCampaign } from "./campaigns.server";
import { deliverDue, planCampaign } from "./send.server";
import type { CampaignInput } from "./schema";

const HOUR = 3_600_000;
const now = new Date("2026-06-10T14:00:00Z");
type Shop = Awaited<ReturnType<typeof createShop>>;
let shop: Shop;
const zones = { tokyo: "Asia/Tokyo", la: "America/Los_Angeles", unknown: null } as const;
const ids: Record<string, string> = {};

const winBack: CampaignInput = {
  name: "Win them back",
  channel: "email",
  audience: "win_back",
  subject: "We miss you",
  body: "Hi {{ first_name }}, come back.",
  holdoutPercent: 0,
  frequencyCapHours: 16,
  quietStartHour: 21,
  quietEndHour: 8,
};

beforeAll(async () => {
  shop = await createShop({ domain: "quiet-zones.myshopify.com", name: "Quiet", timezone: "UTC" });
  for (const [name, timeZone] of Object.entries(zones)) {
    const c = await prisma.customer.create({
      data: {
        shopId: shop.id,
        shopifyId: `gid://shopify/Customer/${name}`,
        email: `${name}@example.com`,
        firstName: name,
        acceptsMarketing: true,
        timeZone,
      },
    });
    ids[name] = c.id;
    await prisma.customerScore.create({
      data: {
        shopId: shop.id,
        customerId: c.id,
        searchText: c.email!,
        sortName: name,
        orders: 2,
        totalSpentMinor: 10_000,
        frequency: 2,
        monetaryMinor: 10_000,
        segment: "At-Risk",
        rule: "At-Risk",
        segmentChangedAt: new Date(now.getTime() - 48 * HOUR),
        computedAt: now,
      },
    });
  }
});

afterAll(async () => {
  await stopJobQueue();
});

describe("quiet hours", () => {
  it("follow each customer's own clock, the shop's when the address gives none", async () => {
    const campaign = await createCampaign(shop, winBack, now);
    await changeStatus(shop, campaign.id, "start", now);
    await planCampaign(shop, await getCampaign(shop.id, campaign.id), now);
    expect(await deliverDue(shop, now)).toBe(1);
    const rows = await prisma.engagementSend.findMany({ where: { campaignId: campaign.id } });
    const of = (name: string) => rows.find((r) => r.customerId === ids[name])!;
    expect(of("unknown").status).toBe("sent");
    expect(of("tokyo")).toMatchObject({ status: "pending", dueAt: new Date("2026-06-10T23:00:00Z") });
    expect(of("la")).toMatchObject({ status: "pending", dueAt: new Date("2026-06-10T15:00:00Z") });
    // An hour later Los Angeles is awake; Tokyo still sleeps.
    expect(await deliverDue(shop, new Date(now.getTime() + HOUR))).toBe(1);
    expect(await deliverDue(shop, new Date("2026-06-10T23:00:00Z"))).toBe(1);
  });
});
