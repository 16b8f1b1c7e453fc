// The public API on the database (both engines): key lifecycle and its audit entries, the v1
// wrapper's refusals (401/403/404/400/413/405) writing nothing, the envelope, pagination,
// idempotency, and the hourly limit exact under concurrent calls. Shop A's key never reads B.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { invoiceCreateSchema } from "~/features/invoices";
import { createInvoice } from "~/features/invoices/index.server";
import { createApiKey, listApiKeys, markKeyUsed, revokeApiKey, rollApiKey, verifyApiKey } from "./keys.server";
import { windowOf } from "./limits";
import { usage } from "./limits.server";
import { ALL_SCOPES, type Scope } from "./keys";
import { loader as analytics } from "~/routes/api.v1.stores.$storeId.analytics";
import { loader as customers } from "~/routes/api.v1.stores.$storeId.customers";
import { loader as invoices } from "~/routes/api.v1.stores.$storeId.invoices._index";
import { loader as invoice } from "~/routes/api.v1.stores.$storeId.invoices.$invoiceId";
import { loader as insights } from "~/routes/api.v1.stores.$storeId.insights";
import { action as generate } from "~/routes/api.v1.ai-insights.generate";

type Shop = { id: string; plan: string };
const staff = { email: "owner@example.com", name: "Sam Owner" };
const actor = (shop: Shop) => ({ shop, staff });

let a: Shop;
let b: Shop;
let keyA: string;
let keyB: string;
let invoiceB: string;

async function call(
  handler: (args: { request: Request; params: Record<string, string> }) => Promise<Response>,
  path: string,
  params: Record<string, string>,
  init: RequestInit & { key?: string | null } = {},
) {
  const headers = new Headers(init.headers);
  if (init.key !== null) headers.set("Authorization", `Bearer ${init.key ?? keyA}`);
  const response = await handler({
    request: new Request(`http://app.test/api/v1${path}`, { ...init, headers }),
    params,
  });
  return { response, body: (await response.json()) as { success: boolean; data: any; error: any; timestamp: string } };
}

async function proShop(name: string) {
  const shop = await createShop({ name });
  return prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
}

beforeAll(async () => {
  a = await proShop("API A");
  b = await proShop("API B");
  keyA = (await createApiKey(actor(a), "Reporting", ALL_SCOPES)).key;
  keyB = (await createApiKey(actor(b), "B's", ALL_SCOPES)).key;
  const payload = (n: number) =>
    invoiceCreateSchema.parse({
      customer: { name: `Customer ${n}`, email: `c${n}@example.com` },
      items: [{ title: "Work", qty: 1, unit_price: "10" }],
    });
  for (let i = 1; i <= 3; i++) await createInvoice(a as never, payload(i));
  invoiceB = (await createInvoice(b as never, payload(9))).invoice.id;
});

describe("API keys", () => {
  it("shows the secret once, stores only its HMAC, and audits create, roll and revoke", async () => {
    const { id, key } = await createApiKey(actor(a), "Ops", ["analytics:read"] as Scope[]);
    expect(key).toMatch(/^pp_live_[0-9A-Za-z]{43}$/);
    const row = await prisma.apiKey.findUniqueOrThrow({ where: { id } });
    expect(JSON.stringify(row)).not.toContain(key.slice(8));
    expect(row.lastFour).toBe(key.slice(-4));
    const listed = (await listApiKeys(a)).find((k) => k.id === id)!;
    expect(listed).toMatchObject({ prefix: "pp_live_", lastFour: key.slice(-4), scopes: ["analytics:read"] });
    expect(listed).not.toHaveProperty("hash");

    const rolled = await rollApiKey(actor(a), id, 24);
    expect((await call(analytics, `/stores/${a.id}/analytics`, { storeId: a.id }, { key })).response.status).toBe(200);
    expect(
      (await call(analytics, `/stores/${a.id}/analytics`, { storeId: a.id }, { key: rolled.key })).response.status,
    ).toBe(200);
    await expect(rollApiKey(actor(a), id, 0)).rejects.toMatchObject({ status: 409 });

    await revokeApiKey(actor(a), rolled.id);
    const revoked = await call(analytics, `/stores/${a.id}/analytics`, { storeId: a.id }, { key: rolled.key });
    expect(revoked.response.status).toBe(401);
    expect(revoked.body.error.code).toBe("api_key_revoked");
    await expect(revokeApiKey(actor(a), rolled.id)).rejects.toMatchObject({ status: 409 });
    await expect(revokeApiKey(actor(b), id)).rejects.toMatchObject({ status: 404 });

    const actions = await prisma.auditEntry.findMany({
      where: { shopId: a.id, entityType: "ApiKey" },
      select: { action: true, after: true },
    });
    expect(actions.map((e) => e.action).sort()).toEqual(
      ["api_key.create", "api_key.create", "api_key.revoke", "api_key.roll"].sort(),
    );
    expect(JSON.stringify(actions)).not.toContain(key.slice(8, -4));
  });

  it("ends a rolled key's grace period at its expiry", async () => {
    const { id, key } = await createApiKey(actor(a), "Short", ["analytics:read"] as Scope[]);
    await rollApiKey(actor(a), id, 0);
    const expired = await call(analytics, `/stores/${a.id}/analytics`, { storeId: a.id }, { key });
    expect(expired.response.status).toBe(401);
    expect(expired.body.error.code).toBe("api_key_expired");
  });

  it("records last used once a minute per key, and a verified key carries it", async () => {
    const { id, key } = await createApiKey(actor(a), "Last used", ["analytics:read"] as Scope[]);
    const lastUsed = async () => (await prisma.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const path = `/stores/${a.id}/analytics`;
    expect((await call(analytics, path, { storeId: a.id }, { key })).response.status).toBe(200);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    // A second call within the minute writes nothing.
    expect((await call(analytics, path, { storeId: a.id }, { key })).response.status).toBe(200);
    expect(await lastUsed()).toEqual(first);
    const verified = await verifyApiKey(`Bearer ${key}`);
    if (!verified.ok) throw new Error(`the key did not verify: ${verified.reason}`);
    expect(verified.key).toMatchObject({ id, shopId: a.id, lastFour: key.slice(-4), scopes: ["analytics:read"] });
    expect(verified.key.lastUsedAt).toEqual(first);
    const later = new Date(first!.getTime() + 61_000);
    await markKeyUsed(verified.key, later);
    expect(await lastUsed()).toEqual(later);
  });

  it("limits the number of live keys by plan", async () => {
    const starter = await createShop({ name: "Starter keys" });
    await createApiKey(actor(starter), "one", ["analytics:read"] as Scope[]);
    await createApiKey(actor(starter), "two", ["analytics:read"] as Scope[]);
    await expect(createApiKey(actor(starter), "three", ["analytics:read"] as Scope[])).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("2 API keys"),
    });
    expect(await prisma.apiKey.count({ where: { shopId: starter.id } })).toBe(2);
  });
});

describe("v1 refusals write nothing", () => {
  it("answers 401, 403, 404, 400, 405 and 413 in the error envelope", async () => {
    const before = await prisma.apiUsageWindow.findMany({ where: { shopId: a.id } });
    const path = `/stores/${a.id}/analytics`;
    const p = { storeId: a.id };
    const limited = (await createApiKey(actor(a), "Customers only", ["customers:read"] as Scope[])).key;
    const cases: [number, string, Awaited<ReturnType<typeof call>>][] = [
      [401, "api_key_missing", await call(analytics, path, p, { key: null })],
      [401, "api_key_invalid", await call(analytics, path, p, { key: "sk_test_123" })],
      [401, "api_key_invalid", await call(analytics, path, p, { key: `pp_live_${"0".repeat(43)}` })],
      [403, "insufficient_scope", await call(analytics, path, p, { key: limited })],
      [404, "resource_missing", await call(analytics, `/stores/${b.id}/analytics`, { storeId: b.id })],
      [400, "parameter_invalid", await call(analytics, `${path}?timeframe=2d`, p)],
      [405, "method_not_allowed", await call(analytics, path, p, { method: "DELETE" })],
      [
        413,
        "body_too_large",
        await call(generate, "/ai-insights/generate", {}, { method: "POST", body: "x".repeat(70_000) }),
      ],
    ];
    for (const [status, code, { response, body }] of cases) {
      expect([response.status, body.error?.code]).toEqual([status, code]);
      expect(body).toMatchObject({ success: false, data: null, error: { doc_url: expect.stringContaining(code) } });
      expect(response.headers.get("X-Request-Id")).toMatch(/^req_/);
      for (const secret of [keyA, limited]) expect(JSON.stringify(body)).not.toContain(secret.slice(8));
    }
    expect(cases[5][2].body.error.param).toBe("timeframe");
    expect(await prisma.apiUsageWindow.findMany({ where: { shopId: a.id } })).toEqual(before);
    expect(await prisma.insightRun.count({ where: { shopId: a.id } })).toBe(0);
  });

  it("never lets shop A's key read shop B's data on any endpoint", async () => {
    const sB = { storeId: b.id };
    const answers = [
      await call(analytics, `/stores/${b.id}/analytics`, sB),
      await call(customers, `/stores/${b.id}/customers`, sB),
      await call(invoices, `/stores/${b.id}/invoices`, sB),
      await call(invoice, `/stores/${b.id}/invoices/${invoiceB}`, { ...sB, invoiceId: invoiceB }),
      await call(insights, `/stores/${b.id}/insights`, sB),
      await call(invoice, `/stores/${a.id}/invoices/${invoiceB}`, { storeId: a.id, invoiceId: invoiceB }),
      await call(generate, "/ai-insights/generate", {}, { method: "POST", body: JSON.stringify({ storeId: b.id }) }),
    ];
    expect(answers.map((x) => x.response.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(await prisma.insightRun.count({ where: { shopId: { in: [a.id, b.id] } } })).toBe(0);
    // B's own key reads B.
    expect((await call(invoices, `/stores/${b.id}/invoices`, sB, { key: keyB })).body.data.data).toHaveLength(1);
  });
});

describe("v1 answers", () => {
  it("wraps data in the envelope with rate-limit headers and pages with starting_after", async () => {
    const p = { storeId: a.id };
    const first = await call(invoices, `/stores/${a.id}/invoices?limit=2`, p);
    expect(first.response.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, error: null, data: { object: "list", has_more: true } });
    // The monthly window is this calendar month (30 or 31 days, 28 or 29 in February).
    const month = windowOf("monthly", new Date()).seconds;
    expect(first.response.headers.get("RateLimit-Policy")).toBe(
      `"monthly";q=50000;w=${month}, "hourly";q=10000;w=3600`,
    );
    expect(first.response.headers.get("X-RateLimit-Limit")).toBe("10000");
    const last = first.body.data.data[1].id;
    const second = await call(invoices, `/stores/${a.id}/invoices?limit=2&starting_after=${last}`, p);
    expect(second.body.data).toMatchObject({ has_more: false });
    expect(second.body.data.data.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toHaveLength(1);
    const one = await call(invoice, `/stores/${a.id}/invoices/${last}`, { ...p, invoiceId: last });
    expect(one.body.data.id).toBe(last);

    const figures = await call(analytics, `/stores/${a.id}/analytics?timeframe=7d&metrics=revenue,orders`, p);
    expect(Object.keys(figures.body.data.metrics)).toEqual(["revenue", "orders"]);
  });

  it("replays a POST with the same Idempotency-Key and refuses it with another body", async () => {
    const post = (body: object, key = "run-1") =>
      call(
        generate,
        "/ai-insights/generate",
        {},
        { method: "POST", body: JSON.stringify(body), headers: { "Idempotency-Key": key } },
      );
    const first = await post({ storeId: a.id });
    expect(first.response.status).toBe(202);
    const again = await post({ storeId: a.id });
    expect(again.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const other = await post({ storeId: a.id, categories: ["inventory"] });
    expect([other.response.status, other.body.error.code]).toEqual([422, "idempotency_key_reused"]);
    expect(await prisma.insightRun.count({ where: { shopId: a.id } })).toBe(1);
  });

  it("keeps the hourly limit exact under concurrent calls and answers 429 with Retry-After", async () => {
    const shop = await createShop({ name: "Busy" });
    const { key } = await createApiKey(actor(shop), "load", ["invoices:read"] as Scope[]);
    const hour = windowOf("hourly", new Date()).key;
    await prisma.apiUsageWindow.create({ data: { shopId: shop.id, window: hour, calls: 990 } });
    const p = { storeId: shop.id };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(invoices, `/stores/${shop.id}/invoices`, p, { key })),
    );
    const statuses = answers.map((x) => x.response.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    const refused = answers.find((x) => x.response.status === 429)!;
    expect(refused.body.error.code).toBe("rate_limit_exceeded");
    expect(Number(refused.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    const use = await usage(shop);
    expect(use.find((u) => u.kind === "hourly")!.used).toBe(1000);
    // The refused calls gave back what they took from the month.
    expect(use.find((u) => u.kind === "monthly")!.used).toBe(10);
  });
});
