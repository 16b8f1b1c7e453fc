// Settings → Integrations: the facts behind each row, read for one shop. A read-only
// health summary, so it reads the tables that record each integration's activity
// (sessions, import runs, webhook deliveries, the outbox, invoice payments) directly,
// every query filtered by the shop (docs/decisions/047-integration-health.md).
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { offlineGrant } from "~/features/shop/index.server";
import {
  analyticsRow,
  emailRow,
  paypalRow,
  shopifyDetails,
  shopifyRow,
  stripeRow,
  type IntegrationRow,
  type ShopifyDetails,
  type TopicRow,
} from "~/features/settings/integration-status";
import { adPlatformRow } from "~/features/ad-platforms";
import { adPlatformFacts } from "~/features/ad-platforms/index.server";
import { APP_TOML_SCOPES, WEBHOOK_TOPICS, parseScopes } from "~/features/settings/shopify-access";

export type IntegrationsConfig = {
  requestedScopes: string[];
  smtpConfigured: boolean;
  stripe: { secretKey: boolean; webhookSecret: boolean };
};

/** The app's side of each integration, from the validated environment. */
export function integrationsConfig(): IntegrationsConfig {
  return {
    requestedScopes: env.shopify?.scopes ?? APP_TOML_SCOPES,
    smtpConfigured: !!env.mail.smtpUrl,
    stripe: { secretKey: !!env.stripe, webhookSecret: !!env.stripe?.webhookSecret },
  };
}

export type Integrations = { rows: IntegrationRow[]; shopify: ShopifyDetails };

type ShopRef = { id: string; domain: string; uninstalledAt: Date | null; isDemo: boolean };

/** Last delivery and last rejection per subscribed topic. Deliveries are keyed by domain: rejected ones carry no shopId. */
async function topicRows(shop: ShopRef): Promise<TopicRow[]> {
  const groups = await prisma.webhookDelivery.groupBy({
    by: ["topic", "outcome"],
    where: { shopDomain: shop.domain },
    _max: { receivedAt: true },
  });
  const rejectedAt = groups.filter((g) => g.outcome === "rejected" && g._max.receivedAt);
  const rejected = rejectedAt.length
    ? await prisma.webhookDelivery.findMany({
        where: {
          shopDomain: shop.domain,
          outcome: "rejected",
          OR: rejectedAt.map((g) => ({ topic: g.topic, receivedAt: g._max.receivedAt! })),
        },
        select: { topic: true, receivedAt: true, reason: true },
      })
    : [];
  const topics = [...WEBHOOK_TOPICS, ...new Set(groups.map((g) => g.topic))].filter(
    (t, i, all) => all.indexOf(t) === i,
  );
  return topics.map((topic) => {
    const last = groups
      .filter((g) => g.topic === topic && g._max.receivedAt)
      .sort((a, b) => b._max.receivedAt!.getTime() - a._max.receivedAt!.getTime())[0];
    const failure = rejected.find((r) => r.topic === topic);
    return {
      topic,
      lastDelivery: last ? { at: last._max.receivedAt!.toISOString(), outcome: last.outcome } : null,
      lastFailure: failure ? { at: failure.receivedAt.toISOString(), reason: failure.reason ?? "rejected" } : null,
    };
  });
}

async function shopifyFacts(shop: ShopRef, requested: string[], now: Date) {
  const shopId = shop.id;
  const [grant, succeeded, failed, active, applied] = await Promise.all([
    offlineGrant(shop.domain, now),
    prisma.importRun.findFirst({
      where: { shopId, status: "succeeded" },
      orderBy: { finishedAt: "desc" },
      select: { finishedAt: true },
    }),
    prisma.importRun.findFirst({
      where: { shopId, status: "failed" },
      orderBy: { startedAt: "desc" },
      select: { finishedAt: true, updatedAt: true, error: true },
    }),
    prisma.importRun.count({ where: { shopId, status: { in: ["queued", "running"] } } }),
    prisma.webhookDelivery.findFirst({
      where: { shopDomain: shop.domain, outcome: "applied" },
      orderBy: { receivedAt: "desc" },
      select: { receivedAt: true },
    }),
  ]);
  return {
    installed: !shop.uninstalledAt,
    seeded: shop.isDemo,
    sessionUsable: grant ? grant.usable : null,
    requested,
    granted: parseScopes(grant?.scope),
    lastImportSucceeded: succeeded?.finishedAt ?? null,
    importActive: active > 0,
    lastImportFailure: failed && {
      at: failed.finishedAt ?? failed.updatedAt,
      message: failed.error ?? "no reason recorded",
    },
    lastWebhookApplied: applied?.receivedAt ?? null,
  };
}

async function emailFacts(shopId: string, smtpConfigured: boolean) {
  const [sent, stored, failed] = await Promise.all([
    prisma.outboxMessage.findFirst({
      where: { shopId, status: "sent" },
      orderBy: { sentAt: "desc" },
      select: { sentAt: true },
    }),
    prisma.outboxMessage.findFirst({ where: { shopId }, orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
    prisma.outboxMessage.findFirst({
      where: { shopId, status: "failed" },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true, error: true },
    }),
  ]);
  return {
    smtpConfigured,
    lastSent: sent?.sentAt ?? null,
    lastStored: stored?.createdAt ?? null,
    lastFailure: failed && { at: failed.createdAt, message: failed.error ?? "Delivery failed." },
  };
}

/** Invoice payments: Stripe's are the "paid" events its webhook wrote; PayPal's are invoices paid by that method. */
async function paymentFacts(shopId: string) {
  const [stripePaid, paypalPaid, settings] = await Promise.all([
    prisma.invoiceEvent.findFirst({
      where: { shopId, type: "paid", actor: "stripe" },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true },
    }),
    prisma.invoice.findFirst({
      where: { shopId, paymentMethod: "paypal", paidAt: { not: null } },
      orderBy: { paidAt: "desc" },
      select: { paidAt: true },
    }),
    prisma.invoiceSettings.findUnique({ where: { shopId }, select: { paypalMeUrl: true } }),
  ]);
  return {
    lastStripePayment: stripePaid?.createdAt ?? null,
    lastPaypalPayment: paypalPaid?.paidAt ?? null,
    paypalMeUrl: settings?.paypalMeUrl ?? null,
  };
}

/** Every integration row of the shop, and the Shopify row's scopes and webhook topics. */
export async function getIntegrations(
  shop: ShopRef,
  config: IntegrationsConfig = integrationsConfig(),
  now = new Date(),
): Promise<Integrations> {
  const [shopify, topics, email, payments, ads] = await Promise.all([
    shopifyFacts(shop, config.requestedScopes, now),
    topicRows(shop),
    emailFacts(shop.id, config.smtpConfigured),
    paymentFacts(shop.id),
    adPlatformFacts(shop.id),
  ]);
  const lastRejected = topics
    .filter((t) => t.lastFailure)
    .sort((a, b) => b.lastFailure!.at.localeCompare(a.lastFailure!.at))[0];
  const shopifyRowData = shopifyRow({
    ...shopify,
    lastWebhookRejected: lastRejected
      ? {
          topic: lastRejected.topic,
          at: new Date(lastRejected.lastFailure!.at),
          message: lastRejected.lastFailure!.reason,
        }
      : null,
  });
  return {
    rows: [
      shopifyRowData,
      analyticsRow({ ...shopify, shopifyConnected: shopifyRowData.status !== "disconnected" }),
      emailRow(email),
      stripeRow({ ...config.stripe, lastPayment: payments.lastStripePayment }),
      paypalRow({ paypalMeUrl: payments.paypalMeUrl, lastPayment: payments.lastPaypalPayment }),
      ...ads.map(adPlatformRow),
    ],
    shopify: shopifyDetails(shopify, topics),
  };
}
