// The engine behind a campaign: plan the recipients of each trigger event (one row per recipient
// and event, unique by send key, the hold-out decided there), deliver the due ones (claimed by a
// guarded update, so two workers never send the same row; the outbox's dedupe key backs it up),
// and measure conversions (an order within the attribution window of the event). Who each trigger
// reaches is audience.server.ts.
import crypto from "node:crypto";
import { insertRows, prisma } from "~/db.server";
import { availableOf } from "~/features/inventory/index.server";
import { sendMail } from "~/platform/mail.server";
import { assignHoldout, isHeldOut } from "./holdout";
import { clickUrl, openUrl, unsubscribeUrl, allowedDestination } from "./links.server";
import { parseTemplate, renderHtml, renderText, type MergeValues } from "./template";
import { E164, SMS_MAX_CHARS, SMS_OPT_OUT } from "./sms-schema";
import { smsSender } from "./sms.server";
import { sendableAt } from "./timing";
import { DAY, candidates, type Planned } from "./audience.server";
import { createMessage, TwilioError, twilioRuntime, type TwilioRuntime } from "./twilio.server";
import { recipientCode, type AdminFor } from "./discounts.server";
import { withdrawSmsConsent } from "./sms-consent.server";

type Shop = { id: string; name: string; domain: string; timezone: string; isDemo?: boolean };

/** What sending reaches outside: Twilio (SMS) and the shop's Admin API (per-recipient codes). */
export type SendDeps = { twilio?: TwilioRuntime; adminFor?: AdminFor };
type Campaign = Awaited<ReturnType<typeof prisma.engagementCampaign.findFirstOrThrow>>;

const SEND_COLUMNS = [
  "id",
  "shopId",
  "campaignId",
  "customerId",
  "sendKey",
  "token",
  "eventAt",
  "dueAt",
  "segment",
  "checkoutId",
  "variantId",
  "holdout",
  "status",
  "revenueMinor",
] as const;

/** Writes the send rows of events not planned yet; returns how many were new. */
export async function planCampaign(shop: Shop, c: Campaign, now = new Date()): Promise<number> {
  const found = await candidates(shop.id, c, now);
  if (!found.length) return 0;
  const known = new Set(
    (
      await prisma.engagementSend.findMany({
        where: { shopId: shop.id, campaignId: c.id },
        select: { customerId: true, sendKey: true },
      })
    ).map((s) => s.sendKey),
  );
  const key = (p: Planned) => `${p.customerId}:${p.sendKey}`;
  const fresh = found.filter((p) => !known.has(key(p)));
  const batchHoldout = c.audience === "segment" ? assignHoldout(fresh, c.id, c.holdoutPercent) : null;
  // One statement per few thousand rows; a row another worker planned first is skipped by the
  // unique (campaign, send key): exactly one row per recipient and event.
  const rows = fresh.map((p) => {
    const holdout = batchHoldout ? batchHoldout.has(p.customerId) : isHeldOut(p.customerId, c.id, c.holdoutPercent);
    return {
      id: crypto.randomUUID(),
      shopId: shop.id,
      campaignId: c.id,
      customerId: p.customerId,
      sendKey: key(p),
      token: crypto.randomBytes(18).toString("base64url"),
      eventAt: p.eventAt,
      dueAt: p.dueAt,
      segment: p.segment,
      checkoutId: p.checkoutId ?? null,
      variantId: p.variantId ?? null,
      holdout,
      status: holdout ? "holdout" : "pending",
      revenueMinor: 0,
    };
  });
  await insertRows(prisma, "EngagementSend", SEND_COLUMNS, rows, ["campaignId", "sendKey"]);
  const created = (await prisma.engagementSend.count({ where: { shopId: shop.id, campaignId: c.id } })) - known.size;
  return created;
}

type MergeContext = { checkoutId?: string | null; discountCode?: string | null; variantId?: string | null };

async function mergeValues(
  shop: Shop,
  customerId: string,
  firstName: string | null,
  context: MergeContext,
): Promise<MergeValues> {
  const member = await prisma.loyaltyMember.findUnique({
    where: { shopId_customerId: { shopId: shop.id, customerId } },
    select: { balance: true, tierId: true },
  });
  const tier = member?.tierId
    ? await prisma.loyaltyTier.findFirst({ where: { id: member.tierId, shopId: shop.id }, select: { name: true } })
    : null;
  // The checkout's own recovery link (https only, kept so at write); the shop when there is none.
  const checkout = context.checkoutId
    ? await prisma.abandonedCheckout.findFirst({
        where: { id: context.checkoutId, shopId: shop.id },
        select: { recoveryUrl: true },
      })
    : null;
  const variant = context.variantId
    ? await prisma.variant.findFirst({
        where: { id: context.variantId, shopId: shop.id },
        select: { title: true, product: { select: { title: true } } },
      })
    : null;
  return {
    product_title: variant
      ? variant.title && variant.title !== "Default Title" && variant.title !== "Default"
        ? `${variant.product.title} (${variant.title})`
        : variant.product.title
      : "",
    first_name: firstName?.trim() || "there",
    points_balance: String(member?.balance ?? 0),
    tier: tier?.name ?? "",
    shop_url: `https://${shop.domain}`,
    recovery_url: checkout?.recoveryUrl ?? `https://${shop.domain}/cart`,
    discount_code: context.discountCode ?? "",
  };
}

/** The message a recipient gets (or, for the preview, would get). */
export async function composeMessage(
  shop: Shop,
  c: { subject: string; body: string; discountCode?: string | null },
  customer: { id: string; firstName: string | null },
  token: string,
  now = new Date(),
  context: { checkoutId?: string | null; variantId?: string | null } = {},
) {
  const subject = parseTemplate(c.subject);
  const body = parseTemplate(c.body);
  if (!subject.ok || !body.ok) throw new Error("A stored template no longer parses");
  const values = await mergeValues(shop, customer.id, customer.firstName, { ...context, discountCode: c.discountCode });
  const unsubscribe = unsubscribeUrl(token, now);
  const track = (url: string) => (allowedDestination(url, shop.domain) ? clickUrl(token, url, now) : url);
  const footer = `You receive this because you subscribed to ${shop.name}'s e-mails.`;
  return {
    subject: renderText(subject.parts, values).replace(/[\r\n]+/g, " "),
    text: `${renderText(body.parts, values)}\n\n--\n${footer}\nUnsubscribe: ${unsubscribe}\n`,
    html:
      renderHtml(body.parts, values, track) +
      `\n<hr><p style="font-size:12px;color:#666">${footer.replaceAll("&", "&amp;").replaceAll("<", "&lt;")} ` +
      `<a href="${unsubscribe}">Unsubscribe</a></p><img src="${openUrl(token)}" width="1" height="1" alt="">`,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The text of an SMS: the shop's name first (carriers expect the sender named), then the opt-out line. */
export async function composeSms(
  shop: Shop,
  c: { body: string; discountCode?: string | null },
  customer: { id: string; firstName: string | null },
  context: { checkoutId?: string | null; variantId?: string | null } = {},
) {
  const body = parseTemplate(c.body);
  if (!body.ok) throw new Error("A stored template no longer parses");
  const values = await mergeValues(shop, customer.id, customer.firstName, { ...context, discountCode: c.discountCode });
  const prefix = `${shop.name}: `;
  const room = SMS_MAX_CHARS - prefix.length - SMS_OPT_OUT.length - 1;
  return `${prefix}${renderText(body.parts, values).trim().slice(0, room)}\n${SMS_OPT_OUT}`;
}

const skip = (id: string, reason: string) =>
  prisma.engagementSend.updateMany({
    where: { id, status: "pending" },
    data: { status: "skipped", skipReason: reason },
  });

type Due = Awaited<ReturnType<typeof dueSends>>[number];
type Recipient = {
  id: string;
  shopifyId: string | null;
  email: string | null;
  phone: string | null;
  firstName: string | null;
};
type Content = { subject: string; body: string; discountCode: string | null };
type SmsAccount = NonNullable<Awaited<ReturnType<typeof smsSender>>>;

const dueSends = (shopId: string, now: Date, limit: number, smsReady: boolean) =>
  prisma.engagementSend.findMany({
    // SMS sends of a shop without Twilio wait (not failed) until an account is connected again.
    where: {
      shopId,
      status: "pending",
      dueAt: { lte: now },
      campaign: { status: "active", ...(smsReady ? {} : { channel: { not: "sms" } }) },
    },
    orderBy: { dueAt: "asc" },
    take: limit,
    include: { campaign: true },
  });

async function sendEmail(shop: Shop, s: Due, c: Content, customer: Recipient, now: Date): Promise<boolean> {
  const message = await composeMessage(shop, c, customer, s.token, now, s);
  const result = await sendMail({
    shopId: shop.id,
    kind: "engagement",
    to: customer.email!,
    fromName: shop.name,
    dedupeKey: `engagement:${s.id}`,
    ...message,
  });
  const failed = result.message?.status === "failed";
  await prisma.engagementSend.update({
    where: { id: s.id },
    data: { status: failed ? "failed" : "sent", outboxMessageId: result.message?.id ?? null },
  });
  return !failed;
}

/** Twilio code 21610: the number replied STOP to this sender. */
const UNSUBSCRIBED_RECIPIENT = 21610;

type SmsSend = { account: SmsAccount; rt: TwilioRuntime; adminFor: AdminFor | null; now: Date };

async function sendSms(shop: Shop, s: Due, c: Content, customer: Recipient, via: SmsSend) {
  const { account, rt } = via;
  const text = await composeSms(shop, c, customer, s);
  try {
    const message = await createMessage(rt, account.creds, account.sender, customer.phone!, text);
    await prisma.engagementSend.update({
      where: { id: s.id },
      data: { status: "sent", providerMessageId: message.sid },
    });
    return true;
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    // The row stays failed (never retried): Twilio may have taken a message it did not confirm.
    const note =
      error.code === UNSUBSCRIBED_RECIPIENT
        ? await withdrawSmsConsent({ ...shop, isDemo: !!shop.isDemo }, customer, via.adminFor, via.now)
        : null;
    await prisma.engagementSend.update({
      where: { id: s.id },
      data: { status: "failed", error: note ? `${error.summary} (${note})` : error.summary },
    });
    return false;
  }
}

/** Sends the shop's due messages of active campaigns; returns how many went out. */
export async function deliverDue(shop: Shop, now = new Date(), limit = 500, deps: SendDeps = {}) {
  const rt = deps.twilio ?? twilioRuntime();
  const sms = await smsSender(shop.id);
  const due = await dueSends(shop.id, now, limit, sms !== null);
  let sent = 0;
  for (const s of due) {
    const c = s.campaign;
    const customer = await prisma.customer.findFirst({
      where: { id: s.customerId, shopId: shop.id },
      select: {
        id: true,
        shopifyId: true,
        email: true,
        phone: true,
        firstName: true,
        acceptsMarketing: true,
        smsMarketing: true,
        deletedAt: true,
        redactedAt: true,
      },
    });
    const consent = c.channel === "sms" ? customer?.smsMarketing && customer.phone : customer?.acceptsMarketing;
    if (
      !customer ||
      !consent ||
      !(c.channel === "sms" || customer.email) ||
      customer.deletedAt ||
      customer.redactedAt
    ) {
      await skip(s.id, "no_consent");
      continue;
    }
    if (c.channel === "sms" && !E164.test(customer.phone!)) {
      await skip(s.id, "invalid_phone");
      continue;
    }
    if (s.checkoutId) {
      const checkout = await prisma.abandonedCheckout.findFirst({
        where: { id: s.checkoutId, shopId: shop.id },
        select: { completedAt: true },
      });
      if (!checkout || checkout.completedAt) {
        await skip(s.id, "checkout_completed");
        continue;
      }
    }
    if (s.variantId && ((await availableOf(shop.id, [s.variantId])).get(s.variantId) ?? 0) <= 0) {
      await skip(s.id, "sold_out_again");
      continue;
    }
    // A customer who ordered since the trigger needs no reminder (as of this run: a run of the past,
    // as the demo replays them, does not see the orders that came after it).
    const ordered = await prisma.order.findFirst({
      where: {
        shopId: shop.id,
        customerId: s.customerId,
        processedAt: { gt: s.eventAt, lte: now },
        cancelledAt: null,
      },
      select: { id: true },
    });
    if (ordered) {
      await skip(s.id, "ordered_since");
      continue;
    }
    const last = await prisma.engagementSend.findFirst({
      where: { shopId: shop.id, customerId: s.customerId, sentAt: { not: null } },
      orderBy: { sentAt: "desc" },
      select: { sentAt: true },
    });
    const at = sendableAt(now, last?.sentAt ?? null, shop.timezone, c);
    if (at > now) {
      await prisma.engagementSend.updateMany({ where: { id: s.id, status: "pending" }, data: { dueAt: at } });
      continue;
    }
    const claimed = await prisma.engagementSend.updateMany({
      where: { id: s.id, status: "pending" },
      data: { status: "sending", sentAt: now },
    });
    if (claimed.count !== 1) continue;
    let discountCode = c.discountCode;
    if (c.discountPercent) {
      const made = await recipientCode(
        { id: shop.id, domain: shop.domain, isDemo: !!shop.isDemo },
        s,
        { name: c.name, discountPercent: c.discountPercent },
        customer,
        deps.adminFor ?? null,
        now,
      );
      if (made.state === "down") {
        // Shopify did not answer: the recipient waits for the next run (with the same code), and so does the rest.
        await prisma.engagementSend.updateMany({
          where: { id: s.id, status: "sending" },
          data: { status: "pending", sentAt: null },
        });
        break;
      }
      if (made.state === "refused") {
        await prisma.engagementSend.update({ where: { id: s.id }, data: { status: "failed", error: made.error } });
        continue;
      }
      discountCode = made.code;
    }
    const content = { subject: c.subject, body: c.body, discountCode };
    const ok =
      c.channel === "sms"
        ? await sendSms(shop, s, content, customer, { account: sms!, rt, adminFor: deps.adminFor ?? null, now })
        : await sendEmail(shop, s, content, customer, now);
    if (ok) sent += 1;
  }
  return sent;
}

/** Marks conversions: the first order of the recipient within the window after the event (both groups). */
export async function measureConversions(shopId: string, now = new Date()): Promise<number> {
  const open = await prisma.engagementSend.findMany({
    where: {
      shopId,
      convertedAt: null,
      status: { in: ["sent", "holdout", "skipped", "failed"] },
      // Not recipients: consent lost before the send, or the campaign ended first (NULL is kept).
      OR: [{ skipReason: null }, { skipReason: { notIn: ["no_consent", "campaign_ended"] } }],
      eventAt: { gte: new Date(now.getTime() - 60 * DAY), lte: now },
    },
    select: { id: true, customerId: true, eventAt: true, campaign: { select: { attributionDays: true } } },
  });
  if (!open.length) return 0;
  // The recipients' orders since the earliest open event, read in one query per batch.
  const since = new Date(Math.min(...open.map((s) => s.eventAt.getTime())));
  const byCustomer = new Map<string, { processedAt: Date; revenueMinor: number }[]>();
  const ids = [...new Set(open.map((s) => s.customerId))];
  for (let i = 0; i < ids.length; i += 500) {
    const orders = await prisma.order.findMany({
      where: {
        shopId,
        customerId: { in: ids.slice(i, i + 500) },
        cancelledAt: null,
        processedAt: { gt: since, lte: now },
      },
      orderBy: { processedAt: "asc" },
      select: { customerId: true, processedAt: true, totalMinor: true, refundsMinor: true },
    });
    for (const o of orders) {
      const list = byCustomer.get(o.customerId!) ?? [];
      list.push({ processedAt: o.processedAt, revenueMinor: o.totalMinor - o.refundsMinor });
      byCustomer.set(o.customerId!, list);
    }
  }
  let converted = 0;
  for (const s of open) {
    const end = s.eventAt.getTime() + s.campaign.attributionDays * DAY;
    const order = byCustomer
      .get(s.customerId)
      ?.find((o) => o.processedAt.getTime() > s.eventAt.getTime() && o.processedAt.getTime() <= end);
    if (!order) continue;
    await prisma.engagementSend.update({
      where: { id: s.id },
      data: { convertedAt: order.processedAt, revenueMinor: order.revenueMinor },
    });
    converted += 1;
  }
  return converted;
}

/** One pass for a shop: scheduled one-offs start, every live campaign plans, due messages go, conversions are read. */
export async function runShop(shopId: string, now = new Date(), deps: SendDeps = {}) {
  const shop = await prisma.shop.findUnique({
    where: { id: shopId },
    select: { id: true, name: true, domain: true, timezone: true, isDemo: true, uninstalledAt: true },
  });
  if (!shop || shop.uninstalledAt) return { planned: 0, sent: 0 };
  await prisma.engagementCampaign.updateMany({
    where: { shopId, status: "scheduled", scheduledAt: { lte: now } },
    data: { status: "active", activatedAt: now },
  });
  const live = await prisma.engagementCampaign.findMany({ where: { shopId, status: "active" } });
  let planned = 0;
  for (const c of live) planned += await planCampaign(shop, c, now);
  const sent = await deliverDue(shop, now, 500, deps);
  // A one-off whose every recipient is settled is completed.
  for (const c of live.filter((x) => x.audience === "segment")) {
    const waiting = await prisma.engagementSend.count({
      where: { shopId, campaignId: c.id, status: { in: ["pending", "sending"] } },
    });
    if (waiting === 0)
      await prisma.engagementCampaign.updateMany({
        where: { id: c.id, shopId, status: "active" },
        data: { status: "completed", completedAt: now },
      });
  }
  await measureConversions(shopId, now);
  return { planned, sent };
}
