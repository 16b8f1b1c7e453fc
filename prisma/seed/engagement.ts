// The demo's engagement campaigns (issue 40), made and run through the same service a store uses:
// a post-purchase follow-up started nine days ago and run every other day since, a one-off to the
// VIP segment three weeks ago (both with their hold-outs), a one-off to Regular customers scheduled
// for next week and a draft. Some recipients open and click through the messages' own tracked links, so
// the figures are computed like any shop's; no figure is written directly.
import { createHash } from "node:crypto";
import { prisma } from "~/db.server";
import { FieldError } from "~/lib/forms";

type SeedShop = { id: string; name: string; domain: string; timezone: string };

const DAY = 86_400_000;

// A recipient's behaviour, fixed by their message: about 45% open, 9% click.
const share = (token: string) => createHash("sha256").update(token).digest().readUInt16BE(0) / 65_536;

/**
 * A segment's campaign, or null when no customer of the segment may be e-mailed (a small seed,
 * `--orders 2000`, has none in some segments): the service refuses it, as it would a merchant.
 */
async function ifReachable<T>(make: () => Promise<T>): Promise<T | null> {
  try {
    return await make();
  } catch (error) {
    if (error instanceof FieldError && error.fieldErrors.segment) return null;
    throw error;
  }
}

export async function seedEngagement(shop: SeedShop, now = new Date()) {
  const e = await import("~/features/engagement/index.server");
  const { localToInstant, instantToLocal } = await import("~/features/engagement/zone");
  await prisma.engagementCampaign.deleteMany({ where: { shopId: shop.id } });
  const base = {
    channel: "email" as const,
    holdoutPercent: 10,
    frequencyCapHours: 16,
    quietStartHour: 21,
    quietEndHour: 8,
  };
  // 15:00 in the shop's zone, `days` ago: when the daily runs of the past happened.
  const at = (days: number) =>
    localToInstant(
      `${instantToLocal(new Date(now.getTime() - days * DAY), shop.timezone).slice(0, 10)}T15:00`,
      shop.timezone,
    );

  const followUp = await e.createCampaign(
    shop,
    {
      ...base,
      name: "Thank-you follow-up",
      audience: "post_purchase",
      delayDays: 3,
      subject: "How is your order, {{ first_name }}?",
      body: "Hi {{ first_name }},\n\nThank you for your order. You now have {{ points_balance }} points.\n\nSee what is new: {{ shop_url }}",
    },
    at(9),
  );
  await e.changeStatus(shop, followUp.id, "start", at(9));

  const regularAt = at(21);
  const regular = await ifReachable(() =>
    e.createCampaign(
      shop,
      {
        ...base,
        name: "Autumn picks for VIPs",
        audience: "segment",
        segment: "VIP",
        scheduledAt: instantToLocal(regularAt, shop.timezone),
        subject: "{{ first_name }}, our autumn picks",
        body: "Hi {{ first_name }},\n\nWe picked a few things we think you will like: {{ shop_url }}",
      },
      new Date(regularAt.getTime() - DAY),
    ),
  );
  if (regular) await e.changeStatus(shop, regular.id, "start", new Date(regularAt.getTime() - DAY));

  // Abandoned checkouts over the last nine days, written the way the checkouts webhooks write them
  // (recordCheckout); a fifth were completed a little later, as Shopify reports with completed_at.
  const buyers = await prisma.customer.findMany({
    where: { shopId: shop.id, shopifyId: { not: null }, acceptsMarketing: true, email: { not: null } },
    select: { shopifyId: true },
    orderBy: { createdAt: "asc" },
    take: 60,
  });
  const { currency } = await prisma.shop.findUniqueOrThrow({ where: { id: shop.id }, select: { currency: true } });
  for (const [i, b] of buyers.entries()) {
    const abandonedAt = new Date(at(9).getTime() + share(`checkout:${i}`) * 8.5 * DAY);
    await e.recordCheckout(prisma, shop.id, {
      shopifyId: `gid://shopify/AbandonedCheckout/${9000 + i}`,
      customerShopifyId: b.shopifyId,
      recoveryUrl: `https://${shop.domain}/checkouts/${9000 + i}/recover?key=demo${i}`,
      totalMinor: 2_500 + Math.round(share(`total:${i}`) * 15_000),
      currency,
      abandonedAt,
      completedAt: i % 5 === 0 ? new Date(abandonedAt.getTime() + 3_600_000 / 2) : null,
    });
  }
  const recovery = await e.createCampaign(
    shop,
    {
      ...base,
      name: "Finish your order",
      audience: "abandoned_checkout",
      delayHours: 10,
      subject: "{{ first_name }}, your cart is waiting",
      body: "Hi {{ first_name }},\n\nYou left a few things behind. Finish your order here: {{ recovery_url }}",
    },
    at(9),
  );
  await e.changeStatus(shop, recovery.id, "start", at(9));

  // The engine's runs of the past, every other day (a store's run every few minutes).
  for (let days = 21; days >= 1; days -= 2) await e.runShop(shop.id, at(days));

  // Opens and clicks through the messages' own links.
  const sent = await prisma.engagementSend.findMany({
    where: { shopId: shop.id, status: "sent" },
    select: { token: true, outboxMessageId: true, sentAt: true },
  });
  let opened = 0;
  let clicked = 0;
  for (const s of sent) {
    const p = share(s.token);
    if (p >= 0.45) continue;
    const when = new Date(s.sentAt!.getTime() + 2 * 3_600_000);
    await e.recordOpen(s.token, when);
    opened += 1;
    if (p >= 0.09 || !s.outboxMessageId) continue;
    const message = await prisma.outboxMessage.findFirst({ where: { id: s.outboxMessageId }, select: { html: true } });
    const href = message?.html?.match(/href="([^"]*\/e\/c\/[^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
    if (href && (await e.recordClick(s.token, new URL(href).searchParams, when))) clicked += 1;
  }

  const vip = await ifReachable(() =>
    e.createCampaign(
      shop,
      {
        ...base,
        name: "New season early access",
        audience: "segment",
        segment: "Regular",
        scheduledAt: instantToLocal(new Date(now.getTime() + 7 * DAY), shop.timezone).slice(0, 11) + "10:00",
        subject: "Early access for you, {{ first_name }}",
        body: "Hi {{ first_name }},\n\nAs a {{ tier }} member you shop the new season a day early: {{ shop_url }}",
      },
      now,
    ),
  );
  if (vip) await e.changeStatus(shop, vip.id, "start", now);
  const points = await ifReachable(() =>
    e.createCampaign(
      shop,
      {
        ...base,
        name: "Points reminder",
        audience: "segment",
        segment: "New",
        scheduledAt: instantToLocal(new Date(now.getTime() + 14 * DAY), shop.timezone).slice(0, 11) + "10:00",
        subject: "You have {{ points_balance }} points",
        body: "Hi {{ first_name }},\n\nYour {{ points_balance }} points are waiting: {{ shop_url }}",
      },
      now,
    ),
  );
  return { campaigns: 2 + [regular, vip, points].filter(Boolean).length, sent: sent.length, opened, clicked };
}
