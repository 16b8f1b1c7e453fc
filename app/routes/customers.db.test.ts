// /customers, /customers/{id} and Add Customer against the database: filters and search on
// the server, 400 for unknown segments and sorts, 404 for another shop's customer, and a
// customer created in Shopify (userErrors shown by field) or, in the demo, locally.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addCustomer, listCustomers, recomputeShop } from "~/features/customers/index.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import { jsonResponse, stubAdminApi } from "~tests/shopify-admin";
import { holdShopLock, settledWithin } from "~tests/shop-lock";
import { tableCounts } from "~tests/table-counts";
import * as list from "~/routes/_admin.customers";
import * as detail from "~/routes/_admin.customers_.$customerId";
import * as create from "~/routes/_admin.customers_.new";
import * as api from "~/routes/api.stores.$storeId.customers";
import * as exportRoute from "~/routes/api.customers.export";
import * as rules from "~/routes/_admin.customers_.rules";

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

/** Status and body of a loader or action, whether it returned or threw. */
async function call(handler: Handler, request: Request, params: Record<string, string> = {}) {
  let result: unknown;
  try {
    result = await handler({ request, params, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, body: null as any, location: result.headers.get("Location") };
  const withInit = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (withInit?.type === "DataWithResponseInit")
    return { status: withInit.init?.status ?? 200, body: withInit.data as any, location: null };
  return { status: 200, body: result as any, location: null };
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

let shop: Awaited<ReturnType<typeof createShop>>;
let other: Awaited<ReturnType<typeof createShop>>;
let otherCustomerId: string;

beforeAll(async () => {
  shop = await createShop({ domain: "customers-screen.myshopify.com" });
  other = await createShop({ domain: "customers-other.myshopify.com" });
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
  await installTeam(shop);
  const item = await createProduct(shop.id, { priceMinor: 4_000 });
  const people = [
    ["Ada", "Lovelace", "ada@example.com", 6],
    ["Grace", "Hopper", "grace.hopper@example.com", 3],
    ["Alan", "Turing", "alan@example.org", 1],
    ["Katherine", "Johnson", "kj@example.net", 2],
  ] as const;
  for (const [firstName, lastName, email, orders] of people) {
    const c = await prisma.customer.create({
      data: { shopId: shop.id, firstName, lastName, email, createdAt: new Date("2025-01-01") },
    });
    for (let k = 0; k < orders; k++)
      await createOrder(shop.id, `2026-0${1 + k}-15`, [line(item, 1 + k)], { customerId: c.id });
  }
  const stranger = await prisma.customer.create({
    data: { shopId: other.id, firstName: "Ada", lastName: "Stranger", email: "ada.stranger@example.com" },
  });
  otherCustomerId = stranger.id;
  await recomputeShop(shop);
  await recomputeShop(other);
});

const get = async (path: string, role: "owner" | "viewer" = "viewer") =>
  call(list.loader as Handler, await requestAs(role, shop.domain, path));

describe("/customers", () => {
  it("searches name or e-mail case-insensitively on the server, and never another shop's customers", async () => {
    const ada = await get("/customers?q=ADA");
    expect(ada.status).toBe(200);
    expect(ada.body.rows.map((r: { name: string }) => r.name)).toEqual(["Ada Lovelace"]);
    const byEmail = await get("/customers?q=example.org");
    expect(byEmail.body.rows.map((r: { email: string }) => r.email)).toEqual(["alan@example.org"]);
    const none = await get("/customers?q=zzz");
    expect(none.body.rows).toEqual([]);
    expect(none.body.query.q).toBe("zzz");
    // A wildcard typed into the search is text, not a pattern.
    expect((await get("/customers?q=%25")).body.rows).toEqual([]);
  });

  it("filters by segment and sorts and pages on the server", async () => {
    const all = await get("/customers?sort=orders&dir=asc");
    expect(all.body.rows.map((r: { orders: number }) => r.orders)).toEqual([1, 2, 3, 6]);
    expect(all.body.summary.cards.reduce((s: number, c: { customers: number }) => s + c.customers, 0)).toBe(4);
    const segment = all.body.rows[0].segment as string;
    const filtered = await get(`/customers?segment=${segment.toLowerCase()}`);
    expect(filtered.body.rows.length).toBeGreaterThan(0);
    for (const r of filtered.body.rows) expect(r.segment).toBe(segment);
    const byName = await get("/customers?sort=name&dir=asc");
    expect(byName.body.rows.map((r: { name: string }) => r.name)).toEqual([
      "Ada Lovelace",
      "Alan Turing",
      "Grace Hopper",
      "Katherine Johnson",
    ]);
  });

  it("counts a search's matches up to the cap and says so", async () => {
    const query = { segment: null, q: "example", sort: "name", dir: "asc", page: 1 } as const;
    const capped = await listCustomers(shop, { ...query }, 25, 2);
    expect(capped).toMatchObject({ capped: true, total: 2 });
    expect(capped.rows.length).toBeGreaterThan(2);
    expect(await listCustomers(shop, { ...query }, 25, 100)).toMatchObject({ capped: false });
  });

  it("answers 400 for an unknown segment or sort", async () => {
    expect((await get("/customers?segment=gold")).status).toBe(400);
    expect((await get("/customers?sort=password")).status).toBe(400);
  });

  it("explains a customer's segment on demand, not another shop's", async () => {
    const ada = await prisma.customer.findFirstOrThrow({ where: { shopId: shop.id, email: "ada@example.com" } });
    const mine = await get(`/customers?explain=${ada.id}`);
    expect(mine.body.explanation.score.rule).toMatch(/^(VIP|New|At-Risk|Regular|No orders yet):/);
    expect(mine.body.explanation.cutPoints.f.length).toBe(3); // a small store: tertiles
    expect((await get(`/customers?explain=${otherCustomerId}`)).body.explanation).toBeNull();
  });
});

describe("/customers/{id}", () => {
  it("shows this shop's customer and 404 for another shop's", async () => {
    const ada = await prisma.customer.findFirstOrThrow({ where: { shopId: shop.id, email: "ada@example.com" } });
    const mine = await call(detail.loader as Handler, await requestAs("viewer", shop.domain, `/customers/${ada.id}`), {
      customerId: ada.id,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.orders).toHaveLength(6);
    expect(mine.body.score.totalSpentMinor).toBeGreaterThan(0);
    const theirs = await call(
      detail.loader as Handler,
      await requestAs("viewer", shop.domain, `/customers/${otherCustomerId}`),
      { customerId: otherCustomerId },
    );
    expect(theirs.status).toBe(404);
  });

  it("shows the customer's loyalty tier and points balance, and none for a customer who is not a member", async () => {
    const [ada, grace] = await Promise.all(
      ["ada@example.com", "grace.hopper@example.com"].map((email) =>
        prisma.customer.findFirstOrThrow({ where: { shopId: shop.id, email } }),
      ),
    );
    const gold = await prisma.loyaltyTier.create({ data: { shopId: shop.id, name: "Gold", minSpend: 100 } });
    const theirs = await prisma.loyaltyTier.create({ data: { shopId: other.id, name: "Theirs", minSpend: 1 } });
    await prisma.loyaltyMember.create({
      data: { shopId: shop.id, customerId: ada.id, balance: 1_250, earned: 1_500, redeemed: 250, tierId: gold.id },
    });
    // A member row of the same customer id in another shop is never read.
    await prisma.loyaltyMember.create({
      data: { shopId: other.id, customerId: grace.id, balance: 99, tierId: theirs.id },
    });
    const page = async (id: string) =>
      (
        await call(detail.loader as Handler, await requestAs("viewer", shop.domain, `/customers/${id}`), {
          customerId: id,
        })
      ).body;
    expect((await page(ada.id)).loyalty).toEqual({ balance: 1_250, earned: 1_500, redeemed: 250, tier: "Gold" });
    expect((await page(grace.id)).loyalty).toBeNull();
  });
});

const post = async (fields: Record<string, string>) =>
  call(
    create.action as Handler,
    await requestAs("owner", shop.domain, "/customers/new", { method: "POST", body: new URLSearchParams(fields) }),
  );

describe("Add Customer", () => {
  it("answers 400 with field errors for a bad e-mail, phone or consent, and writes nothing", async () => {
    const before = await tableCounts();
    const bad = await post({ firstName: "Bo", email: "not-an-email", phone: "555-1234", acceptsMarketing: "maybe" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["acceptsMarketing", "email", "phone"]);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses an e-mail the shop already has, before calling Shopify", async () => {
    const stub = stubAdminApi(() => jsonResponse({}));
    restore = stub.restore;
    const dup = await post({ firstName: "Ada", email: "ADA@example.com" });
    expect(dup.status).toBe(400);
    expect(dup.body.fieldErrors.email).toEqual(["A customer with this e-mail already exists"]);
    expect(stub.requests).toHaveLength(0);
    const check = await call(
      create.loader as Handler,
      await requestAs("owner", shop.domain, "/customers/new?email=ada%40example.com"),
    );
    expect(check.body.emailTaken).toBe(true);
  });

  it("shows Shopify's userErrors next to the fields and stores nothing", async () => {
    restore = stubAdminApi(() =>
      jsonResponse({
        data: {
          customerCreate: { customer: null, userErrors: [{ field: ["input", "phone"], message: "Phone is invalid" }] },
        },
      }),
    ).restore;
    const before = await prisma.customer.count({ where: { shopId: shop.id } });
    const result = await post({ firstName: "Mae", email: "mae@example.com", phone: "+14155550123" });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({ phone: ["Phone is invalid"] });
    expect(await prisma.customer.count({ where: { shopId: shop.id } })).toBe(before);
  });

  it("creates the customer in Shopify, then stores and scores Shopify's answer", async () => {
    const stub = stubAdminApi(async (request) => {
      const body = (await request.json()) as { query: string; variables: { input: Record<string, unknown> } };
      expect(body.query).toContain("customerCreate");
      return jsonResponse({
        data: {
          customerCreate: {
            customer: {
              id: "gid://shopify/Customer/777",
              firstName: body.variables.input.firstName,
              lastName: null,
              updatedAt: "2026-11-25T10:00:00Z",
              defaultEmailAddress: { emailAddress: body.variables.input.email, marketingState: "SUBSCRIBED" },
              defaultPhoneNumber: null,
            },
            userErrors: [],
          },
        },
      });
    });
    restore = stub.restore;
    const result = await post({ firstName: "Mary", email: "Mary@Example.com", acceptsMarketing: "true" });
    expect(result.status).toBe(302);
    const sent = (await stub.requests[0]!.json()) as { variables: { input: Record<string, any> } };
    expect(sent.variables.input).toMatchObject({
      email: "mary@example.com",
      emailMarketingConsent: { marketingState: "SUBSCRIBED" },
    });
    const stored = await prisma.customer.findFirstOrThrow({ where: { shopId: shop.id, email: "mary@example.com" } });
    expect(stored).toMatchObject({ shopifyId: "gid://shopify/Customer/777", acceptsMarketing: true });
    expect(result.location).toBe(`/customers/${stored.id}`);
    // No orders yet: neither New nor Regular until the first one.
    expect(await prisma.customerScore.findFirst({ where: { customerId: stored.id } })).toMatchObject({
      segment: "No orders yet",
    });
    expect(await prisma.auditEntry.count({ where: { shopId: shop.id, entityId: stored.id } })).toBe(1);
  });

  it("waits for whatever holds the shop's write lock (a recompute, a store-data webhook) before it stores", async () => {
    const demo = await prisma.shop.update({ where: { id: other.id }, data: { isDemo: true } });
    const lock = await holdShopLock(demo.id);
    const adding = addCustomer(
      { shop: demo, staff: { email: "owner@example.com", name: "Owner" } },
      { firstName: "Wai", lastName: "Ting", email: "wai.ting@example.com", phone: null, acceptsMarketing: false },
      () => Promise.reject(new Error("no Shopify in the demo")),
    );
    expect(await settledWithin(adding, 1_000)).toBe(false);
    await lock.release();
    const created = await adding;
    expect(await prisma.customerScore.count({ where: { shopId: demo.id, customerId: created.id } })).toBe(1);
  });

  it("in the demo stores the customer locally without calling Shopify", async () => {
    const demo = await prisma.shop.update({ where: { id: other.id }, data: { isDemo: true } });
    const created = await addCustomer(
      { shop: demo, staff: { email: "owner@example.com", name: "Owner" } },
      { firstName: "Dee", lastName: "Mo", email: "dee@example.com", phone: null, acceptsMarketing: false },
      () => Promise.reject(new Error("no Shopify in the demo")),
    );
    const stored = await prisma.customer.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored).toMatchObject({ shopId: other.id, shopifyId: null, email: "dee@example.com" });
  });
});

describe("GET /api/stores/{storeId}/customers", () => {
  const apiGet = async (storeId: string, query = "") => {
    const response = (await api.loader({
      request: await requestAs("viewer", shop.domain, `/api/stores/${storeId}/customers${query}`),
      params: { storeId },
      context: {},
    })) as Response;
    return { status: response.status, body: (await response.json()) as any };
  };

  it("answers the shop's customers of a segment, most valuable first, up to the limit", async () => {
    const all = await apiGet(shop.id, "?limit=2");
    expect(all.status).toBe(200);
    expect(all.body.customers).toHaveLength(2);
    expect(all.body.customers[0].totalSpentMinor).toBeGreaterThanOrEqual(all.body.customers[1].totalSpentMinor);
    expect(all.body.customers[0].totalSpent).toMatch(/^\d+\.\d{2}$/);
    const segment = all.body.customers[0].segment as string;
    const some = await apiGet(shop.id, `?segment=${encodeURIComponent(segment)}`);
    for (const c of some.body.customers) expect(c.segment).toBe(segment);
  });

  it("400 for an unknown segment or a bad limit; 404 for another shop's storeId", async () => {
    expect((await apiGet(shop.id, "?segment=gold")).status).toBe(400);
    const bad = await apiGet(shop.id, "?limit=9999");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(["limit"]);
    await expect(apiGet(other.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("GET /api/customers/export", () => {
  const download = async (query: string, role: "owner" | "viewer" = "owner") => {
    try {
      return (await exportRoute.loader({
        request: await requestAs(role, shop.domain, `/api/customers/export${query}`),
        params: {},
        context: {},
      })) as Response;
    } catch (thrown) {
      return thrown as Response;
    }
  };

  it("streams the current view as CSV with segment, scores, value and churn risk, guarded against formulas", async () => {
    const sly = await prisma.customer.create({
      data: { shopId: shop.id, firstName: '=HYPERLINK("http://x")', email: "sly@example.com" },
    });
    await recomputeShop(shop);
    const response = await download("?format=csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Segment,R,F,M");
    expect(lines[0]).toContain("Churn risk");
    expect(lines).toHaveLength(1 + (await prisma.customerScore.count({ where: { shopId: shop.id } })));
    expect(lines.find((l) => l.includes("sly@example.com"))).toMatch(/^"?'=HYPERLINK/);
    expect(lines.some((l) => l.includes("ada.stranger@example.com"))).toBe(false);
    await prisma.customer.delete({ where: { id: sly.id } });
  });

  it("exports only the view's segment and search, as JSON on Pro", async () => {
    const response = await download("?format=json&q=ada");
    const rows = (await response.json()) as { email: string; segment: string }[];
    expect(rows.map((r) => r.email)).toEqual(["ada@example.com"]);
  });

  it("is refused to a Viewer (personal data), on Starter for Excel, and for an unknown format", async () => {
    expect((await download("?format=csv", "viewer")).status).toBe(403);
    expect((await download("?format=pdf")).status).toBe(400);
    expect((await download("?format=csv&segment=gold")).status).toBe(400);
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "starter" } });
    try {
      const refused = await download("?format=xlsx");
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { upgradeUrl: string }).upgradeUrl).toBe("/settings?tab=plan");
    } finally {
      await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
    }
  });
});

describe("the segment-tags toggle", () => {
  const toggle = async (fields: Record<string, string>, role: "owner" | "viewer" = "owner") =>
    call(
      list.action as Handler,
      await requestAs(role, shop.domain, "/customers", { method: "POST", body: new URLSearchParams(fields) }),
    );

  it("stores the choice for a known segment, 400 otherwise, 403 for a Viewer", async () => {
    expect((await toggle({ intent: "tags", segment: "Gold", enabled: "true" })).status).toBe(400);
    expect((await toggle({ intent: "tags", segment: "VIP", enabled: "maybe" })).status).toBe(400);
    expect((await toggle({ intent: "tags", segment: "VIP", enabled: "true" }, "viewer")).status).toBe(403);
    expect((await toggle({ intent: "tags", segment: "VIP", enabled: "true" })).status).toBe(200);
    expect(await prisma.customerSegmentTag.findFirst({ where: { shopId: shop.id, segment: "VIP" } })).toMatchObject({
      enabled: true,
    });
  });
});

describe("/customers/rules", () => {
  const save = async (fields: Record<string, string>) =>
    call(
      rules.action as Handler,
      await requestAs("owner", shop.domain, "/customers/rules", { method: "POST", body: new URLSearchParams(fields) }),
    );
  const valid = { vipMinScore: "4", newWithinDays: "45" };

  it("refuses thresholds out of range with field errors, and stores valid ones", async () => {
    const bad = await save({ ...valid, vipMinScore: "9", newWithinDays: "x" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["newWithinDays", "vipMinScore"]);
    expect(await prisma.customerSegmentSettings.count({ where: { shopId: shop.id } })).toBe(0);
    expect((await save(valid)).status).toBe(302);
    expect(await prisma.customerSegmentSettings.findUnique({ where: { shopId: shop.id } })).toMatchObject({
      vipMinScore: 4,
      newWithinDays: 45,
    });
  });
});
