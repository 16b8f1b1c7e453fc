// What the header's notifications button lists, computed from the shop's data. Every item
// links to the screen where the merchant resolves it; a kind of notice whose screen is not
// built yet (stock-outs, privacy requests) is not shown (docs/product/admin-shell.md#notifications).
import { prisma } from "~/db.server";
import { LIST_FILTERS } from "~/features/invoices";
import { figuresCache } from "~/platform/cache.server";

export type Notification = { id: string; content: string; url: string };

/** Cached for a minute per data version: the header shows them on every admin page. */
export function listNotificationsCached(shop: { id: string; dataVersion: number }): Promise<Notification[]> {
  return figuresCache.get(`notifications|${shop.id}`, shop.dataVersion, 60_000, () => listNotifications(shop.id));
}

/** The invoice list showing overdue invoices: its Overdue filter, else Sent (which includes them). */
export function overdueInvoicesUrl(): string {
  const filter = (LIST_FILTERS as readonly string[]).includes("overdue") ? "overdue" : "sent";
  return `/app/invoices?status=${filter}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function listNotifications(shopId: string): Promise<Notification[]> {
  const [uncostedVariants, overdueInvoices, lastImport] = await Promise.all([
    prisma.variant.count({ where: { shopId, unitCostMinor: null } }),
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
  if (uncostedVariants > 0)
    out.push({
      id: "uncosted",
      content: `${plural(uncostedVariants, "product variant has", "product variants have")} no unit cost`,
      url: "/costs",
    });
  return out;
}
