// The privacy centre through its real routes (authenticate.admin with Shopify's test
// credentials): a manual request moved through verify, extend (notice sent), fulfil; refusal;
// illegal moves 409, bad input 400, another shop's request 404 and invisible; the public form
// feeding the queue with the same answer; the access bundle; a deletion that leaves nothing of
// the person in any column of any table; the API and the checklist moving the score.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { tableCounts } from "~tests/table-counts";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { installSession, installTeam, requestAs } from "~tests/shopify";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { action, loader } from "~/routes/_admin.privacy";
import { loader as apiLoader } from "~/routes/api.privacy-compliance";
import { action as exportRequest } from "~/routes/api.gdpr.export-request";
import { loader as exportLoader } from "~/routes/api.gdpr.export";

const A = "privacy-a.myshopify.com";
const B = "privacy-b.myshopify.com";
let shopA: { id: string; domain: string };
let shopB: { id: string; domain: string };

type Answer = { status: number; body: any };

async function call(fn: (a: LoaderFunctionArgs) => Promise<unknown>, request: Request): Promise<Answer> {
  try {
    const result = await fn({ request, params: {}, context: {} } as LoaderFunctionArgs);
    if (result instanceof Response) return { status: result.status, body: await result.json().catch(() => null) };
    const d = result as { type?: string; data?: unknown; init?: { status?: number } };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data };
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text() };
    throw thrown;
  }
}

async function post(role: "owner" | "viewer", domain: string, values: Record<string, string>) {
  const body = new URLSearchParams(values);
  return call(
    action as never,
    await requestAs(role, domain, "/privacy", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );
}
const screen = async (domain: string, query = "") => call(loader, await requestAs("owner", domain, `/privacy${query}`));

const person = { email: "gina.private@example.com", firstName: "Gina", lastName: "Privatova", phone: "+15557770000" };
const WALLET = "0x9a1e000000000000000000000000000000c0ffee";
const RECOVERY_URL = "https://shop-a.example/checkouts/ginas-cart/recover?key=k1";

beforeAll(async () => {
  shopA = await createShop({ domain: A, name: "Shop A" });
  shopB = await createShop({ domain: B, name: "Shop B" });
  await prisma.shop.updateMany({ where: { id: { in: [shopA.id, shopB.id] } }, data: { plan: "pro" } });
  await installSession(A);
  await installSession(B);
  await installTeam(shopA);
  await installTeam(shopB);
  const customer = await prisma.customer.create({
    data: {
      shopId: shopA.id,
      shopifyId: "7001",
      ...person,
      city: "Lyon",
      address1: "9 Rue Cachée",
      zip: "69001",
      walletAddress: WALLET,
      walletChainId: 1,
      walletLinkedAt: new Date(),
    },
  });
  await prisma.abandonedCheckout.create({
    data: {
      shopId: shopA.id,
      shopifyId: "gid://shopify/AbandonedCheckout/9001",
      customerId: customer.id,
      recoveryUrl: RECOVERY_URL,
      currency: "EUR",
      abandonedAt: new Date(),
    },
  });
  const product = await createProduct(shopA.id);
  for (const day of ["2026-10-01", "2026-10-02"])
    await createOrder(shopA.id, day, [line(product)], { customerId: customer.id, email: person.email });
  await prisma.invoice.create({
    data: {
      shopId: shopA.id,
      number: "INV-0001",
      sequence: 1,
      customerName: `${person.firstName} ${person.lastName}`,
      customerEmail: person.email,
      customerPhone: person.phone,
      customerAddress: "9 Rue Cachée, Lyon",
      currency: "EUR",
      subtotalMinor: 1000,
      taxMinor: 200,
      shippingMinor: 0,
      totalMinor: 1200,
      issueDate: "2026-10-02",
      dueInDays: 30,
      dueDate: "2026-11-01",
      publicToken: "privacy-test-token",
    },
  });
});

afterAll(() => stopJobQueue());

describe("a manual request through its steps", () => {
  let id = "";

  it("refuses bad input with field errors and writes nothing", async () => {
    const before = await prisma.privacyRequest.count();
    const bad = await post("owner", A, {
      intent: "create",
      type: "access",
      regulation: "gdpr",
      email: "nope",
      receivedOn: "x",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(expect.arrayContaining(["email", "receivedOn"]));
    const future = await post("owner", A, {
      intent: "create",
      type: "access",
      regulation: "gdpr",
      email: person.email,
      receivedOn: "2999-01-01",
    });
    expect(future.status).toBe(400);
    expect(await prisma.privacyRequest.count()).toBe(before);
  });

  it("records it with its due day by law, matched to the customer, audited without personal data", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const created = await post("owner", A, {
      intent: "create",
      type: "access",
      regulation: "gdpr",
      requesterName: `${person.firstName} ${person.lastName}`,
      email: person.email.toUpperCase(),
      receivedOn: today,
    });
    expect(created.status).toBe(200);
    const row = await prisma.privacyRequest.findFirstOrThrow({ where: { shopId: shopA.id, source: "manual" } });
    id = row.id;
    expect(row).toMatchObject({ status: "pending", verification: "unverified", email: person.email });
    expect(row.customerId).not.toBeNull();
    const list = await screen(A, "?tab=requests");
    const shown = list.body.requests.requests.find((r: { id: string }) => r.id === id);
    // The promise (30 days) comes before GDPR's month only in a 31-day month; either way the earliest.
    expect(shown.rules.length).toBe(2);
    expect(shown.overdue).toBe(false);
    const audit = await prisma.auditEntry.findMany({ where: { shopId: shopA.id, entityId: id } });
    expect(audit.map((a) => a.action)).toEqual(["privacy.request.create"]);
    expect(JSON.stringify(audit)).not.toContain(person.lastName);
  });

  it("a Viewer sees the request but cannot act (403, nothing written)", async () => {
    const viewer = await call(loader, await requestAs("viewer", A, "/privacy?tab=requests"));
    expect(viewer.status).toBe(200);
    expect(viewer.body.requests.total).toBeGreaterThan(0);
    expect((await post("viewer", A, { intent: "verify", id })).status).toBe(403);
    expect((await prisma.privacyRequest.findUniqueOrThrow({ where: { id } })).verification).toBe("unverified");
  });

  it("shop B can neither see nor act on A's request (404), nor count it", async () => {
    const list = await screen(B, "?tab=requests&requests=all");
    expect(list.body.requests.requests).toEqual([]);
    for (const intent of ["verify", "fulfil"]) expect((await post("owner", B, { intent, id })).status).toBe(404);
    expect((await post("owner", B, { intent: "refuse", id, reason: "Not our customer at all" })).status).toBe(404);
    const api = await call(apiLoader, await requestAs("owner", B, "/api/privacy-compliance"));
    expect(api.body.pendingRequests).toBe(0);
    expect((await prisma.privacyRequest.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
  });

  it("cannot be fulfilled before verification (409); verify, extend with a notice, fulfil with a bundle link", async () => {
    expect((await post("owner", A, { intent: "fulfil", id })).status).toBe(409);
    expect((await post("owner", A, { intent: "verify", id })).status).toBe(200);
    expect((await post("owner", A, { intent: "verify", id })).status).toBe(409);
    const extended = await post("owner", A, { intent: "extend", id, reason: "We hold records in three systems." });
    expect(extended.status).toBe(200);
    const after = await prisma.privacyRequest.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ status: "in_progress", extensionReason: "We hold records in three systems." });
    expect(after.dueAt.getTime()).toBeGreaterThan(Date.now() + 58 * 86_400_000);
    const notice = await prisma.outboxMessage.findFirstOrThrow({
      where: { kind: "privacy_extension_notice", shopId: shopA.id },
    });
    expect(notice.toAddress).toBe(person.email);
    expect(notice.text).toContain("We hold records in three systems.");
    expect((await post("owner", A, { intent: "extend", id, reason: "Once more, please, a second time." })).status).toBe(
      409,
    );

    expect((await post("owner", A, { intent: "fulfil", id })).status).toBe(200);
    const mail = await prisma.outboxMessage.findFirstOrThrow({
      where: { kind: "privacy_access_bundle", shopId: shopA.id },
    });
    const links = mail.text.match(/https?:\/\/\S+/g)!;
    const json = await exportLoader({ request: new Request(links[0]), params: {}, context: {} } as never);
    expect(json.status).toBe(200);
    const bundle = await json.json();
    expect(bundle.customers[0]).toMatchObject({ email: person.email, lastName: person.lastName });
    expect(bundle.orders).toHaveLength(2);
    expect(bundle.invoices[0]).toMatchObject({ number: "INV-0001" });
    const csv = await (await exportLoader({ request: new Request(links[1]), params: {}, context: {} } as never)).text();
    expect(csv).toContain(`customer,1,lastName,${person.lastName}`);
    // The link is single-shop: the same id and signature under another shop do not open.
    const forged = links[0].replace(`shop=${shopA.id}`, `shop=${shopB.id}`);
    expect((await exportLoader({ request: new Request(forged), params: {}, context: {} } as never)).status).toBe(403);
    // A closed request moves no more.
    expect((await post("owner", A, { intent: "refuse", id, reason: "Too late to refuse this one." })).status).toBe(409);
  });
});

describe("the public form and a refusal", () => {
  it("answers the same for a known and an unknown address and puts the known one in its store's queue", async () => {
    const ask = (email: string) =>
      call(
        exportRequest as never,
        new Request("http://localhost/api/gdpr/export-request", {
          method: "POST",
          body: JSON.stringify({ email }),
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.0.${email.length}` },
        }),
      );
    const known = await ask(person.email);
    const unknown = await ask("nobody.here@example.com");
    expect(known).toEqual(unknown);
    const queued = await prisma.privacyRequest.findMany({ where: { source: "public_form" } });
    expect(queued.map((q) => [q.shopId, q.type, q.verification])).toEqual([[shopA.id, "portability", "unverified"]]);
    const refused = await post("owner", A, { intent: "refuse", id: queued[0].id, reason: "x" });
    expect(refused.status).toBe(400);
    expect(
      (await post("owner", A, { intent: "refuse", id: queued[0].id, reason: "We could not verify who asked." })).status,
    ).toBe(200);
    expect(await prisma.outboxMessage.count({ where: { kind: "privacy_refusal", shopId: shopA.id } })).toBe(1);
  });
});

describe("deletion", () => {
  it("leaves nothing of the person in any column of any table, keeps invoices and orders anonymised, says why", async () => {
    const today = new Date().toISOString().slice(0, 10);
    await post("owner", A, {
      intent: "create",
      type: "deletion",
      regulation: "gdpr",
      email: person.email,
      receivedOn: today,
    });
    const req = await prisma.privacyRequest.findFirstOrThrow({ where: { shopId: shopA.id, type: "deletion" } });
    await post("owner", A, { intent: "verify", id: req.id });
    expect((await post("owner", A, { intent: "fulfil", id: req.id })).status).toBe(200);
    const done = await prisma.privacyRequest.findUniqueOrThrow({ where: { id: req.id } });
    const outcome = JSON.parse(done.outcome!);
    expect(outcome.kept.map((k: { what: string }) => k.what)).toEqual(
      expect.arrayContaining(["Customer record", "Orders", "Invoices"]),
    );
    const invoice = await prisma.invoice.findFirstOrThrow({ where: { shopId: shopA.id } });
    expect(invoice).toMatchObject({ customerName: "Redacted customer", totalMinor: 1200 });
    // Every column of every table, as text.
    // Every table of the schema (tableCounts lists them); the rate-limit counters hold HMACs only.
    for (const table of Object.keys(await tableCounts())) {
      // Not the store's data: the app's own record of the person's request to the app on /gdpr
      // (PublicPrivacyRequest and its e-mail, sent by no shop), erased by asking the app.
      if (table === "PublicPrivacyRequest") continue;
      const all = (await prisma.$queryRawUnsafe(`SELECT * FROM "${table}"`)) as Record<string, unknown>[];
      const rows = table === "OutboxMessage" ? all.filter((r) => r.shopId !== null) : all;
      const text = JSON.stringify(rows, (_k, v) => (typeof v === "bigint" ? String(v) : v)).toLowerCase();
      for (const value of [
        person.email,
        person.firstName,
        person.lastName,
        person.phone,
        "9 Rue Cachée",
        "69001",
        WALLET,
        RECOVERY_URL,
      ])
        expect(text, `${table} still holds ${value}`).not.toContain(value.toLowerCase());
    }
  });
});

describe("the checklist and the API", () => {
  it("a confirmed item moves the score, and the API and screen agree", async () => {
    const before = await call(apiLoader, await requestAs("owner", A, "/api/privacy-compliance"));
    expect(Object.keys(before.body)).toEqual(
      expect.arrayContaining([
        "gdprActive",
        "ccpaActive",
        "pendingRequests",
        "completedRequests",
        "lastAudit",
        "score",
      ]),
    );
    const items = (await screen(A, "?tab=compliance")).body.checklist.items as { done: boolean }[];
    const done = items.filter((i) => i.done).length;
    // Three requests were closed today, all before their due day: on time (the late count compares the two).
    expect(items.find((i) => (i as { id?: string }).id === "on_time")).toMatchObject({ done: true });
    expect(before.body.score).toBe(Math.round((100 * done) / items.length));
    expect((await post("owner", A, { intent: "confirm", item: "policy", confirmed: "true" })).status).toBe(200);
    const after = await call(apiLoader, await requestAs("owner", A, "/api/privacy-compliance"));
    expect(after.body.score).toBe(Math.round((100 * (done + 1)) / items.length));
    expect((await screen(A, "?tab=compliance")).body.status.score).toBe(after.body.score);
    expect((await post("owner", A, { intent: "confirm", item: "nonsense" })).status).toBe(400);
    const bad = await post("owner", A, { intent: "settings", promiseDays: "0", reminderLeadDays: "3", dpoEmail: "x" });
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["dpoEmail", "promiseDays"]);
  });
});
