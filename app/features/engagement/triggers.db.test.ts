// The triggers of decision 103 on the database: Shopify's checkout webhooks write the abandoned
// checkouts; an abandoned-checkout flow waits its delay, is not sent to a customer who ordered
// or completed the checkout meanwhile, carries the recovery link and attributes the recovery;
// VIP welcome and points expiring plan their events; the figures come from one aggregate.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { installSession, webhookRequest } from "~tests/shopify";
import { action as checkoutCreate } from "~/routes/webhooks.checkouts.create";
import { action as checkoutUpdate } from "~/routes/webhooks.checkouts.update";
import { changeStatus, createCampaign } from "./campaigns.server";
import { campaignFigures } from "./metrics.server";
import { runShop } from "./send.server";
import type { CampaignInput } from "./schema";

const DOMAIN = "triggers-a.myshopify.com";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 14:00 UTC: outside the quiet hours of a UTC shop.
const now = new Date(Math.floor(Date.now() / DAY) * DAY + 14 * HOUR);
type Shop = { id: string; name: string; domain: string; timezone: string };
let shop: Shop;

const checkoutBody = () =>
  JSON.parse(
    fs.readFileSync(path.join(process.cwd(), "tests", "fixtures", "shopify", "webhook-checkout.json"), "utf8"),
  );

async function customer(prefix: string, segment: string, extra: { acceptsMarketing?: boolean } = {}) {
  const c = await prisma.customer.create({
    data: {
      shopId: shop.id,
      shopifyId: `gid://shopify/Customer/${prefix}`,
      email: `${prefix}@example.com`,
      firstName: prefix,
      acceptsMarketing: extra.acceptsMarketing ?? true,
    },
  });
  await prisma.customerScore.create({
    data: {
      shopId: shop.id,
      customerId: c.id,
      searchText: c.email!,
      sortName: prefix,
      orders: 1,
      totalSpentMinor: 5_000,
      frequency: 1,
      monetaryMinor: 5_000,
      segment,
      rule: segment,
      segmentChangedAt: new Date(now.getTime() - DAY),
      computedAt: now,
    },
  });
  return c.id;
}

async function order(customerId: string, at: Date, totalMinor: number) {
  await prisma.order.create({
    data: {
      shopId: shop.id,
      name: `#${Math.random().toString(36).slice(2, 8)}`,
      customerId,
      processedAt: at,
      day: at.toISOString().slice(0, 10),
      currency: "USD",
      grossSalesMinor: totalMinor,
      totalMinor,
    },
  });
}

const base = {
  channel: "email",
  subject: "Hi {{ first_name }}",
  holdoutPercent: 0,
  frequencyCapHours: 0,
  quietStartHour: 21,
  quietEndHour: 8,
} as const;

async function start(input: CampaignInput, at: Date) {
  const { id } = await createCampaign(shop, input, at);
  await changeStatus(shop, id, "start", at);
  return id;
}

beforeAll(async () => {
  shop = await createShop({ domain: DOMAIN, name: "Trigger Shop", timezone: "UTC" });
  await installSession(DOMAIN);
});

describe("checkout webhooks", () => {
  it("checkouts/create records the checkout for its customer; checkouts/update with completed_at completes it", async () => {
    const ann = await prisma.customer.create({
      data: { shopId: shop.id, shopifyId: "gid://shopify/Customer/501", email: "ann@example.com" },
    });
    const body = checkoutBody();
    const created = await checkoutCreate({
      request: webhookRequest("checkouts/create", DOMAIN, body),
      params: {},
      context: {},
    });
    expect(created.status).toBe(200);
    const row = await prisma.abandonedCheckout.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(row).toMatchObject({
      shopifyId: `gid://shopify/AbandonedCheckout/${body.id}`,
      customerId: ann.id,
      totalMinor: 19_900,
      currency: "USD",
      completedAt: null,
    });
    expect(row.recoveryUrl).toMatch(/^https:\/\/checkout\.local\/.*\/recover\?key=/);
    // An older delivery arriving late changes nothing; the completion does.
    const older = { ...body, updated_at: "2026-06-01T09:00:00-04:00", total_price: "1.00" };
    await checkoutUpdate({ request: webhookRequest("checkouts/update", DOMAIN, older), params: {}, context: {} });
    expect((await prisma.abandonedCheckout.findUniqueOrThrow({ where: { id: row.id } })).totalMinor).toBe(19_900);
    const done = { ...body, updated_at: "2026-06-01T10:09:00-04:00", completed_at: "2026-06-01T10:09:00-04:00" };
    await checkoutUpdate({ request: webhookRequest("checkouts/update", DOMAIN, done), params: {}, context: {} });
    expect((await prisma.abandonedCheckout.findUniqueOrThrow({ where: { id: row.id } })).completedAt).not.toBeNull();
  });

  it("an order body signed for orders/create is not a checkout: recorded as rejected, nothing written", async () => {
    const before = await prisma.abandonedCheckout.count();
    const orderBody = JSON.parse(
      fs.readFileSync(path.join(process.cwd(), "tests", "fixtures", "shopify", "webhook-order.json"), "utf8"),
    );
    const answer = await checkoutCreate({
      request: webhookRequest("checkouts/create", DOMAIN, orderBody),
      params: {},
      context: {},
    });
    expect(answer.status).toBe(200);
    expect(await prisma.abandonedCheckout.count()).toBe(before);
  });
});

describe("abandoned checkout flow", () => {
  it("waits the delay, skips who ordered or completed meanwhile, links the recovery and attributes it", async () => {
    const due = await customer("due", "Regular");
    const early = await customer("early", "Regular");
    const ordered = await customer("ordered", "Regular");
    const completed = await customer("completed", "Regular");
    const refused = await customer("refused", "Regular", { acceptsMarketing: false });
    const started = new Date(now.getTime() - 3 * HOUR);
    const checkout = (customerId: string, abandonedAt: Date, completedAt: Date | null = null) =>
      prisma.abandonedCheckout.create({
        data: {
          shopId: shop.id,
          shopifyId: `gid://shopify/AbandonedCheckout/${customerId}`,
          customerId,
          recoveryUrl: `https://${DOMAIN}/1/checkouts/${customerId}/recover?key=k`,
          totalMinor: 5_000,
          currency: "USD",
          abandonedAt,
          completedAt,
        },
      });
    const dueCheckout = await checkout(due, new Date(now.getTime() - 2 * HOUR));
    await checkout(early, new Date(now.getTime() - 30 * 60_000));
    await checkout(ordered, new Date(now.getTime() - 2 * HOUR));
    await checkout(completed, new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 90 * 60_000));
    await checkout(refused, new Date(now.getTime() - 2 * HOUR));
    // Ordered 1 h after abandoning, before the reminder would go.
    await order(ordered, new Date(now.getTime() - HOUR), 5_000);
    const id = await start(
      {
        ...base,
        name: "Finish your order",
        audience: "abandoned_checkout",
        delayHours: 1,
        discountCode: "COMEBACK5",
        body: "You left something: {{ recovery_url }}\n\nUse {{ discount_code }}.",
      },
      started,
    );
    await runShop(shop.id, now);
    const sends = await prisma.engagementSend.findMany({ where: { shopId: shop.id, campaignId: id } });
    const by = new Map(sends.map((s) => [s.customerId, s]));
    // Not due yet, completed, or without consent: not planned at all.
    expect(by.has(early)).toBe(false);
    expect(by.has(completed)).toBe(false);
    expect(by.has(refused)).toBe(false);
    expect(by.get(ordered)).toMatchObject({ status: "skipped", skipReason: "ordered_since" });
    expect(by.get(due)).toMatchObject({ status: "sent", checkoutId: dueCheckout.id });
    const mail = await prisma.outboxMessage.findUniqueOrThrow({ where: { id: by.get(due)!.outboxMessageId! } });
    expect(mail.text).toContain(`https://${DOMAIN}/1/checkouts/${due}/recover?key=k`);
    expect(mail.text).toContain("Use COMEBACK5.");
    // The early one becomes due an hour later; a rerun sends it once, the rest stay as they were.
    await prisma.abandonedCheckout.updateMany({
      where: { shopId: shop.id, customerId: early },
      data: { completedAt: new Date(now.getTime() + 10 * 60_000) },
    });
    await runShop(shop.id, new Date(now.getTime() + HOUR));
    expect(await prisma.engagementSend.count({ where: { campaignId: id, status: "sent" } })).toBe(1);
    // The reminded customer orders two days later: recovered.
    await order(due, new Date(now.getTime() + 2 * DAY), 7_500);
    await runShop(shop.id, new Date(now.getTime() + 2 * DAY + HOUR));
    const [figures] = await campaignFigures(shop.id, id);
    // Treated: the sent one (recovered) and the one who ordered first (recovered on their own).
    expect(figures).toMatchObject({ recipients: 2, sent: 1, delivered: 1, attributedRevenueMinor: 7_500 });
    expect(figures.recoveryRate).toBe(1);
  });
});

describe("VIP welcome and points expiring", () => {
  it("welcomes a customer entering VIP once, and reminds a member whose points expire within the lead", async () => {
    const vip = await customer("vip", "VIP");
    const vipCampaign = await start(
      { ...base, name: "Welcome to VIP", audience: "vip_welcome", body: "Welcome, {{ first_name }}" },
      new Date(now.getTime() - HOUR),
    );
    await prisma.loyaltyProgram.create({ data: { shopId: shop.id, expiryMonths: 12 } });
    const soon = await customer("soon", "Regular");
    const later = await customer("later", "Regular");
    const earn = (customerId: string, occurredAt: Date) =>
      prisma.loyaltyLedgerEntry.create({
        data: {
          shopId: shop.id,
          customerId,
          kind: "earn",
          points: 100,
          key: `earn:${customerId}`,
          occurredAt,
          day: occurredAt.toISOString().slice(0, 10),
        },
      });
    const yearAgo = (days: number) => {
      const d = new Date(now.getTime() + days * DAY);
      d.setUTCMonth(d.getUTCMonth() - 12);
      return d;
    };
    // Expires in 5 days (inside a 7-day lead) and in 20 days (outside).
    await earn(soon, yearAgo(5));
    await earn(later, yearAgo(20));
    for (const customerId of [soon, later])
      await prisma.loyaltyMember.create({ data: { shopId: shop.id, customerId, balance: 100, earned: 100 } });
    const pointsCampaign = await start(
      {
        ...base,
        name: "Points expiring",
        audience: "points_expiring",
        delayDays: 7,
        body: "{{ points_balance }} points expire soon",
      },
      new Date(now.getTime() - HOUR),
    );
    await runShop(shop.id, now);
    await runShop(shop.id, new Date(now.getTime() + 10 * 60_000));
    const vipSends = await prisma.engagementSend.findMany({ where: { campaignId: vipCampaign } });
    // The VIP customer, once; other trigger tests' customers are not VIP.
    expect(vipSends.map((s) => [s.customerId, s.status])).toEqual([[vip, "sent"]]);
    const pointSends = await prisma.engagementSend.findMany({ where: { campaignId: pointsCampaign } });
    expect(pointSends.map((s) => s.customerId)).toEqual([soon]);
    const mail = await prisma.outboxMessage.findUniqueOrThrow({ where: { id: pointSends[0].outboxMessageId! } });
    expect(mail.text).toContain("100 points expire soon");
  });
});

describe("a run as of an instant", () => {
  it("does not skip a recipient for an order placed after the run, and counts that order as the conversion", async () => {
    const dana = await customer("dana", "At-Risk");
    const sendAt = new Date(now.getTime() - 6 * DAY);
    // Dana orders two days after the send: the run at the send's time must not see it.
    await order(dana, new Date(sendAt.getTime() + 2 * DAY), 7_500);
    const id = await start(
      {
        ...base,
        name: "At-Risk one-off",
        audience: "segment",
        segment: "At-Risk",
        scheduledAt: sendAt.toISOString().slice(0, 16),
        body: "Hi {{ first_name }}",
      },
      new Date(sendAt.getTime() - DAY),
    );
    await runShop(shop.id, sendAt);
    const sends = await prisma.engagementSend.findMany({ where: { campaignId: id } });
    expect(sends.map((s) => [s.customerId === dana, s.status, s.skipReason])).toEqual([[true, "sent", null]]);
    await runShop(shop.id, new Date(sendAt.getTime() + 3 * DAY));
    const [figures] = await campaignFigures(shop.id, id);
    expect(figures).toMatchObject({ sent: 1, recoveryRate: 1, attributedRevenueMinor: 7_500 });
  });
});
