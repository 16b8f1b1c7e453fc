// Each integration's status, last sync and last error, derived from facts read by
// integrations.server.ts. Pure, so every rule below has a test with plain inputs.
// The three statuses (spec: connected, disconnected, pending) mean
// (docs/decisions/047-integration-health.md):
//   connected     it works end to end now;
//   pending       nothing is broken, one named step is left (a grant, a setting, the first import);
//   disconnected  it cannot work: not installed, access withdrawn, not configured, or its last attempt failed.
import { APP_LINKS } from "~/content/site";
import { formatInstant } from "~/lib/dates";
import {
  ANALYTICS_SCOPE,
  SCOPE_FEATURES,
  missingScopes,
  scopeRows,
  type ScopeRow,
} from "~/features/settings/shopify-access";
import type { AdControlsData, AdPlatform } from "~/features/ad-platforms";

export type IntegrationStatus = "connected" | "disconnected" | "pending";
export type IntegrationId = "shopify" | "shopify-analytics" | "email" | "stripe" | "paypal" | AdPlatform;
export type IntegrationError = { at: string | null; message: string };

export type IntegrationRow = {
  id: IntegrationId;
  name: string;
  description: string;
  status: IntegrationStatus;
  /** One sentence saying why the status is what it is, and the step left when there is one. */
  detail: string;
  /** ISO instant of the last sync, and what a sync is for this integration. */
  lastSync: string | null;
  lastSyncLabel: string;
  lastError: IntegrationError | null;
  setup?: { label: string; url: string };
  /** An ad platform's controls: connect, accounts, sync, disconnect. */
  ads?: AdControlsData;
};

export type TopicRow = {
  topic: string;
  lastDelivery: { at: string; outcome: string } | null;
  lastFailure: { at: string; reason: string } | null;
};

export type ShopifyDetails = { scopes: ScopeRow[]; topics: TopicRow[] };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);

type Failure = { at: Date; message: string };
const latestFailure = (...failures: (Failure | null)[]) =>
  failures.reduce<Failure | null>((a, b) => (b && (!a || b.at > a.at) ? b : a), null);
const asError = (f: Failure | null): IntegrationError | null => f && { at: f.at.toISOString(), message: f.message };

export type ShopifyFacts = {
  installed: boolean;
  /** null: no offline session; false: its token expired and cannot be refreshed. */
  sessionUsable: boolean | null;
  requested: string[];
  granted: string[];
  lastImportSucceeded: Date | null;
  importActive: boolean;
  lastImportFailure: Failure | null;
  /** The last data webhook whose effect ran: the store is kept in sync by them after the import. */
  lastWebhookApplied: Date | null;
  lastWebhookRejected: (Failure & { topic: string }) | null;
  /** The demo store (Shop.isDemo): its data was seeded, so no import is due. */
  seeded: boolean;
};

const TOPIC_NOUNS: Record<string, string> = {
  orders: "order",
  refunds: "refund",
  products: "product",
  collections: "collection",
  customers: "customer",
  inventory_levels: "stock level",
  inventory_items: "inventory item",
  app: "app",
  app_subscriptions: "subscription",
  shop: "shop",
};
const TOPIC_VERBS: Record<string, string> = {
  create: "new",
  updated: "updated",
  update: "updated",
  delete: "deleted",
  cancelled: "cancelled",
  redact: "erasure request for a",
  data_request: "data request for a",
  uninstalled: "uninstall of the",
  scopes_update: "permission change of the",
};

/** "orders/updated" → "an updated order"; an unknown topic reads as itself. */
export function topicLabel(topic: string): string {
  const [resource = "", event = ""] = topic.split("/");
  const noun = TOPIC_NOUNS[resource];
  const verb = TOPIC_VERBS[event];
  if (!noun || !verb) return `a ${topic} notification`;
  const phrase = `${verb} ${noun}`;
  return /^[aeiou]/.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

/** "line_items.0.price" → "line item 1 price". */
function fieldPath(path: string): string {
  const parts = path.trim().split(".");
  return parts
    .map((p, i) => {
      if (/^\d+$/.test(p)) return String(Number(p) + 1);
      const words = p.replace(/_/g, " ");
      return /^\d+$/.test(parts[i + 1] ?? "") ? words.replace(/s$/, "") : words;
    })
    .join(" ");
}

/**
 * A rejected webhook delivery as the merchant reads it: what was skipped and why, in words,
 * from the reason the receiver recorded (platform/webhooks.server.ts).
 */
export function webhookFailureText(topic: string, reason: string): string {
  const what = topicLabel(topic);
  const skipped = `Shopify sent ${what} that the app could not use, so it was skipped`;
  const fields = (list: string) =>
    list
      .split(",")
      .map((f) => (f.trim() === "(body)" ? "the whole message" : fieldPath(f)))
      .join(", ");
  const mismatch = /^payload does not match [^:]+: (.+)$/.exec(reason);
  if (mismatch) return `${skipped}: unexpected or missing values (${fields(mismatch[1]!)}).`;
  const unstorable = /^text that cannot be stored at: (.+)$/.exec(reason);
  if (unstorable) return `${skipped}: it holds characters that cannot be saved (${fields(unstorable[1]!)}).`;
  if (reason.startsWith("the payload could not be read")) return `${skipped}: it could not be read.`;
  if (reason.startsWith("the payload could not be applied"))
    return `${skipped}: it could not be applied to the store's data.`;
  return `${skipped} (${reason}).`;
}

const MAIL_ERRORS: [RegExp, string][] = [
  [/ECONNREFUSED|ENOTFOUND|EAI_AGAIN/, "the mail server could not be reached"],
  [/ETIMEDOUT|ESOCKET|timeout/i, "the mail server did not answer in time"],
  [/EAUTH|authenticat/i, "the mail server did not accept the app's login"],
];

/** A delivery failure the outbox recorded, in words; a server's own sentence is kept as it is. */
export function mailFailureText(message: string): string {
  const known = MAIL_ERRORS.find(([pattern]) => pattern.test(message));
  return known ? `The last message was not delivered: ${known[1]}. Check SMTP_URL.` : message;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function shopifyStatus(f: ShopifyFacts): { status: IntegrationStatus; detail: string } {
  if (!f.installed) return { status: "disconnected", detail: "The app is not installed on this store." };
  if (f.sessionUsable === null)
    return { status: "disconnected", detail: "No access token: open the app from the Shopify admin to reconnect." };
  if (!f.sessionUsable)
    return {
      status: "disconnected",
      detail: "Shopify access expired: open the app from the Shopify admin to renew it.",
    };
  const missing = missingScopes(f.requested, f.granted);
  if (missing.length)
    return {
      status: "pending",
      detail: `${plural(missing.length, "requested permission is", "requested permissions are")} not granted (${missing.join(", ")}): approve them in the Shopify admin.`,
    };
  if (!f.lastImportSucceeded && f.seeded)
    return {
      status: "connected",
      detail: "Every requested permission is granted. The demo store's data was seeded rather than imported.",
    };
  if (!f.lastImportSucceeded && f.importActive)
    return { status: "pending", detail: "The first import of the store's data is running." };
  if (!f.lastImportSucceeded)
    return { status: "pending", detail: "The store's data has not been imported yet: start it in Settings → Data." };
  return { status: "connected", detail: "Every requested permission is granted; webhooks keep the data in sync." };
}

export function shopifyRow(f: ShopifyFacts): IntegrationRow {
  return {
    id: "shopify",
    name: "Shopify",
    description: "Orders, products, inventory and customers, imported and kept in sync by webhooks.",
    ...shopifyStatus(f),
    lastSync: iso(latest(f.lastImportSucceeded, f.lastWebhookApplied)),
    lastSyncLabel: "Last import or webhook applied",
    lastError: asError(
      latestFailure(
        f.lastImportFailure && { ...f.lastImportFailure, message: `Import failed: ${f.lastImportFailure.message}` },
        f.lastWebhookRejected && {
          at: f.lastWebhookRejected.at,
          message: webhookFailureText(f.lastWebhookRejected.topic, f.lastWebhookRejected.message),
        },
      ),
    ),
    setup:
      f.installed && (f.lastImportSucceeded || f.seeded)
        ? undefined
        : { label: "Store data", url: "/settings?tab=data" },
  };
}

export function shopifyDetails(f: Pick<ShopifyFacts, "requested" | "granted">, topics: TopicRow[]): ShopifyDetails {
  return { scopes: scopeRows(f.requested, f.granted), topics };
}

export function analyticsRow(f: { requested: string[]; granted: string[]; shopifyConnected: boolean }): IntegrationRow {
  const base = {
    id: "shopify-analytics" as const,
    name: "Shopify analytics",
    description: `Online store sessions and the conversion funnel, read with the ${ANALYTICS_SCOPE} permission.`,
    lastSync: null,
    lastSyncLabel: "Last import",
    lastError: null,
  };
  if (f.granted.includes(ANALYTICS_SCOPE) && f.shopifyConnected)
    return { ...base, status: "connected", detail: `${ANALYTICS_SCOPE} is granted.` };
  const notAsked = f.requested.includes(ANALYTICS_SCOPE) ? "" : " The app does not ask for it yet.";
  return {
    ...base,
    status: "disconnected",
    detail: `Grant ${ANALYTICS_SCOPE} to import sessions and the funnel.${notAsked} Without it: ${SCOPE_FEATURES[ANALYTICS_SCOPE].join(", ").toLowerCase()}.`,
  };
}

export type EmailFacts = {
  smtpConfigured: boolean;
  lastSent: Date | null;
  /** The last message kept in the outbox (every message is, with or without SMTP). */
  lastStored: Date | null;
  lastFailure: Failure | null;
};

export function emailRow(f: EmailFacts): IntegrationRow {
  const base = {
    id: "email" as const,
    name: "E-mail",
    description: "Invoices, reminders and data-export links, sent by the app's mail server.",
    lastError: asError(f.lastFailure && { ...f.lastFailure, message: mailFailureText(f.lastFailure.message) }),
  };
  if (!f.smtpConfigured)
    return {
      ...base,
      status: "pending",
      detail:
        "Outbox only: no mail server is configured (SMTP_URL), so messages are kept in the outbox and not delivered.",
      lastSync: iso(f.lastStored),
      lastSyncLabel: "Last kept in the outbox",
    };
  const failedLast = !!f.lastFailure && (!f.lastSent || f.lastFailure.at > f.lastSent);
  return {
    ...base,
    status: failedLast ? "disconnected" : "connected",
    detail: failedLast
      ? "The mail server refused the last message: check SMTP_URL and the server."
      : "Messages are delivered through the configured mail server.",
    lastSync: iso(f.lastSent),
    lastSyncLabel: "Last sent",
  };
}

export function stripeRow(f: { secretKey: boolean; webhookSecret: boolean; lastPayment: Date | null }): IntegrationRow {
  const base = {
    id: "stripe" as const,
    name: "Stripe",
    description: "Card payments on invoices through Stripe Checkout.",
    lastSync: iso(f.lastPayment),
    lastSyncLabel: "Last payment reported by Stripe",
    lastError: null,
    setup: { label: "Invoice settings", url: APP_LINKS.invoiceSettings },
  };
  if (!f.secretKey)
    return {
      ...base,
      status: "disconnected",
      detail: "The app's Stripe keys are not configured (STRIPE_SECRET_KEY): invoices show your payment instructions.",
    };
  if (!f.webhookSecret)
    return {
      ...base,
      status: "pending",
      detail:
        "Card links work, but without STRIPE_WEBHOOK_SECRET a payment does not mark the invoice paid: mark it by hand.",
    };
  return { ...base, status: "connected", detail: "Card links on invoices; Stripe's signed webhook marks them paid." };
}

export function paypalRow(f: { paypalMeUrl: string | null; lastPayment: Date | null }): IntegrationRow {
  return {
    id: "paypal",
    name: "PayPal",
    description: "Invoice payments through your PayPal.Me link, amount and currency filled in.",
    status: f.paypalMeUrl ? "connected" : "pending",
    detail: f.paypalMeUrl
      ? `Invoices paid by PayPal link to ${f.paypalMeUrl}.`
      : "Add your PayPal.Me link in invoice settings to offer PayPal on invoices.",
    lastSync: iso(f.lastPayment),
    lastSyncLabel: "Last PayPal invoice marked paid",
    lastError: null,
    setup: { label: "Invoice settings", url: APP_LINKS.invoiceSettings },
  };
}

/** What the Integrations tab shows: every instant as text in the shop's time zone, every error in words. */
export type IntegrationView = Omit<IntegrationRow, "lastSync" | "lastError"> & {
  lastSyncText: string;
  lastErrorText: string | null;
};
export type TopicView = { topic: string; label: string; lastDeliveryText: string; lastFailureText: string | null };
export type IntegrationsView = {
  rows: IntegrationView[];
  scopes: ScopeRow[];
  topics: TopicView[];
  lastDeliveryText: string;
  failingTopics: number;
};

const OUTCOME: Record<string, string> = { applied: "Applied", ignored: "Ignored", rejected: "Rejected" };

export function integrationsView(
  data: { rows: IntegrationRow[]; shopify: ShopifyDetails },
  timeZone: string,
): IntegrationsView {
  const when = (iso: string | null) => (iso ? formatInstant(iso, timeZone) : "Never");
  const { topics } = data.shopify;
  const latest = topics.map((t) => t.lastDelivery?.at ?? "").reduce((a, b) => (b > a ? b : a), "");
  return {
    rows: data.rows.map(({ lastSync, lastError, ...row }) => ({
      ...row,
      lastSyncText: when(lastSync),
      lastErrorText: lastError && (lastError.at ? `${lastError.message} (${when(lastError.at)})` : lastError.message),
    })),
    scopes: data.shopify.scopes,
    topics: topics.map((t) => ({
      topic: t.topic,
      label: topicLabel(t.topic),
      lastDeliveryText: t.lastDelivery
        ? `${when(t.lastDelivery.at)} · ${OUTCOME[t.lastDelivery.outcome] ?? t.lastDelivery.outcome}`
        : "Never",
      lastFailureText:
        t.lastFailure && `${when(t.lastFailure.at)}: ${webhookFailureText(t.topic, t.lastFailure.reason)}`,
    })),
    lastDeliveryText: when(latest || null),
    failingTopics: topics.filter((t) => t.lastFailure).length,
  };
}
