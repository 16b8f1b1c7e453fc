// Digital assets on the database, through the screen's route as each role: collections created
// and issued by hand and by rule up to their supply (sold out after), the verification page
// without personal data, the settings' endpoints and live status, and shop A's
// collections never reaching shop B.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { installSession, installTeam, requestAs } from "~tests/shopify";
import { postOrders } from "~/features/loyalty/index.server";
import { action, loader } from "~/routes/_admin.digital-assets";
import { loader as apiLoader } from "~/routes/api.digital-assets";
import { loader as verifyLoader } from "~/routes/_public.c.$token";
import { applyAllRules } from "./jobs.server";

const A = "assets-a.myshopify.com";
const B = "assets-b.myshopify.com";
type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;
const customers: string[] = [];
let product: Awaited<ReturnType<typeof createProduct>>;

type Answer = { status: number; body: any };
async function call(fn: (a: LoaderFunctionArgs) => Promise<unknown>, request: Request, params = {}): Promise<Answer> {
  try {
    const result = await fn({ request, params, context: {} } as LoaderFunctionArgs);
    if (result instanceof Response) return { status: result.status, body: await result.json() };
    const d = result as { type?: string; data?: unknown; init?: { status?: number } };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data };
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text() };
    throw thrown;
  }
}

const post = async (role: "owner" | "viewer", shop: string, values: Record<string, string>) =>
  call(action, await requestAs(role, shop, "/digital-assets", { method: "POST", body: new URLSearchParams(values) }));
const screen = async (shop: string, tab = "collections") =>
  call(loader, await requestAs("owner", shop, `/digital-assets?tab=${tab}`));
const counts = async () => ({
  collections: await prisma.assetCollection.count(),
  items: await prisma.assetItem.count(),
  settings: await prisma.chainSetting.count(),
});

beforeAll(async () => {
  a = await createShop({ domain: A, name: "Shop A", timezone: "Europe/Berlin" });
  b = await createShop({ domain: B, name: "Shop B" });
  await prisma.shop.updateMany({ where: { id: { in: [a.id, b.id] } }, data: { plan: "pro" } });
  for (const s of [a, b]) {
    await installSession(s.domain);
    await installTeam(s);
  }
  product = await createProduct(a.id, { title: "Founders Tee", priceMinor: 60_000 });
  const other = await createProduct(a.id, { title: "Sticker", priceMinor: 500 });
  for (let i = 0; i < 4; i++) {
    const c = await prisma.customer.create({
      data: { shopId: a.id, email: `c${i}@example.com`, firstName: `Cust${i}`, lastName: "Holder" },
    });
    customers.push(c.id);
    // Customers 0 and 1 buy the tee ($600: Silver); 2 and 3 a sticker only.
    const order = await createOrder(a.id, "2026-11-01", [line(i < 2 ? product : other)], { customerId: c.id });
    await postOrders({ id: a.id, currency: "USD", timezone: a.timezone }, [order.id]);
  }
  await prisma.customer.create({ data: { shopId: b.id, email: "c0@example.com", firstName: "B's" } });
});

describe("collections", () => {
  let id: string;
  it("creates, issues by hand with a verification page, and refuses a second item, a stranger and a Viewer", async () => {
    const bad = await post("owner", A, { intent: "createCollection", name: "", supply: "0", imageUrl: "http://x" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["imageUrl", "name", "supply"]);
    const before = await counts();
    expect((await post("viewer", A, { intent: "createCollection", name: "Pass", supply: "2" })).status).toBe(403);
    expect(await counts()).toEqual(before);

    const made = await post("owner", A, {
      intent: "createCollection",
      name: "VIP Pass",
      supply: "2",
      status: "active",
    });
    expect(made).toMatchObject({ status: 200, body: { ok: true } });
    id = (await prisma.assetCollection.findFirstOrThrow({ where: { shopId: a.id, name: "VIP Pass" } })).id;

    const issued = await post("owner", A, { intent: "issue", collectionId: id, email: "c2@example.com" });
    expect(issued.body).toMatchObject({ ok: true, message: "Item #1 issued" });
    const token = issued.body.verifyPath.slice(3);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = await call(verifyLoader, new Request(`http://app.test/c/${token}`), { token });
    expect(page.body).toMatchObject({ name: "VIP Pass", serial: 1, supply: 2, shopName: "Shop A" });
    expect(JSON.stringify(page.body)).not.toMatch(/c2@example|Cust2|Holder/);
    expect((await call(verifyLoader, new Request("http://app.test/c/x"), { token: "A".repeat(43) })).status).toBe(404);

    expect((await post("owner", A, { intent: "issue", collectionId: id, email: "c2@example.com" })).status).toBe(409);
    const stranger = await post("owner", A, { intent: "issue", collectionId: id, email: "nobody@example.com" });
    expect(stranger).toMatchObject({ status: 400, body: { fieldErrors: { email: [expect.any(String)] } } });
    expect((await post("viewer", A, { intent: "issue", collectionId: id, email: "c3@example.com" })).status).toBe(403);
  });

  it("issues up to the supply, then is sold out; paused issues nothing; draft → paused is a 409", async () => {
    expect((await post("owner", A, { intent: "issue", collectionId: id, email: "c3@example.com" })).body.ok).toBe(true);
    const c = (await screen(A)).body.collections.find((x: { id: string }) => x.id === id);
    expect(c).toMatchObject({ issued: 2, supply: 2, displayStatus: "sold-out" });
    expect((await post("owner", A, { intent: "issue", collectionId: id, email: "c0@example.com" })).status).toBe(409);
    expect(await prisma.assetItem.count({ where: { collectionId: id } })).toBe(2);
    expect((await post("owner", A, { intent: "setStatus", collectionId: id, status: "paused" })).status).toBe(200);
    expect((await post("owner", A, { intent: "setStatus", collectionId: id, status: "draft" })).status).toBe(409);
  });

  it("issues by rule: buying a product, and reaching a tier, once each and within the supply", async () => {
    const bought = await post("owner", A, {
      intent: "createCollection",
      name: "Tee Owners",
      supply: "10",
      status: "active",
      ruleKind: "product",
      ruleProductId: product.product.id,
    });
    expect(bought.body.message).toBe("Collection created; 2 issued by its rule");
    const tee = await prisma.assetCollection.findFirstOrThrow({ where: { shopId: a.id, name: "Tee Owners" } });
    const holders = await prisma.assetItem.findMany({ where: { collectionId: tee.id }, orderBy: { serial: "asc" } });
    expect(holders.map((h) => h.customerId).sort()).toEqual(customers.slice(0, 2).sort());
    expect(holders.map((h) => h.source)).toEqual(["rule", "rule"]);
    expect((await post("owner", A, { intent: "applyRule", collectionId: tee.id })).body.message).toBe(
      "Nobody new qualifies",
    );
    // Customer 3 buys the tee later: the hourly job issues theirs, and only theirs.
    await createOrder(a.id, "2026-11-03", [line(product)], { customerId: customers[3]! });
    expect(await applyAllRules()).toEqual({ issued: 1 });
    expect(await prisma.assetItem.count({ where: { collectionId: tee.id } })).toBe(3);
    expect(await applyAllRules()).toEqual({ issued: 0 });

    const silver = await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: a.id, name: "Silver" } });
    const tier = await post("owner", A, {
      intent: "createCollection",
      name: "Silver Club",
      supply: "1",
      status: "active",
      ruleKind: "tier",
      ruleTierId: silver.id,
    });
    // Two customers reached Silver; the supply is one.
    expect(tier.body.message).toBe("Collection created; 1 issued by its rule");
    const bTier = await post("owner", B, {
      intent: "createCollection",
      name: "X",
      supply: "1",
      ruleKind: "tier",
      ruleTierId: silver.id,
    });
    expect(bTier).toMatchObject({ status: 400, body: { fieldErrors: { ruleTierId: [expect.any(String)] } } });
  });

  it("edits a collection (not below what it issued) and deletes only one that has issued nothing", async () => {
    const vip = await prisma.assetCollection.findFirstOrThrow({ where: { shopId: a.id, name: "VIP Pass" } });
    const edit = (role: "owner" | "viewer", shop: string, values: Record<string, string>) =>
      post(role, shop, { intent: "editCollection", collectionId: vip.id, name: "VIP Pass", ...values });
    const below = await edit("owner", A, { supply: "1" });
    expect(below).toMatchObject({
      status: 400,
      body: { fieldErrors: { supply: [expect.stringMatching(/^At least 2/)] } },
    });
    const half = await edit("owner", A, { supply: "5", chainNetwork: "ethereum" });
    expect(Object.keys(half.body.fieldErrors).sort()).toEqual(["contractAddress", "contractStandard"]);
    expect((await edit("viewer", A, { supply: "9" })).status).toBe(403);
    expect((await edit("owner", B, { supply: "9" })).status).toBe(404);
    expect(await prisma.assetCollection.findUniqueOrThrow({ where: { id: vip.id } })).toMatchObject({ supply: 2 });
    const saved = await edit("owner", A, { name: "VIP Pass", supply: "3", description: "Members' night" });
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: "Collection saved" } });
    expect(await prisma.assetCollection.findUniqueOrThrow({ where: { id: vip.id } })).toMatchObject({
      supply: 3,
      description: "Members' night",
      issued: 2,
    });
    await edit("owner", A, { supply: "2" });

    // Issued items keep their verification pages: deleting is refused, pausing is the way out.
    const issuedOne = await post("owner", A, { intent: "deleteCollection", collectionId: vip.id });
    expect(issuedOne).toMatchObject({
      status: 409,
      body: { fieldErrors: { _form: [expect.stringMatching(/pause/)] } },
    });
    await post("owner", A, { intent: "createCollection", name: "Never issued", supply: "5" });
    const draft = await prisma.assetCollection.findFirstOrThrow({ where: { shopId: a.id, name: "Never issued" } });
    expect((await post("viewer", A, { intent: "deleteCollection", collectionId: draft.id })).status).toBe(403);
    expect((await post("owner", B, { intent: "deleteCollection", collectionId: draft.id })).status).toBe(404);
    expect(await prisma.assetCollection.count({ where: { id: draft.id } })).toBe(1);
    expect((await post("owner", A, { intent: "deleteCollection", collectionId: draft.id })).body).toMatchObject({
      ok: true,
    });
    expect(await prisma.assetCollection.count({ where: { id: draft.id } })).toBe(0);
    expect((await post("owner", A, { intent: "deleteCollection", collectionId: draft.id })).status).toBe(404);
  });

  it("keeps shop A's collections, items and figures from shop B", async () => {
    const aCollection = await prisma.assetCollection.findFirstOrThrow({ where: { shopId: a.id, status: "active" } });
    const seen = await screen(B, "overview");
    expect(seen.body.collections).toEqual([]);
    expect(seen.body.recent).toEqual([]);
    expect(seen.body.figures).toMatchObject({ collections: 0, itemsIssued: 0 });
    const before = await counts();
    expect(
      (await post("owner", B, { intent: "issue", collectionId: aCollection.id, email: "c0@example.com" })).status,
    ).toBe(404);
    expect(
      (await post("owner", B, { intent: "setStatus", collectionId: aCollection.id, status: "paused" })).status,
    ).toBe(404);
    expect(await counts()).toEqual(before);
    const api = await call(apiLoader, await requestAs("owner", B, "/api/digital-assets"));
    expect(api.body.collections).toEqual([]);
    const mine = await call(apiLoader, await requestAs("viewer", A, "/api/digital-assets"));
    expect(mine.body.figures).toMatchObject({ collections: 3, itemsIssued: 6 });
  });
});

describe("blockchain settings", () => {
  it("saves endpoints (Owner only, valid URLs) and shows Not configured without one", async () => {
    const empty = await screen(A, "settings");
    expect(empty.body.settings.networks.map((n: { state: string }) => n.state)).toEqual([
      "not-configured",
      "not-configured",
    ]);
    expect((await post("viewer", A, { intent: "saveNetworks", ethereum: "https://rpc.example" })).status).toBe(403);
    const bad = await post("owner", A, { intent: "saveNetworks", ethereum: "ftp://rpc.example" });
    expect(bad).toMatchObject({ status: 400, body: { fieldErrors: { ethereum: ["Enter an http or https URL"] } } });
    expect(await prisma.chainSetting.count()).toBe(0);
    expect((await post("owner", A, { intent: "saveNetworks", polygon: "http://127.0.0.1:9/key" })).status).toBe(200);
    const after = await screen(A, "settings");
    expect(after.body.settings.networks[1]).toMatchObject({
      state: "error",
      error: "The endpoint could not be reached",
    });
    expect((await screen(B, "settings")).body.settings.urls).toEqual({ ethereum: null, polygon: null });
  });
});
