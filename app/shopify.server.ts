// The only place that calls shopifyApp(). The app is built on first use, so the
// demo (which has no Shopify credentials) never constructs it. It knows no feature:
// the billing plans and what happens after an install are handed to it by the
// composition root (app/jobs.server.ts) through configureShopify().
import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { prisma } from "~/db.server";
import { env } from "~/env.server";

type AppConfig = Parameters<typeof shopifyApp>[0];
type AfterAuth = NonNullable<NonNullable<AppConfig["hooks"]>["afterAuth"]>;

/** What the features add to the Shopify app: the Billing API plans and the after-install hook. */
export type ShopifyWiring<Billing extends AppConfig["billing"]> = { billing: Billing; afterAuth: AfterAuth };

let wiring: ShopifyWiring<AppConfig["billing"]> | null = null;

export function configureShopify<Billing extends AppConfig["billing"]>(w: ShopifyWiring<Billing>): void {
  wiring = w;
}

function createShopifyApp(
  config: NonNullable<typeof env.shopify>,
  { billing, afterAuth }: ShopifyWiring<AppConfig["billing"]>,
) {
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
    // Online access tokens as well as the offline one: the user's name, e-mail and owner
    // flag identify the staff member on every request (docs/decisions/045-team-and-roles.md).
    useOnlineTokens: true,
    billing,
    future: {
      unstable_newEmbeddedAuthStrategy: true,
      expiringOfflineAccessTokens: true,
    },
    hooks: { afterAuth },
    ...(config.customShopDomains.length ? { customShopDomains: config.customShopDomains } : {}),
  });
}

export type ShopifyApp = ReturnType<typeof createShopifyApp>;

let instance: ShopifyApp | undefined;

export class ShopifyNotConfiguredError extends Error {
  constructor() {
    super(
      "Shopify is not configured: set SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_APP_URL and SCOPES, or run `npm run demo`.",
    );
  }
}

export function shopify(): ShopifyApp {
  if (!env.shopify) throw new ShopifyNotConfiguredError();
  if (!wiring) throw new Error("app/jobs.server.ts (the composition root) must be imported before shopify() is used.");
  instance ??= createShopifyApp(env.shopify, wiring);
  return instance;
}

export function isShopifyConfigured(): boolean {
  return env.shopify !== null;
}

export const apiVersion = ApiVersion.October26;
