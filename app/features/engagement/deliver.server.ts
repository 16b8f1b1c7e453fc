// Delivery of the due send rows of a shop's active campaigns. A batch of due rows is checked with
// one read per table (customers, orders since each event, last messages, checkouts, stock, merge
// values), the skipped and postponed rows are written per reason, and the rest are claimed a
// chunk at a time by one guarded statement (`pending → sending` … RETURNING id), so two workers
// never send the same row; the rows of a chunk go out concurrently (the SMTP connection pool or
// Twilio wait on the network, not on us). The outbox's dedupe key `engagement:<sendId>` is the
// last guard. docs/decisions/112-engagement-delivery-and-receipts.md.
import { prisma, sqlOn } from "~/db.server";
import { availableOf } from "~/features/inventory/index.server";
import { sendMail } from "~/platform/mail.server";
import { E164 } from "./sms-schema";
import { smsSender } from "./sms.server";
import { sendableAt } from "./timing";
import { createMessage, TwilioError, twilioRuntime, type TwilioRuntime } from "./twilio.server";
import { recipientCode, type AdminFor } from "./discounts.server";
import { withdrawSmsConsent } from "./sms-consent.server";
import { smsStatusUrl } from "./links.server";
import { composeMessage, composeSms, mergeFacts, type MergeFacts, type Shop } from "./compose.server";

/** What sending reaches outside: Twilio (SMS) and the shop's Admin API (per-recipient codes). */
export type SendDeps = { twilio?: TwilioRuntime; adminFor?: AdminFor };

/** Rows claimed by one statement and sent at once; a crash leaves at most this many unsent in `sending`. */
const CHUNK = 20;
/** Ids per `IN (…)` list: far below both engines' limits on bound values. */
const IDS_PER_QUERY = 500;

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

const chunks = <T>(list: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

async function readIn<T>(ids: readonly string[], read: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const slice of chunks([...new Set(ids)], IDS_PER_QUERY)) out.push(...(await read(slice)));
  return out;
}

/** What the checks of a batch need, one read per table. */
async function batchFacts(shopId: string, due: Due[], now: Date) {
  const customerIds = due.map((s) => s.customerId);
  const customers = await readIn(customerIds, (ids) =>
    prisma.customer.findMany({
      where: { shopId, id: { in: ids } },
      select: {
        id: true,
        shopifyId: true,
        email: true,
        phone: true,
        firstName: true,
        acceptsMarketing: true,
        smsMarketing: true,
        timeZone: true,
        deletedAt: true,
        redactedAt: true,
      },
    }),
  );
  // The recipients' orders since the earliest event of the batch: "ordered since" is decided per row.
  const since = new Date(Math.min(...due.map((s) => s.eventAt.getTime())));
  const orders = await readIn(customerIds, (ids) =>
    prisma.order.findMany({
      where: { shopId, customerId: { in: ids }, processedAt: { gt: since, lte: now }, cancelledAt: null },
      select: { customerId: true, processedAt: true },
    }),
  );
  const lastOrder = new Map<string, Date>();
  for (const o of orders)
    if (o.customerId && o.processedAt > (lastOrder.get(o.customerId) ?? new Date(0)))
      lastOrder.set(o.customerId, o.processedAt);
  const lastSends = await readIn(customerIds, (ids) =>
    prisma.engagementSend.groupBy({
      by: ["customerId"],
      where: { shopId, customerId: { in: ids }, sentAt: { not: null } },
      _max: { sentAt: true },
    }),
  );
  const variantIds = [...new Set(due.flatMap((s) => (s.variantId ? [s.variantId] : [])))];
  const merge = await mergeFacts(
    shopId,
    customerIds,
    due.flatMap((s) => (s.checkoutId ? [s.checkoutId] : [])),
    variantIds,
  );
  return {
    customers: new Map(customers.map((c) => [c.id, c])),
    lastOrder,
    lastSent: new Map(lastSends.map((s) => [s.customerId, s._max.sentAt])),
    available: variantIds.length ? await availableOf(shopId, variantIds) : new Map<string, number>(),
    merge,
  };
}

type Decision = { skip: string } | { postpone: Date } | { send: Recipient };

function decide(s: Due, facts: Awaited<ReturnType<typeof batchFacts>>, shop: Shop, now: Date): Decision {
  const c = s.campaign;
  const customer = facts.customers.get(s.customerId);
  const consent = c.channel === "sms" ? customer?.smsMarketing && customer.phone : customer?.acceptsMarketing;
  if (!customer || !consent || !(c.channel === "sms" || customer.email) || customer.deletedAt || customer.redactedAt)
    return { skip: "no_consent" };
  if (c.channel === "sms" && !E164.test(customer.phone!)) return { skip: "invalid_phone" };
  if (s.checkoutId) {
    const checkout = facts.merge.checkouts.get(s.checkoutId);
    if (!checkout || checkout.completedAt) return { skip: "checkout_completed" };
  }
  if (s.variantId && (facts.available.get(s.variantId) ?? 0) <= 0) return { skip: "sold_out_again" };
  // A customer who ordered since the trigger needs no reminder (as of this run: a run of the past,
  // as the demo replays them, does not see the orders that came after it).
  const ordered = facts.lastOrder.get(s.customerId);
  if (ordered && ordered > s.eventAt) return { skip: "ordered_since" };
  // Quiet hours are the customer's (their address's zone), the shop's when the address does not tell.
  const at = sendableAt(now, facts.lastSent.get(s.customerId) ?? null, customer.timeZone ?? shop.timezone, c);
  if (at > now) return { postpone: at };
  // The next row for this customer in the batch sees this message under the cap.
  facts.lastSent.set(s.customerId, now);
  return { send: customer };
}

/** Claims the rows still pending: the ids this worker won (another worker's are left out). */
async function claim(ids: string[], now: Date): Promise<Set<string>> {
  const won = await sqlOn()
    .updateTable("EngagementSend")
    .set({ status: "sending" })
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .returning("id")
    .execute();
  const mine = won.map((r) => r.id);
  if (mine.length) await prisma.engagementSend.updateMany({ where: { id: { in: mine } }, data: { sentAt: now } });
  return new Set(mine);
}

const release = (ids: string[]) =>
  ids.length
    ? prisma.engagementSend.updateMany({
        where: { id: { in: ids }, status: "sending" },
        data: { status: "pending", sentAt: null },
      })
    : null;

async function sendEmail(shop: Shop, s: Due, c: Content, customer: Recipient, now: Date, facts: MergeFacts) {
  const message = await composeMessage(shop, c, customer, s.token, now, s, facts);
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

async function sendSms(shop: Shop, s: Due, c: Content, customer: Recipient, via: SmsSend, facts: MergeFacts) {
  const { account, rt } = via;
  const text = await composeSms(shop, c, customer, s, facts);
  try {
    // Twilio reports delivery to the status callback (sms-status.server.ts): "sent" here is accepted.
    const message = await createMessage(rt, account.creds, account.sender, customer.phone!, text, {
      statusCallback: smsStatusUrl(),
    });
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
  if (!due.length) return 0;
  const facts = await batchFacts(shop.id, due, now);
  const skipped = new Map<string, string[]>();
  const sending: { s: Due; customer: Recipient }[] = [];
  for (const s of due) {
    const d = decide(s, facts, shop, now);
    if ("skip" in d) skipped.set(d.skip, [...(skipped.get(d.skip) ?? []), s.id]);
    else if ("postpone" in d)
      await prisma.engagementSend.updateMany({ where: { id: s.id, status: "pending" }, data: { dueAt: d.postpone } });
    else sending.push({ s, customer: d.send });
  }
  for (const [reason, ids] of skipped)
    for (const slice of chunks(ids, IDS_PER_QUERY))
      await prisma.engagementSend.updateMany({
        where: { id: { in: slice }, status: "pending" },
        data: { status: "skipped", skipReason: reason },
      });
  const via = { rt, adminFor: deps.adminFor ?? null, now };
  let sent = 0;
  for (const chunk of chunks(sending, CHUNK)) {
    const mine = await claim(
      chunk.map((x) => x.s.id),
      now,
    );
    const ready: { s: Due; customer: Recipient; code: string | null }[] = [];
    let down = false;
    for (const [i, { s, customer }] of chunk.filter((x) => mine.has(x.s.id)).entries()) {
      const c = s.campaign;
      if (!c.discountPercent) {
        ready.push({ s, customer, code: c.discountCode });
        continue;
      }
      const made = await recipientCode(
        { id: shop.id, domain: shop.domain, isDemo: !!shop.isDemo },
        s,
        { name: c.name, discountPercent: c.discountPercent },
        customer,
        deps.adminFor ?? null,
        now,
      );
      if (made.state === "down") {
        // Shopify did not answer: this recipient and the rest of the chunk wait for the next run (with the same code).
        await release(
          chunk
            .filter((x) => mine.has(x.s.id))
            .slice(i)
            .map((x) => x.s.id),
        );
        down = true;
        break;
      }
      if (made.state === "refused")
        await prisma.engagementSend.update({ where: { id: s.id }, data: { status: "failed", error: made.error } });
      else ready.push({ s, customer, code: made.code });
    }
    const results = await Promise.all(
      ready.map(({ s, customer, code }) => {
        const content = { subject: s.campaign.subject, body: s.campaign.body, discountCode: code };
        return s.campaign.channel === "sms"
          ? sendSms(shop, s, content, customer, { account: sms!, ...via }, facts.merge)
          : sendEmail(shop, s, content, customer, now, facts.merge);
      }),
    );
    sent += results.filter(Boolean).length;
    if (down) break;
  }
  return sent;
}
