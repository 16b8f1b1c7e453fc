// Settings → Integrations computed from one shop's rows: the session's scopes, import runs,
// webhook deliveries (rejected ones carry no shopId, only the domain), the outbox and
// invoice payments. Shop A's rows never show shop B's deliveries, errors or payments.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { getIntegrations, type IntegrationsConfig } from "~/features/settings/integrations.server";

type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;

const config: IntegrationsConfig = {
  requestedScopes: ["read_orders", "read_products", "read_reports"],
  smtpConfigured: true,
  stripe: { secretKey: true, webhookSecret: true },
};
const t = (iso: string) => new Date(`2026-01-${iso}Z`);
let sequence = 0;

async function paidInvoice(shopId: string, paymentMethod: string, paidAt: Date) {
  const n = ++sequence;
  return prisma.invoice.create({
    data: {
      shopId,
      number: `INV-${n}`,
      sequence: n,
      status: "paid",
      paidAt,
      paymentMethod,
      customerName: "Customer",
      customerEmail: "customer@example.com",
      currency: "USD",
      subtotalMinor: 100_00,
      taxMinor: 0,
      shippingMinor: 0,
      totalMinor: 100_00,
      issueDate: "2026-01-01",
      dueInDays: 30,
      dueDate: "2026-01-31",
      publicToken: `token-${n}`,
    },
  });
}

function delivery(shop: Shop, topic: string, receivedAt: Date, outcome = "applied", reason: string | null = null) {
  return prisma.webhookDelivery.create({
    data: {
      shopId: outcome === "applied" ? shop.id : null,
      shopDomain: shop.domain,
      webhookId: `${shop.id}-${topic}-${receivedAt.getTime()}`,
      topic,
      receivedAt,
      outcome,
      reason,
    },
  });
}

function outbox(shop: Shop, status: string, createdAt: Date, extra: { sentAt?: Date; error?: string } = {}) {
  return prisma.outboxMessage.create({
    data: {
      shopId: shop.id,
      kind: "invoice",
      toAddress: "customer@example.com",
      fromAddress: "shop@example.com",
      subject: "Invoice",
      text: "Invoice",
      status,
      transport: "smtp",
      createdAt,
      ...extra,
    },
  });
}

beforeAll(async () => {
  a = await createShop();
  b = await createShop();
  // A granted all but read_reports; B only read_orders, and its token has expired for good.
  await prisma.session.create({
    data: {
      id: `offline_${a.domain}`,
      shop: a.domain,
      state: "",
      scope: "read_orders,read_products",
      accessToken: "a",
    },
  });
  await prisma.session.create({
    data: {
      id: `offline_${b.domain}`,
      shop: b.domain,
      state: "",
      scope: "read_orders",
      accessToken: "b",
      expires: t("01T00:00:00"),
    },
  });
  await prisma.importRun.create({
    data: {
      shopId: a.id,
      status: "succeeded",
      phase: "done",
      startedAt: t("02T00:00:00"),
      finishedAt: t("02T00:05:00"),
    },
  });
  await prisma.importRun.create({
    data: { shopId: b.id, status: "failed", error: "bulk operation failed", startedAt: t("09T00:00:00") },
  });
  await delivery(a, "orders/create", t("03T10:00:00"));
  await delivery(a, "orders/create", t("04T10:00:00"), "ignored", "stale");
  await delivery(a, "products/update", t("03T11:00:00"), "rejected", "payload does not match products/update: id");
  await delivery(a, "products/update", t("05T11:00:00"));
  await delivery(b, "orders/create", t("08T10:00:00"));
  await delivery(b, "orders/updated", t("08T12:00:00"), "rejected", "payload does not match orders/updated: B");
  await delivery(b, "products/update", t("09T11:00:00"), "rejected", "payload does not match products/update: B");
  await outbox(a, "sent", t("05T00:00:00"), { sentAt: t("05T00:00:01") });
  await outbox(b, "sent", t("06T00:00:00"), { sentAt: t("06T00:00:01") });
  await outbox(b, "failed", t("07T00:00:00"), { error: "Delivery failed: B" });
  await prisma.invoiceSettings.create({ data: { shopId: a.id, paypalMeUrl: "https://paypal.me/shop-a" } });
  await paidInvoice(a.id, "paypal", t("06T00:00:00"));
  await paidInvoice(b.id, "paypal", t("10T00:00:00"));
  const stripeInvoice = await paidInvoice(b.id, "stripe", t("10T00:00:00"));
  await prisma.invoiceEvent.create({
    data: { shopId: b.id, invoiceId: stripeInvoice.id, type: "paid", actor: "stripe", createdAt: t("10T00:00:00") },
  });
});

const rowOf = async (shop: Shop, id: string, c = config) =>
  (await getIntegrations(shop, c, t("11T00:00:00"))).rows.find((r) => r.id === id)!;

describe("getIntegrations", () => {
  it("Shopify: A lacks only the requested read_reports, so it is pending and the analytics row disconnected", async () => {
    const { rows, shopify } = await getIntegrations(a, config, t("11T00:00:00"));
    const row = rows.find((r) => r.id === "shopify")!;
    expect(row.status).toBe("pending");
    expect(row.detail).toContain("(read_reports)");
    expect(row.lastSync).toBe(t("05T11:00:00").toISOString());
    expect(row.lastError?.message).toBe(
      "Shopify sent an updated product that the app could not use, so it was skipped: unexpected or missing values (id).",
    );
    expect(shopify.scopes.filter((s) => !s.granted).map((s) => s.scope)).toEqual(["read_reports"]);
    expect(rows.find((r) => r.id === "shopify-analytics")?.status).toBe("disconnected");
    const granted = await getIntegrations(a, { ...config, requestedScopes: ["read_orders", "read_products"] });
    expect(granted.rows[0].status).toBe("connected");
  });

  it("per topic: A's last delivery and last failure, never B's", async () => {
    const { shopify } = await getIntegrations(a, config);
    const topic = (name: string) => shopify.topics.find((x) => x.topic === name)!;
    expect(topic("orders/create").lastDelivery).toEqual({ at: t("04T10:00:00").toISOString(), outcome: "ignored" });
    expect(topic("orders/create").lastFailure).toBeNull();
    expect(topic("products/update").lastDelivery?.outcome).toBe("applied");
    expect(topic("products/update").lastFailure).toEqual({
      at: t("03T11:00:00").toISOString(),
      reason: "payload does not match products/update: id",
    });
    expect(topic("orders/updated")).toEqual({ topic: "orders/updated", lastDelivery: null, lastFailure: null });
    expect(JSON.stringify(shopify)).not.toContain(": B");
  });

  it("B: an expired token disconnects Shopify; its own failures and payments show", async () => {
    const shopifyB = await rowOf(b, "shopify");
    expect(shopifyB.status).toBe("disconnected");
    expect(shopifyB.lastError?.message).toBe("Import failed: bulk operation failed");
    const emailB = await rowOf(b, "email");
    expect(emailB).toMatchObject({ status: "disconnected", lastError: { message: "Delivery failed: B" } });
    expect((await rowOf(b, "stripe")).lastSync).toBe(t("10T00:00:00").toISOString());
    expect(await rowOf(b, "paypal")).toMatchObject({ status: "pending", lastSync: t("10T00:00:00").toISOString() });
  });

  it("A: e-mail, Stripe and PayPal from A's rows only", async () => {
    expect(await rowOf(a, "email")).toMatchObject({
      status: "connected",
      lastSync: t("05T00:00:01").toISOString(),
      lastError: null,
    });
    expect(await rowOf(a, "stripe")).toMatchObject({ status: "connected", lastSync: null });
    expect(await rowOf(a, "paypal")).toMatchObject({ status: "connected", lastSync: t("06T00:00:00").toISOString() });
  });

  it("the app's configuration: outbox only and no Stripe keys", async () => {
    const bare = { ...config, smtpConfigured: false, stripe: { secretKey: false, webhookSecret: false } };
    expect(await rowOf(a, "email", bare)).toMatchObject({
      status: "pending",
      lastSync: t("05T00:00:00").toISOString(),
    });
    expect((await rowOf(a, "stripe", bare)).status).toBe("disconnected");
  });

  it("a shop with no records at all: disconnected Shopify, every topic never delivered", async () => {
    const empty = await createShop();
    const { rows, shopify } = await getIntegrations(empty, config);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ["shopify", "disconnected"],
      ["shopify-analytics", "disconnected"],
      ["email", "connected"],
      ["stripe", "connected"],
      ["paypal", "pending"],
      // No OAuth client configured for the ad platforms in tests: each row names its variables.
      ["google_ads", "disconnected"],
      ["meta_ads", "disconnected"],
      ["tiktok_ads", "disconnected"],
    ]);
    expect(rows.find((r) => r.id === "meta_ads")?.detail).toBe(
      "Not configured: set META_APP_ID, META_APP_SECRET to connect.",
    );
    expect(shopify.topics.every((x) => x.lastDelivery === null && x.lastFailure === null)).toBe(true);
  });
});
