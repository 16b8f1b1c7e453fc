// What the header's notifications button lists: one item per notification event that is
// happening now (the event list below), for the events the staff member wants in the bell
// (Settings → Notifications). Every item links to the screen where it is resolved
// (docs/product/admin-shell.md#notifications).
import { prisma } from "~/db.server";
import { figuresCache } from "~/platform/cache.server";
import { addDays, dayInZone, periodsEndingOn } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { getDayFigures, missingCosts, missingCostSentence } from "~/features/profit/index.server";
import {
  BELL_EVENTS,
  DEFAULT_CHANNELS,
  NOTIFICATION_EVENTS,
  type ChannelMatrix,
  type NotificationEvent,
} from "~/features/notifications";
import { getPreferences, postToSlack } from "~/features/notifications/index.server";
import { alertSentence, openAlertSummary } from "~/features/inventory/index.server";
import { sendMail } from "~/platform/mail.server";

export type Notification = { id: string; content: string; url: string };

type ShopRef = { id: string; timezone: string; currency: string };

/** How long the confirming item of a bell "Send test" stays listed. */
export const BELL_TEST_MS = 60 * 60_000;

/**
 * Cached for a minute per data version and per member's choices: the header shows them on
 * every admin page. A save or a bell test changes the preferences' `updatedAt`, so the key.
 */
export async function listNotificationsCached(
  shop: ShopRef & { dataVersion: number },
  staff: { id: string },
  now = new Date(),
): Promise<Notification[]> {
  const prefs = await getPreferences(shop.id, staff.id);
  const key = `notifications|${shop.id}|${staff.id}|${prefs.updatedAt?.getTime() ?? 0}`;
  const items = await figuresCache.get(key, shop.dataVersion, 60_000, () =>
    listNotifications(shop, prefs.channels, now),
  );
  const tested = prefs.bellTestAt && now.getTime() - prefs.bellTestAt.getTime() < BELL_TEST_MS;
  return tested ? [bellTestItem(), ...items] : items;
}

export const bellTestItem = (): Notification => ({
  id: "test",
  content: "Test notification: the bell works",
  url: "/settings?tab=notifications",
});

/** The bell's period for missing costs: the dashboard's default, the last 30 days. */
const MISSING_COST_DAYS = 30;
/** Privacy requests are listed from this many days before their due day (the privacy settings' default lead time). */
export const PRIVACY_WARNING_DAYS = 3;

/**
 * The invoice list on its Overdue tab. A plain URL: importing the invoices feature here would
 * close a cycle (invoices' API uses this feature's storeApi); notifications.db.test.ts checks
 * that the list reads it as the Overdue filter.
 */
export const OVERDUE_INVOICES_URL = "/app/invoices?status=overdue";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * `key`: what makes the event a new one for e-mail and Slack (their dedupe key); without it, the
 * day (one message a day while the event lasts).
 */
type EventCheck = (shop: ShopRef, now: Date) => Promise<(Notification & { detail?: string; key?: string }) | null>;

/** A High-confidence insight is announced in the bell for this many days after it became new. */
export const INSIGHT_ANNOUNCE_DAYS = 7;

/** The one event list: what each event looks like when it is happening now, or null. */
export const EVENT_CHECKS: Record<NotificationEvent, EventCheck> = {
  async import(shop) {
    const last = await prisma.importRun.findFirst({
      where: { shopId: shop.id },
      orderBy: { startedAt: "desc" },
      select: { status: true },
    });
    return last?.status === "failed"
      ? { id: "import", content: "The store import failed: retry it in Settings", url: "/settings?tab=data" }
      : null;
  },
  async overdue(shop) {
    const n = await prisma.invoice.count({ where: { shopId: shop.id, status: "overdue" } });
    return n > 0
      ? { id: "overdue", content: `${plural(n, "invoice is", "invoices are")} overdue`, url: OVERDUE_INVOICES_URL }
      : null;
  },
  async uncosted(shop, now) {
    // The one missing-cost count (docs/product/dashboard.md#missing-costs), for the last 30 days.
    const range = periodsEndingOn(dayInZone(now, shop.timezone), MISSING_COST_DAYS).current;
    const missing = await missingCosts(shop.id, range);
    const sentence = missingCostSentence(
      {
        missing: missing.variants.length,
        sold: missing.sold,
        unknownFeeOrders: missing.unknownFeeOrders,
        unknownLabelOrders: missing.unknownLabelOrders,
        orders: missing.orders,
      },
      `in the last ${MISSING_COST_DAYS} days`,
    );
    return sentence ? { id: "uncosted", content: sentence, url: `/costs?days=${MISSING_COST_DAYS}` } : null;
  },
  async stock(shop, now) {
    // Open stock alerts (they fire once per crossing; docs/decisions/054-inventory-planning.md).
    const summary = await openAlertSummary(shop.id, now);
    const content = alertSentence(summary);
    if (!content) return null;
    const more = summary.out + summary.low - summary.items.length;
    return {
      id: "stock",
      content,
      url: `/inventory?alert=${summary.out ? "out" : "low"}`,
      detail: [
        ...summary.items.map((i) => `- ${i.title}: ${i.level === "out" ? "out of stock" : `${i.available} left`}`),
        ...(more > 0 ? [`- and ${more} more`] : []),
      ].join("\n"),
    };
  },
  async privacy(shop, now) {
    // Open requests due within the shop's reminder lead time (Privacy & GDPR → Settings), by
    // the earliest date that binds each (docs/product/privacy.md#deadlines).
    const settings = await prisma.privacySettings.findUnique({
      where: { shopId: shop.id },
      select: { reminderLeadDays: true },
    });
    const lead = settings?.reminderLeadDays ?? PRIVACY_WARNING_DAYS;
    const n = await prisma.privacyRequest.count({
      where: {
        shopId: shop.id,
        status: { in: ["pending", "in_progress"] },
        dueAt: { lte: new Date(now.getTime() + (lead + 1) * 86_400_000) },
      },
    });
    return n > 0
      ? {
          id: "privacy",
          content: `${plural(n, "privacy request is", "privacy requests are")} due within ${lead} days`,
          url: "/privacy?tab=requests",
        }
      : null;
  },
  async insights(shop, now) {
    // Current High-confidence insights still new (nobody has seen, done, dismissed or snoozed
    // them), announced from the moment they became new: a run that finds them again changes
    // nothing, one that reopens a dismissed subject announces it afresh (insights/lifecycle.ts).
    const since = new Date(now.getTime() - INSIGHT_ANNOUNCE_DAYS * 86_400_000);
    const rows = await prisma.insight.findMany({
      where: { shopId: shop.id, current: true, status: "new", band: "High" },
      select: { id: true, title: true, firstSeenAt: true, statusChangedAt: true },
      orderBy: { score: "desc" },
    });
    const fresh = rows
      .map((r) => ({ ...r, newSince: r.statusChangedAt ?? r.firstSeenAt }))
      .filter((r) => r.newSince >= since);
    if (!fresh.length) return null;
    const latest = Math.max(...fresh.map((r) => r.newSince.getTime()));
    return {
      id: "insights",
      content:
        fresh.length === 1
          ? `New High-confidence insight: ${fresh[0]!.title}`
          : `${fresh.length} new High-confidence insights`,
      url: "/insights",
      detail: fresh.map((r) => `- ${r.title}`).join("\n"),
      key: String(latest),
    };
  },
  async summary(shop, now) {
    const yesterday = addDays(dayInZone(now, shop.timezone), -1);
    const f = await getDayFigures(shop, yesterday);
    if (f.ordersCount === 0) return null;
    const money = (minor: number) => formatMoney(minor, f.currency);
    return {
      id: "summary",
      content: `Yesterday: ${money(f.revenueMinor)} revenue, ${money(f.netProfitMinor)} net profit`,
      url: "/dashboard",
    };
  },
};

/** The order events are listed in: what needs fixing first, the summary last. */
const EVENT_ORDER: NotificationEvent[] = ["import", "overdue", "uncosted", "stock", "privacy", "insights", "summary"];

/** The events happening now, among `events`, in the bell's order. */
export async function currentEvents(shop: ShopRef, events: readonly NotificationEvent[], now = new Date()) {
  const wanted = EVENT_ORDER.filter((e) => events.includes(e));
  const found = await Promise.all(wanted.map(async (event) => ({ event, item: await EVENT_CHECKS[event](shop, now) })));
  return found.flatMap(({ event, item }) => (item ? [{ event, ...item }] : []));
}

export async function listNotifications(
  shop: ShopRef,
  channels: ChannelMatrix = DEFAULT_CHANNELS,
  now = new Date(),
): Promise<Notification[]> {
  const events = await currentEvents(
    shop,
    NOTIFICATION_EVENTS.filter((e) => channels[e].bell && BELL_EVENTS.includes(e)),
    now,
  );
  return events.map(({ id, content, url }) => ({ id, content, url }));
}

/** The local hour at which the day's e-mail and Slack notifications go out. */
export const DELIVERY_HOUR = 8;

type Delivery = { memberId: string; email: string; slack: string | null; channels: ChannelMatrix };

/**
 * E-mail and Slack delivery of the events happening now, once a day per member at
 * DELIVERY_HOUR in the shop's time zone (the hourly job calls this for every shop). Each
 * e-mail has a dedupe key per member, event and day, so a second run sends nothing; Slack
 * is posted in the same run only when that member's e-mail for the day had not gone yet.
 */
export async function deliverNotifications(
  shop: ShopRef & { name: string },
  now = new Date(),
  slack: (url: string, text: string) => Promise<void> = postToSlack,
): Promise<{ emails: number; slackPosts: number }> {
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hour12: false, timeZone: shop.timezone }).format(now),
  );
  if (hour % 24 !== DELIVERY_HOUR) return { emails: 0, slackPosts: 0 };
  const members = await prisma.staffMember.findMany({ where: { shopId: shop.id }, select: { id: true, email: true } });
  const deliveries: Delivery[] = [];
  for (const m of members) {
    const prefs = await getPreferences(shop.id, m.id);
    const wants = NOTIFICATION_EVENTS.some(
      (e) => prefs.channels[e].email || (prefs.channels[e].slack && prefs.slackWebhookUrl),
    );
    if (wants)
      deliveries.push({ memberId: m.id, email: m.email, slack: prefs.slackWebhookUrl, channels: prefs.channels });
  }
  if (!deliveries.length) return { emails: 0, slackPosts: 0 };
  const happening = await currentEvents(shop, NOTIFICATION_EVENTS, now);
  const day = dayInZone(now, shop.timezone);
  let emails = 0;
  let slackPosts = 0;
  for (const d of deliveries) {
    for (const e of happening) {
      const choice = d.channels[e.event];
      const dedupeKey = `notify:${d.memberId}:${e.event}:${e.key ?? day}`;
      if (await prisma.outboxMessage.findUnique({ where: { dedupeKey }, select: { id: true } })) continue;
      if (choice.email) {
        await sendMail({
          shopId: shop.id,
          fromName: shop.name,
          kind: "notification",
          to: d.email,
          subject: `${shop.name}: ${e.content}`,
          text: `${e.content}.\n\n${e.detail ? `${e.detail}\n\n` : ""}Open the app to resolve it. Choose what you hear about in Settings → Notifications.`,
          dedupeKey,
        });
        emails++;
      }
      if (choice.slack && d.slack) {
        try {
          await slack(d.slack, `${shop.name}: ${e.content}`);
          slackPosts++;
        } catch {
          // Logged by postToSlack without the URL; the e-mail (if chosen) still went out.
        }
      }
    }
  }
  return { emails, slackPosts };
}

/** The hourly job: every installed shop's notifications at its local delivery hour. */
export function registerNotificationJobs(queue: {
  register: (name: string, handler: () => Promise<void>) => void;
  schedule: (name: string, cron: string) => void | Promise<void>;
}) {
  queue.register("notifications.deliver", async () => {
    const shops = await prisma.shop.findMany({
      where: { uninstalledAt: null },
      select: { id: true, name: true, timezone: true, currency: true },
    });
    for (const shop of shops) await deliverNotifications(shop);
  });
  void queue.schedule("notifications.deliver", "5 * * * *");
}
