// What a recipient's clicks do: an open (the pixel), a click (redirect only to the shop's host),
// and an unsubscribe (locally at once, then in Shopify through customerEmailMarketingConsentUpdate).
import { prisma } from "~/db.server";
import { adminOperation, AdminApiError, type AdminGraphql } from "~/features/store-sync/index.server";
import { allowedDestination, verifyClick, verifyUnsubscribe } from "./links.server";

const TOKEN = /^[A-Za-z0-9_-]{10,64}$/;

export async function recordOpen(token: string, now = new Date()) {
  if (!TOKEN.test(token)) return;
  await prisma.engagementSend.updateMany({ where: { token, openedAt: null }, data: { openedAt: now } });
}

/** The destination to redirect to, or null (unknown token, bad signature, a host not the shop's). */
export async function recordClick(token: string, params: URLSearchParams, now = new Date()): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const destination = verifyClick(token, params, now);
  if (!destination) return null;
  const send = await prisma.engagementSend.findUnique({
    where: { token },
    select: { id: true, shopId: true, openedAt: true, shop: { select: { domain: true } } },
  });
  if (!send || !allowedDestination(destination, send.shop.domain)) return null;
  // A click proves an open even when the pixel was blocked.
  await prisma.engagementSend.updateMany({
    where: { id: send.id, shopId: send.shopId, clickedAt: null },
    data: { clickedAt: now, ...(send.openedAt ? {} : { openedAt: now }) },
  });
  return destination;
}

export const CONSENT_UPDATE = `#graphql
  mutation CustomerEmailMarketingConsentUpdate($input: CustomerEmailMarketingConsentUpdateInput!) {
    customerEmailMarketingConsentUpdate(input: $input) {
      customer { id }
      userErrors { field message }
    }
  }
`;

export type UnsubscribeResult =
  { ok: true; shopName: string; shopify: "updated" | "local_only" | { errors: string[] } } | { ok: false };

/** The recipient behind a valid unsubscribe link, for the confirmation page. */
export async function unsubscribeTarget(token: string, params: URLSearchParams, now = new Date()) {
  if (!TOKEN.test(token) || !verifyUnsubscribe(token, params, now)) return null;
  const send = await prisma.engagementSend.findUnique({
    where: { token },
    select: { shopId: true, customerId: true, shop: { select: { name: true, domain: true, isDemo: true } } },
  });
  return send;
}

/**
 * Unsubscribes the recipient of a message: no marketing from this shop from now on (locally at
 * once), and the consent in Shopify set to UNSUBSCRIBED (the demo has no Shopify: local only).
 */
export async function unsubscribe(
  token: string,
  params: URLSearchParams,
  adminFor: (shopDomain: string) => Promise<AdminGraphql>,
  now = new Date(),
): Promise<UnsubscribeResult> {
  const target = await unsubscribeTarget(token, params, now);
  if (!target) return { ok: false };
  const customer = await prisma.customer.findFirst({
    where: { id: target.customerId, shopId: target.shopId },
    select: { id: true, shopifyId: true },
  });
  if (!customer) return { ok: false };
  await prisma.customer.updateMany({
    where: { id: customer.id, shopId: target.shopId },
    data: { acceptsMarketing: false },
  });
  await prisma.engagementSend.updateMany({
    where: { shopId: target.shopId, customerId: customer.id, status: "pending" },
    data: { status: "skipped", skipReason: "no_consent" },
  });
  if (target.shop.isDemo || !customer.shopifyId) return { ok: true, shopName: target.shop.name, shopify: "local_only" };
  try {
    const data = await adminOperation(await adminFor(target.shop.domain), CONSENT_UPDATE, {
      input: {
        customerId: customer.shopifyId,
        emailMarketingConsent: {
          marketingState: "UNSUBSCRIBED",
          marketingOptInLevel: "SINGLE_OPT_IN",
          consentUpdatedAt: now.toISOString(),
        },
      },
    });
    const errors = data.customerEmailMarketingConsentUpdate?.userErrors ?? [];
    if (errors.length)
      return { ok: true, shopName: target.shop.name, shopify: { errors: errors.map((e) => e.message) } };
    return { ok: true, shopName: target.shop.name, shopify: "updated" };
  } catch (error) {
    if (error instanceof AdminApiError)
      return { ok: true, shopName: target.shop.name, shopify: { errors: [error.message] } };
    throw error;
  }
}
