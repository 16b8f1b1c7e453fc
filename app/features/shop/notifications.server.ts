// What the header's notifications button lists, computed from the shop's data.
import { prisma } from "~/db.server";
import { figuresCache } from "~/platform/cache.server";

type Notification = { id: string; content: string; url?: string };

/** Cached for a minute per data version: the header shows them on every admin page. */
export function listNotificationsCached(shop: { id: string; dataVersion: number }): Promise<Notification[]> {
  return figuresCache.get(`notifications|${shop.id}`, shop.dataVersion, 60_000, () => listNotifications(shop.id));
}

export async function listNotifications(shopId: string): Promise<Notification[]> {
  const [pendingPrivacy, uncostedVariants, outOfStock] = await Promise.all([
    prisma.privacyRequest.count({ where: { shopId, status: "pending" } }),
    prisma.variant.count({ where: { shopId, unitCostMinor: null } }),
    prisma.inventoryLevel.count({ where: { shopId, available: { lte: 0 } } }),
  ]);
  const out: Notification[] = [];
  if (uncostedVariants > 0)
    out.push({
      id: "uncosted",
      content: `${uncostedVariants} product variant${uncostedVariants === 1 ? " has" : "s have"} no unit cost`,
      url: "/costs",
    });
  if (outOfStock > 0)
    out.push({ id: "stock", content: `${outOfStock} variant${outOfStock === 1 ? " is" : "s are"} out of stock` });
  if (pendingPrivacy > 0)
    out.push({
      id: "privacy",
      content: `${pendingPrivacy} privacy request${pendingPrivacy === 1 ? "" : "s"} awaiting action`,
    });
  return out;
}
