// The composition root: the one module that knows every feature and plugs them into
// the integration points, which know none. It registers every feature's jobs on the
// process-wide queue, hands the store import an Admin API client factory, and gives
// the Shopify app its billing plans and its after-install hook. Loaded by the server
// entry (app/entry.server.tsx) before any request, and by the database tests' setup.
import { queueTrafficBackfill, registerAnalyticsJobs } from "~/features/analytics/index.server";
import { BILLING_CONFIG } from "~/features/billing/index.server";
import { registerAdPlatformJobs } from "~/features/ad-platforms/index.server";
import { registerInvoiceJobs } from "~/features/invoices/index.server";
import { registerAuditJobs } from "~/features/audit/index.server";
import { registerCustomerJobs, rescoreCustomer } from "~/features/customers/index.server";
import { registerInventoryJobs } from "~/features/inventory/index.server";
import { registerInsightJobs } from "~/features/insights/index.server";
import { registerPublicApiJobs } from "~/features/public-api/index.server";
import { recordCheckout, registerEngagementJobs } from "~/features/engagement/index.server";
import { redeemPerkCodes, registerDigitalAssetJobs } from "~/features/digital-assets/index.server";
import { registerPrivacyJobs } from "~/features/privacy/index.server";
import { registerProfitJobs } from "~/features/profit/index.server";
import { postShopifyOrder, registerLoyaltyJobs } from "~/features/loyalty/index.server";
import { registerNotificationJobs } from "~/features/shop/index.server";
import { getShopByDomain, syncShopFromAdmin } from "~/features/shop/index.server";
import { registerSettingsJobs } from "~/features/settings/index.server";
import {
  importAfterAuth,
  onCheckoutImported,
  onCustomerChanged,
  onOrderChanged,
  registerStoreSyncJobs,
  type AdminClientFactory,
} from "~/features/store-sync/index.server";
import { registerTelemetryJobs, startRecording } from "~/features/telemetry/index.server";
import { setJobRegistrar, type JobQueue } from "~/platform/jobs/index.server";
import { configureShopify, shopify } from "~/shopify.server";
import { describeError } from "~/lib/log-safe";

/** An Admin API client for a shop's offline session, for work that runs outside a request. */
export const shopifyAdminFor: AdminClientFactory = async (shopDomain) => {
  const { admin } = await shopify().unauthenticated.admin(shopDomain);
  return { graphql: admin.graphql };
};

/** Every feature's handlers and schedules. Add a line for yours. */
export function registerAllJobs(queue: JobQueue) {
  registerInvoiceJobs(queue);
  registerAuditJobs(queue);
  registerNotificationJobs(queue);
  registerSettingsJobs(queue);
  registerStoreSyncJobs(queue, { adminFor: shopifyAdminFor });
  registerTelemetryJobs(queue);
  registerAnalyticsJobs(queue, { adminFor: shopifyAdminFor });
  registerCustomerJobs(queue, { adminFor: shopifyAdminFor });
  registerInventoryJobs(queue);
  registerLoyaltyJobs(queue);
  registerAdPlatformJobs(queue);
  registerInsightJobs(queue);
  registerEngagementJobs(queue, { adminFor: async (domain) => (await shopifyAdminFor(domain)).graphql });
  registerDigitalAssetJobs(queue);
  registerPublicApiJobs(queue);
  registerPrivacyJobs(queue);
  registerProfitJobs(queue);
}

// An order, refund or customer webhook rescores that customer in the same transaction.
onCustomerChanged(async (tx, shop, customerId) => void (await rescoreCustomer(tx, shop, customerId)));
// An order or refund webhook posts that order's loyalty points (award, refunds, cancellation),
// once each, and marks a loyalty reward code it used as used, in the same transaction.
onOrderChanged((tx, shop, orderShopifyId, codes) => postShopifyOrder(tx, shop, orderShopifyId, codes));
// …and counts a holder perk code it used as redeemed (digital assets).
onOrderChanged(
  async (tx, shop, orderShopifyId, codes) => void (await redeemPerkCodes(tx, shop.id, orderShopifyId, codes)),
);

// The import's abandoned checkouts go through the checkout webhooks' upsert (engagement).
onCheckoutImported((db, shopId, checkout) => recordCheckout(db, shopId, checkout));

setJobRegistrar(registerAllJobs);

// Each admin request's server and database time, recorded in batches (off with TELEMETRY=off).
startRecording();

configureShopify({
  // Pro, monthly or annual, with the 7-day trial (app/features/billing/plans.ts is the price list).
  billing: BILLING_CONFIG,
  afterAuth: async ({ session, admin }) => {
    const before = await getShopByDomain(session.shop);
    const shop = await syncShopFromAdmin(session.shop, admin.graphql);
    // Queues the full store import (it runs in the background, not in this request).
    await importAfterAuth(shop.id, { reinstalled: !before || !!before.uninstalledAt, scope: session.scope }).catch(
      (error) => console.error(`[store-sync] could not queue the import: ${describeError(error)}`),
    );
    // Sessions, sources and the funnel for the timeframes, read from Shopify's analytics (a year back).
    await queueTrafficBackfill(shop.id).catch((error) =>
      console.error(`[analytics] could not queue the traffic backfill: ${describeError(error)}`),
    );
  },
});
