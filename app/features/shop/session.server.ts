// Whether a shop has a usable offline session (the embedded flow's session check).
import { prisma } from "~/db.server";

const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

export function isShopDomain(value: string | null): value is string {
  return !!value && SHOP_DOMAIN.test(value);
}

type OfflineSession = {
  accessToken: string;
  expires: Date | null;
  refreshToken: string | null;
  refreshTokenExpires: Date | null;
};

/** A token that works now, or an expired one that its refresh token can still renew. */
export function isSessionUsable(session: OfflineSession, now = new Date()): boolean {
  if (!session.accessToken) return false;
  if (!session.expires || session.expires > now) return true;
  return !!session.refreshToken && (!session.refreshTokenExpires || session.refreshTokenExpires > now);
}

/** The shop's offline session: whether it is usable and the scopes Shopify granted (null: none). */
export async function offlineGrant(shop: string, now = new Date()) {
  const session = await prisma.session.findFirst({
    where: { shop, isOnline: false },
    select: { accessToken: true, expires: true, refreshToken: true, refreshTokenExpires: true, scope: true },
  });
  return session && { usable: isSessionUsable(session, now), scope: session.scope };
}

export async function hasValidOfflineSession(shop: string, now = new Date()): Promise<boolean> {
  return (await offlineGrant(shop, now))?.usable ?? false;
}
