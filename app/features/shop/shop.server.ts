// Shops: the tenant every other row belongs to.
import { prisma, sqlOn, type Prisma } from "~/db.server";
import type { AppShopProfileQuery } from "~/graphql/admin.generated";
import { isValidTimeZone } from "~/lib/dates";

export const DEMO_SHOP_DOMAIN = "demo-store.myshopify.com";

export type ShopRecord = NonNullable<Awaited<ReturnType<typeof getShopByDomain>>>;

// Every admin request reads its shop: one typed statement, without the model API's per-call
// query compilation (docs/decisions/111-per-request-reads.md).
export async function getShopByDomain(domain: string) {
  return (await sqlOn().selectFrom("Shop").selectAll().where("domain", "=", domain).executeTakeFirst()) ?? null;
}

export function getDemoShop() {
  return getShopByDomain(DEMO_SHOP_DOMAIN);
}

/** The shop row for an authenticated domain, created with defaults if the install hook has not run yet. */
export async function ensureShop(domain: string): Promise<ShopRecord> {
  const existing = await getShopByDomain(domain);
  if (existing && !existing.uninstalledAt) return existing;
  return prisma.shop.upsert({
    where: { domain },
    create: { domain, name: domain.replace(/\.myshopify\.com$/, "") },
    update: { uninstalledAt: null, installedAt: new Date() },
  });
}

type GraphqlClient = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;

export const SHOP_QUERY = `#graphql
  query AppShopProfile {
    shop {
      name
      email
      shopOwnerName
      currencyCode
      ianaTimezone
    }
  }
`;

/** Stores the shop's profile from the Admin API after install or re-auth. */
export async function syncShopFromAdmin(domain: string, graphql: GraphqlClient) {
  const response = await graphql(SHOP_QUERY);
  // A profile the API cannot give (an error answer) leaves the stored one as it is.
  const body = (await response.json()) as { data?: AppShopProfileQuery | null };
  const profile = body.data?.shop;
  const timezone = profile?.ianaTimezone && isValidTimeZone(profile.ianaTimezone) ? profile.ianaTimezone : undefined;
  // A reporting time zone chosen in Settings → General stays on the Shop row; Shopify's
  // zone then waits in the settings row (docs/decisions/044-general-settings.md).
  const overridden = await prisma.shopSettings.findFirst({
    where: { shop: { domain }, reportingTimezone: { not: null } },
    select: { shopId: true },
  });
  const data = {
    name: profile?.name ?? domain.replace(/\.myshopify\.com$/, ""),
    email: profile?.email ?? null,
    ownerName: profile?.shopOwnerName ?? null,
    ...(profile?.currencyCode ? { currency: profile.currencyCode } : {}),
    ...(timezone && !overridden ? { timezone } : {}),
  };
  if (timezone && overridden)
    await prisma.shopSettings.update({ where: { shopId: overridden.shopId }, data: { shopifyTimezone: timezone } });
  return prisma.shop.upsert({
    where: { domain },
    create: { domain, ...data },
    update: { ...data, uninstalledAt: null },
  });
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  const letters = parts.length === 1 ? parts[0].slice(0, 2) : parts[0][0] + parts[parts.length - 1][0];
  return letters.toUpperCase();
}

export const PLAN_LABELS: Record<string, string> = {
  starter: "Starter",
  pro: "Pro",
  enterprise: "Enterprise",
};

export function planLabel(plan: string): string {
  return `${PLAN_LABELS[plan] ?? plan} plan`;
}

type Tx = Prisma.TransactionClient;

/** app/uninstalled: the shop's sessions go (its tokens are dead) and the shop is marked uninstalled. */
export async function markUninstalled(tx: Tx, domain: string, at: Date) {
  await tx.session.deleteMany({ where: { shop: domain } });
  await tx.shop.updateMany({ where: { domain }, data: { uninstalledAt: at } });
}

/** app/scopes_update: the sessions carry the scopes the merchant granted now. */
export async function updateGrantedScopes(tx: Tx, domain: string, scopes: string[]) {
  await tx.session.updateMany({ where: { shop: domain }, data: { scope: scopes.join(",") } });
}

/** shop/redact: every shop-owned row cascades from the shop; the sessions go too. */
export async function eraseShop(tx: Tx, domain: string) {
  await tx.session.deleteMany({ where: { shop: domain } });
  await tx.shop.deleteMany({ where: { domain } });
}
