// What the header's notifications button lists, computed from the shop's data. Every item
// links to the screen where the merchant resolves it; a kind of notice whose screen is not
// built yet (stock-outs, privacy requests) is not shown (docs/product/admin-shell.md#notifications).
import { prisma } from "~/db.server";
import { LIST_FILTERS } from "~/features/invoices";
import { figuresCache } from "~/platform/cache.server";
import { dayInZone, periodsEndingOn } from "~/lib/dates";
import { missingCosts, missingCostSentence } from "~/features/profit/index.server";

export type Notification = { id: string; content: string; url: string };

/** Cached for a minute per data version: the header shows them on every admin page. */
type ShopRef = { id: string; timezone: string };

export function listNotificationsCached(shop: ShopRef & { dataVersion: number }): Promise<Notification[]> {
  return figuresCache.get(`notifications|${shop.id}`, shop.dataVersion, 60_000, () => listNotifications(shop));
}

/** The bell's period for missing costs: the dashboard's default, the last 30 days. */
const MISSING_COST_DAYS = 30;

/** The invoice list showing overdue invoices: its Overdue filter, else Sent (which includes them). */
export function overdueInvoicesUrl(): string {
  const filter = (LIST_FILTERS as readonly string[]).includes("overdue") ? "overdue" : "sent";
  return `/app/invoices?status=${filter}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function listNotifications(shop: ShopRef, now = new Date()): Promise<Notification[]> {
  const shopId = shop.id;
  const range = periodsEndingOn(dayInZone(now, shop.timezone), MISSING_COST_DAYS).current;
  const [missing, overdueInvoices, lastImport] = await Promise.all([
    missingCosts(shopId, range),
    prisma.invoice.count({ where: { shopId, status: "overdue" } }),
    prisma.importRun.findFirst({ where: { shopId }, orderBy: { startedAt: "desc" }, select: { status: true } }),
  ]);
  const out: Notification[] = [];
  if (lastImport?.status === "failed")
    out.push({ id: "import", content: "The store import failed: retry it in Settings", url: "/settings?tab=data" });
  if (overdueInvoices > 0)
    out.push({
      id: "overdue",
      content: `${plural(overdueInvoices, "invoice is", "invoices are")} overdue`,
      url: overdueInvoicesUrl(),
    });
  // The one missing-cost count (docs/product/dashboard.md#missing-costs), for the last 30 days.
  const uncosted = missingCostSentence(
    { missing: missing.variants.length, sold: missing.sold },
    `in the last ${MISSING_COST_DAYS} days`,
  );
  if (uncosted) out.push({ id: "uncosted", content: uncosted, url: `/costs?days=${MISSING_COST_DAYS}` });
  return out;
}
