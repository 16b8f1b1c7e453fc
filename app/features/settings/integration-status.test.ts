import { describe, expect, it } from "vitest";
import {
  analyticsRow,
  emailRow,
  integrationsView,
  mailFailureText,
  paypalRow,
  shopifyRow,
  webhookFailureText,
  stripeRow,
  type ShopifyFacts,
} from "~/features/settings/integration-status";

const at = (s: string) => new Date(`2025-03-0${s}Z`);
const REQUESTED = ["read_orders", "read_products"];

const healthy: ShopifyFacts = {
  installed: true,
  sessionUsable: true,
  requested: REQUESTED,
  granted: REQUESTED,
  lastImportSucceeded: at("1T10:00:00"),
  importActive: false,
  lastImportFailure: null,
  lastWebhookApplied: null,
  lastWebhookRejected: null,
  seeded: false,
};

describe("Shopify row", () => {
  it("connected when installed, with a usable token, every scope granted and an import done", () => {
    const row = shopifyRow(healthy);
    expect(row.status).toBe("connected");
    expect(row.lastSync).toBe("2025-03-01T10:00:00.000Z");
    expect(row.lastError).toBeNull();
  });

  it("disconnected when uninstalled, without a session, or with an expired one", () => {
    expect(shopifyRow({ ...healthy, installed: false }).status).toBe("disconnected");
    expect(shopifyRow({ ...healthy, sessionUsable: null }).detail).toMatch(/No access token/);
    expect(shopifyRow({ ...healthy, sessionUsable: false }).detail).toMatch(/expired/);
  });

  it("pending while a requested scope is not granted, naming it", () => {
    const row = shopifyRow({ ...healthy, granted: ["read_products"] });
    expect(row.status).toBe("pending");
    expect(row.detail).toContain("1 requested permission is not granted (read_orders)");
  });

  it("pending before the first import, saying whether it runs", () => {
    const none = { ...healthy, lastImportSucceeded: null };
    expect(shopifyRow({ ...none, importActive: true }).detail).toMatch(/running/);
    expect(shopifyRow(none)).toMatchObject({ status: "pending", setup: { url: "/settings?tab=data" } });
  });

  it("the demo store's seeded data stands in for an import", () => {
    const row = shopifyRow({
      ...healthy,
      lastImportSucceeded: null,
      seeded: true,
      lastWebhookApplied: at("2T08:00:00"),
    });
    expect(row).toMatchObject({ status: "connected", lastSync: "2025-03-02T08:00:00.000Z" });
    expect(row.detail).toMatch(/seeded rather than imported/);
    expect(shopifyRow({ ...healthy, lastImportSucceeded: null, seeded: true, granted: [] }).status).toBe("pending");
  });

  it("last sync is the later of the import and the last applied webhook", () => {
    expect(shopifyRow({ ...healthy, lastWebhookApplied: at("2T08:00:00") }).lastSync).toBe("2025-03-02T08:00:00.000Z");
  });

  it("last error is the most recent of a failed import and a rejected webhook", () => {
    const row = shopifyRow({
      ...healthy,
      lastImportFailure: { at: at("1T09:00:00"), message: "bulk operation failed" },
      lastWebhookRejected: {
        at: at("3T09:00:00"),
        topic: "orders/updated",
        message: "payload does not match orders/updated: line_items.0.price",
      },
    });
    expect(row.lastError).toEqual({
      at: "2025-03-03T09:00:00.000Z",
      message:
        "Shopify sent an updated order that the app could not use, so it was skipped: unexpected or missing values (line item 1 price).",
    });
    expect(row.status).toBe("connected");
  });
});

describe("Shopify analytics row", () => {
  it("connected only when read_reports is granted", () => {
    expect(analyticsRow({ requested: [], granted: ["read_reports"], shopifyConnected: true }).status).toBe("connected");
    const row = analyticsRow({ requested: ["read_reports"], granted: [], shopifyConnected: true });
    expect(row.status).toBe("disconnected");
    expect(row.detail).toMatch(/^Grant read_reports to import sessions and the funnel\. Without it/);
  });

  it("says when the app does not ask for the scope yet; a disconnected store disconnects it", () => {
    expect(analyticsRow({ requested: [], granted: [], shopifyConnected: true }).detail).toContain(
      "The app does not ask for it yet.",
    );
    expect(analyticsRow({ requested: [], granted: ["read_reports"], shopifyConnected: false }).status).toBe(
      "disconnected",
    );
  });
});

describe("E-mail row", () => {
  it("outbox only without SMTP: pending, last sync is the last message kept", () => {
    const row = emailRow({ smtpConfigured: false, lastSent: null, lastStored: at("2T00:00:00"), lastFailure: null });
    expect(row).toMatchObject({ status: "pending", lastSync: "2025-03-02T00:00:00.000Z" });
    expect(row.detail).toMatch(/^Outbox only/);
  });

  it("connected with SMTP; disconnected when the last attempt failed after the last success", () => {
    const sent = at("2T00:00:00");
    const failure = { at: at("3T00:00:00"), message: "Delivery failed: the mail server did not accept the message." };
    expect(emailRow({ smtpConfigured: true, lastSent: sent, lastStored: sent, lastFailure: null }).status).toBe(
      "connected",
    );
    const failed = emailRow({ smtpConfigured: true, lastSent: sent, lastStored: sent, lastFailure: failure });
    expect(failed.status).toBe("disconnected");
    expect(failed.lastError?.message).toBe(failure.message);
    const recovered = emailRow({
      smtpConfigured: true,
      lastSent: at("4T00:00:00"),
      lastStored: null,
      lastFailure: failure,
    });
    expect(recovered.status).toBe("connected");
    expect(recovered.lastError?.at).toBe("2025-03-03T00:00:00.000Z");
  });
});

describe("payment rows", () => {
  it("Stripe: disconnected without keys, pending without the webhook secret, connected with both", () => {
    const lastPayment = at("1T00:00:00");
    expect(stripeRow({ secretKey: false, webhookSecret: false, lastPayment }).status).toBe("disconnected");
    expect(stripeRow({ secretKey: true, webhookSecret: false, lastPayment }).status).toBe("pending");
    const row = stripeRow({ secretKey: true, webhookSecret: true, lastPayment });
    expect(row).toMatchObject({ status: "connected", lastSync: "2025-03-01T00:00:00.000Z" });
  });

  it("PayPal: connected with a PayPal.Me link, pending otherwise", () => {
    expect(paypalRow({ paypalMeUrl: "https://paypal.me/shop", lastPayment: null }).status).toBe("connected");
    expect(paypalRow({ paypalMeUrl: null, lastPayment: null })).toMatchObject({ status: "pending", lastSync: null });
  });
});

describe("what the Integrations tab shows", () => {
  it("says in words why a webhook was skipped, for every reason the receiver records", () => {
    expect(webhookFailureText("products/update", "text that cannot be stored at: title, variants.2.sku")).toBe(
      "Shopify sent an updated product that the app could not use, so it was skipped: it holds characters that cannot be saved (title, variant 3 sku).",
    );
    expect(webhookFailureText("orders/create", "the payload could not be read (SyntaxError)")).toBe(
      "Shopify sent a new order that the app could not use, so it was skipped: it could not be read.",
    );
    expect(webhookFailureText("refunds/create", "the payload could not be applied (RangeError)")).toMatch(
      /^Shopify sent a new refund .* could not be applied to the store's data\.$/,
    );
    expect(webhookFailureText("orders/updated", "payload does not match orders/updated: (body)")).toMatch(
      /\(the whole message\)\.$/,
    );
  });

  it("says in words why mail failed when the cause is known", () => {
    expect(mailFailureText("connect ECONNREFUSED 127.0.0.1:587")).toBe(
      "The last message was not delivered: the mail server could not be reached. Check SMTP_URL.",
    );
    expect(mailFailureText("Delivery failed: the mail server did not accept the message.")).toBe(
      "Delivery failed: the mail server did not accept the message.",
    );
  });

  it("shows every time in the shop's zone and every rejection in words", () => {
    const row = shopifyRow({
      ...healthy,
      lastWebhookRejected: {
        at: at("3T02:30:00"),
        topic: "orders/updated",
        message: "payload does not match orders/updated: id",
      },
    });
    const view = integrationsView(
      {
        rows: [row],
        shopify: {
          scopes: [],
          topics: [
            {
              topic: "orders/updated",
              lastDelivery: { at: "2025-03-03T02:30:00.000Z", outcome: "rejected" },
              lastFailure: { at: "2025-03-03T02:30:00.000Z", reason: "payload does not match orders/updated: id" },
            },
          ],
        },
      },
      "America/New_York",
    );
    expect(view.rows[0]!.lastSyncText).toBe("Mar 1, 2025, 5:00 AM");
    expect(view.rows[0]!.lastErrorText).toMatch(/^Shopify sent an updated order .*\(id\)\. \(Mar 2, 2025, 9:30 PM\)$/);
    expect(view.topics[0]).toMatchObject({
      lastDeliveryText: "Mar 2, 2025, 9:30 PM · Rejected",
      lastFailureText: expect.stringMatching(/^Mar 2, 2025, 9:30 PM: Shopify sent an updated order/),
    });
    expect(view).toMatchObject({ lastDeliveryText: "Mar 2, 2025, 9:30 PM", failingTopics: 1 });
    expect(JSON.stringify(view)).not.toContain("payload does not match");
  });
});
