// The daily summary e-mail (Settings → General): yesterday's revenue, orders and net
// profit in the shop's reporting time zone, to the store's e-mail, through the outbox.
// An hourly tick sends it after the shop's day has ended; the outbox's dedupe key makes
// it one message per shop and day however often the tick runs or retries.
import { prisma } from "~/db.server";
import { addDays } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { sendMail } from "~/platform/mail.server";
import type { JobQueue } from "~/platform/jobs/types";
import { getDayFigures, todayFor } from "~/features/profit/index.server";

export const DAILY_SUMMARY_JOB = "settings.daily-summary";

type SummaryShop = { id: string; name: string; email: string | null; timezone: string; currency: string };

const LONG_DAY = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export async function dailySummaryText(shop: SummaryShop, day: string) {
  const f = await getDayFigures(shop, day);
  const money = (minor: number) => formatMoney(minor, f.currency);
  const lines = [
    `${shop.name}: ${LONG_DAY.format(new Date(`${day}T00:00:00Z`))} (${shop.timezone})`,
    "",
    `Revenue: ${money(f.revenueMinor)}`,
    `Orders: ${f.ordersCount.toLocaleString("en-US")}`,
    `Net profit: ${money(f.netProfitMinor)}`,
  ];
  if (f.uncostedUnits > 0)
    lines.push(
      "",
      `${f.uncostedUnits.toLocaleString("en-US")} ${f.uncostedUnits === 1 ? "unit was" : "units were"} sold without a known cost; net profit leaves their cost out.`,
    );
  lines.push("", "You get this e-mail because the daily summary is on in Settings → General.");
  return { subject: `${shop.name} daily summary: ${day}`, text: lines.join("\n") };
}

/**
 * Sends yesterday's summary to every shop that asked for it (or just `onlyShopId`, when the
 * merchant has just turned it on); returns how many new messages were stored.
 */
export async function sendDailySummaries(now = new Date(), onlyShopId?: string) {
  const shops = await prisma.shop.findMany({
    where: {
      ...(onlyShopId ? { id: onlyShopId } : {}),
      uninstalledAt: null,
      email: { not: null },
      settings: { is: { dailySummary: true } },
    },
    select: { id: true, name: true, email: true, timezone: true, currency: true },
  });
  let sent = 0;
  for (const shop of shops) {
    if (!shop.email) continue;
    const yesterday = addDays(todayFor(shop, now), -1);
    const dedupeKey = `daily-summary:${shop.id}:${yesterday}`;
    if (await prisma.outboxMessage.findUnique({ where: { dedupeKey }, select: { id: true } })) continue;
    const { subject, text } = await dailySummaryText(shop, yesterday);
    const result = await sendMail({
      shopId: shop.id,
      fromName: shop.name,
      kind: "daily_summary",
      to: shop.email,
      subject,
      text,
      dedupeKey,
    });
    if (!result.duplicate) sent++;
  }
  return sent;
}

export function registerSettingsJobs(queue: JobQueue) {
  queue.register(DAILY_SUMMARY_JOB, async () => void (await sendDailySummaries()));
  // Hourly: each shop's day ends at its own midnight.
  queue.schedule(DAILY_SUMMARY_JOB, "7 * * * *");
}
