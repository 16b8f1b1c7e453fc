// A recipient who replied STOP (Twilio 21610) is unsubscribed from SMS marketing here at once and
// in Shopify (customerSmsMarketingConsentUpdate), whose userErrors are kept with the recipient's
// error. The demo, which has no Shopify, changes it locally only.
import { prisma } from "~/db.server";
import { AdminApiError, adminOperation } from "~/features/store-sync/index.server";
import type { AdminFor } from "./discounts.server";

export const SMS_CONSENT_UPDATE = `#graphql
  mutation CustomerSmsMarketingConsentUpdate($input: CustomerSmsMarketingConsentUpdateInput!) {
    customerSmsMarketingConsentUpdate(input: $input) {
      customer { id }
      userErrors { field message }
    }
  }
`;

/** The note for the recipient's error when Shopify did not record it; null when it did (or nothing to do). */
export async function withdrawSmsConsent(
  shop: { id: string; domain: string; isDemo: boolean },
  customer: { id: string; shopifyId: string | null },
  adminFor: AdminFor | null,
  now: Date,
): Promise<string | null> {
  await prisma.customer.updateMany({ where: { id: customer.id, shopId: shop.id }, data: { smsMarketing: false } });
  if (shop.isDemo || !customer.shopifyId) return null;
  if (!adminFor) return "Shopify not updated: no Admin API session";
  try {
    const data = await adminOperation(await adminFor(shop.domain), SMS_CONSENT_UPDATE, {
      input: {
        customerId: customer.shopifyId,
        smsMarketingConsent: {
          marketingState: "UNSUBSCRIBED",
          marketingOptInLevel: "SINGLE_OPT_IN",
          consentUpdatedAt: now.toISOString(),
        },
      },
    });
    const errors = data.customerSmsMarketingConsentUpdate?.userErrors ?? [];
    return errors.length ? `Shopify: ${errors.map((e) => e.message).join("; ")}` : null;
  } catch (error) {
    if (error instanceof AdminApiError) return `Shopify not updated: ${error.message}`;
    throw error;
  }
}
