// What the app holds of a shop's store data, for Settings → Data: row counts, the span
// of stored orders and when an import last finished.
import { prisma } from "~/db.server";
import { dayInZone } from "~/lib/dates";

export type StoreDataSummary = {
  // Products deleted in Shopify stay for their past orders; they are not counted, so the
  // figures match what the merchant sees in Shopify. Customers are counted by the customers
  // feature (customerCounts), the one definition every screen uses.
  counts: { products: number; variants: number; orders: number; refunds: number };
  /** Calendar days (shop time zone) of the oldest and newest stored order. */
  oldestOrderDay: string | null;
  newestOrderDay: string | null;
  /** Calendar day (shop time zone) the latest successful import finished. */
  lastImportFinishedDay: string | null;
};

export async function getStoreDataSummary(shop: { id: string; timezone: string }): Promise<StoreDataSummary> {
  const shopId = shop.id;
  const [products, variants, orders, refunds, lastImport] = await Promise.all([
    prisma.product.count({ where: { shopId, deletedAt: null } }),
    prisma.variant.count({ where: { shopId, product: { deletedAt: null } } }),
    prisma.order.aggregate({ where: { shopId }, _count: { _all: true }, _min: { day: true }, _max: { day: true } }),
    prisma.refund.count({ where: { shopId } }),
    prisma.importRun.findFirst({
      where: { shopId, status: "succeeded", finishedAt: { not: null } },
      orderBy: { finishedAt: "desc" },
      select: { finishedAt: true },
    }),
  ]);
  return {
    counts: { products, variants, orders: orders._count._all, refunds },
    oldestOrderDay: orders._min.day,
    newestOrderDay: orders._max.day,
    lastImportFinishedDay: lastImport?.finishedAt ? dayInZone(lastImport.finishedAt, shop.timezone) : null,
  };
}
