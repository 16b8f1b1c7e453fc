// The only place that calls shopifyApp(). The app is built on first use, so the
// demo (which has no Shopify credentials) never constructs it.
import "@shopify/shopify-app-remix/adapters/node";
import {
  ApiVersion,
  AppDistribution,
  LogSeverity,
  shopifyApp,
} from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { prisma } from "./db.server";
import { env } from "./env.server";
import { BILLING_CONFIG } from "./lib/billing-config.server";
import { getShopByDomain, syncShopFromAdmin } from "./models/shop.server";
import { importAfterAuth } from "./services/shopify-sync/jobs.server";

function createShopifyApp(config: NonNullable<typeof env.shopify>) {
  return shopifyApp({
    apiKey: config.apiKey,
    apiSecretKey: config.apiSecret,
    apiVersion: ApiVersion.October26,
    scopes: config.scopes,
    appUrl: config.appUrl,
    authPathPrefix: "/auth",
    logger: { level: env.nodeEnv === "test" ? LogSeverity.Error : LogSeverity.Info },
    // The session storage's types follow the SQLite client; both engines' clients share the API.
    sessionStorage: new PrismaSessionStorage(prisma as never),
    distribution: AppDistribution.AppStore,
    // Pro, monthly or annual, with the 7-day trial (app/lib/plans.ts is the price list).
    billing: BILLING_CONFIG,
    future: {
      unstable_newEmbeddedAuthStrategy: true,
      expiringOfflineAccessTokens: true,
    },
    hooks: {
      afterAuth: async ({ session, admin }) => {
        const before = await getShopByDomain(session.shop);
        const shop = await syncShopFromAdmin(session.shop, admin.graphql);
        // Queues the full store import (it runs in the background, not in this request).
        await importAfterAuth(shop.id, { reinstalled: !before || !!before.uninstalledAt, scope: session.scope }).catch((error) =>
          console.error("[store-sync] could not queue the import", error),
        );
      },
    },
    ...(config.customShopDomains.length ? { customShopDomains: config.customShopDomains } : {}),
  });
}

export type ShopifyApp = ReturnType<typeof createShopifyApp>;

let instance: ShopifyApp | undefined;

export class ShopifyNotConfiguredError extends Error {
  constructor() {
    super("Shopify is not configured: set SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_APP_URL and SCOPES, or run `npm run demo`.");
  }
}

export function shopify(): ShopifyApp {
  if (!env.shopify) throw new ShopifyNotConfiguredError();
  instance ??= createShopifyApp(env.shopify);
  return instance;
}

export function isShopifyConfigured(): boolean {
  return env.shopify !== null;
}

export const apiVersion = ApiVersion.October26;
