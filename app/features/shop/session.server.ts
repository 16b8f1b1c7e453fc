// Whether a shop has a usable offline session (the embedded flow's session check).
import { prisma } from "~/db.server";

const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

export function isShopDomain(value: string | null): value is string {
  return !!value && SHOP_DOMAIN.test(value);
}

export async function hasValidOfflineSession(shop: string, now = new Date()): Promise<boolean> {
  const session = await prisma.session.findFirst({
    where: { shop, isOnline: false },
    select: { accessToken: true, expires: true, refreshToken: true, refreshTokenExpires: true },
  });
  if (!session?.accessToken) return false;
  if (!session.expires || session.expires > now) return true;
  // An expired access token can still be refreshed while its refresh token lives.
  return !!session.refreshToken && (!session.refreshTokenExpires || session.refreshTokenExpires > now);
}
