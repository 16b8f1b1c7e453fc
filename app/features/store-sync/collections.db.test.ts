// Collections (docs/decisions/072): the collections/* webhooks store a collection exactly once
// and mark its products to be re-read; the collections job reads them from Shopify (recorded
// pages of the StoreSyncCollectionProducts query) and replaces the membership; delete removes
// collection and membership; every read and write is the shop's own.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { shopify } from "~/shopify.server";
import { createShop } from "~tests/factories";
import { installSession, webhookRequest } from "~tests/shopify";
import { fixture, jsonResponse, schemaErrors, stubAdminApi } from "~tests/shopify-admin";
import { listCollections } from "~/features/store-sync/index.server";
import { refreshShopCollections, shopsWithCollectionsToRefresh } from "~/features/store-sync/collections.server";
import * as collectionsCreate from "~/routes/webhooks.collections.create";
import * as collectionsUpdate from "~/routes/webhooks.collections.update";
import * as collectionsDelete from "~/routes/webhooks.collections.delete";

type Route = { action: (args: ActionFunctionArgs) => Promise<Response> };
const ROUTES: Record<string, Route> = {
  "collections/create": collectionsCreate,
  "collections/update": collectionsUpdate,
  "collections/delete": collectionsDelete,
};
const SHOP = "collections-store.myshopify.com";
const OTHER = "collections-other.myshopify.com";

async function deliver(topic: string, payload: unknown, options: { webhookId?: string; domain?: string } = {}) {
  const response = await ROUTES[topic].action({
    request: webhookRequest(topic, options.domain ?? SHOP, payload, options),
    params: {},
    context: {},
  });
  return response.status;
}

let shop: { id: string; currency: string; timezone: string; domain: string };
let other: { id: string; currency: string; timezone: string; domain: string };
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

async function products(shopId: string, ...ids: number[]) {
  for (const n of ids)
    await prisma.product.create({
      data: { shopId, shopifyId: `gid://shopify/Product/${n}`, title: `P${n}`, category: "Audio" },
    });
}

const members = async (shopId: string, shopifyId: string) =>
  (
    await prisma.collectionProduct.findMany({
      where: { shopId, collection: { shopifyId } },
      select: { product: { select: { shopifyId: true } } },
    })
  )
    .map((m) => m.product.shopifyId)
    .sort();

/** Shopify's answers to the re-read: two recorded pages of the collection's products. */
function recordedCollectionPages() {
  const seen: { after: unknown }[] = [];
  const stub = stubAdminApi(async (request) => {
    if (!request.url.endsWith("/graphql.json")) return undefined;
    const body = (await request.json()) as { query: string; variables?: Record<string, unknown> };
    const invalid = schemaErrors(body.query);
    if (invalid) return invalid;
    if (!/StoreSyncCollectionProducts/.test(body.query)) return undefined;
    seen.push({ after: body.variables?.after ?? null });
    return jsonResponse(
      fixture(body.variables?.after ? "collection-products-page-2.json" : "collection-products-page-1.json"),
    );
  });
  restore = stub.restore;
  return seen;
}

async function graphqlFor(domain: string) {
  const { admin } = await shopify().unauthenticated.admin(domain);
  return admin.graphql;
}

beforeAll(async () => {
  shop = await createShop({ domain: SHOP, currency: "USD", timezone: "America/New_York" });
  other = await createShop({ domain: OTHER, currency: "USD", timezone: "UTC" });
  await installSession(SHOP);
  await products(shop.id, 1, 2, 3);
  await products(other.id, 1, 2);
});

describe("collections webhooks and the re-read of their products", () => {
  it("stores a collection once and marks its products to be read; the job reads them from Shopify", async () => {
    const payload = fixture<Record<string, unknown>>("webhook-collection.json");
    expect(await deliver("collections/create", payload, { webhookId: "c-1" })).toBe(200);
    // A replay of the same delivery changes nothing.
    expect(await deliver("collections/create", payload, { webhookId: "c-1" })).toBe(200);
    const stored = await prisma.collection.findMany({ where: { shopId: shop.id } });
    expect(stored.map((c) => [c.shopifyId, c.title, c.handle, c.smart])).toEqual([
      ["gid://shopify/Collection/801", "Audio gear", "audio", false],
    ]);
    expect(stored[0].productsStaleAt).not.toBeNull();
    expect(await shopsWithCollectionsToRefresh()).toContain(shop.id);

    const seen = recordedCollectionPages();
    expect(await refreshShopCollections(shop, await graphqlFor(SHOP))).toBe(1);
    // Both pages were read (the second after the first page's cursor).
    expect(seen).toEqual([{ after: null }, { after: "eyJsYXN0X2lkIjoyfQ==" }]);
    expect(await members(shop.id, "gid://shopify/Collection/801")).toEqual([
      "gid://shopify/Product/1",
      "gid://shopify/Product/2",
    ]);
    const after = await prisma.collection.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(after.productsStaleAt).toBeNull();
    expect(after.productsReadAt).not.toBeNull();
    // The other shop, with products of the same Shopify ids, has no collection and no membership.
    expect(await prisma.collectionProduct.count({ where: { shopId: other.id } })).toBe(0);
    expect(await listCollections(other.id)).toEqual([]);
    expect(await listCollections(shop.id)).toEqual([
      { id: after.id, title: "Audio gear", handle: "audio", smart: false, products: 2 },
    ]);
  });

  it("a smart collection is stored as smart; an older update changes nothing", async () => {
    const smart = fixture<Record<string, unknown>>("webhook-smart-collection.json");
    expect(await deliver("collections/create", smart, { webhookId: "s-1" })).toBe(200);
    const older = { ...smart, title: "Old title", updated_at: "2026-06-01T00:00:00-04:00" };
    expect(await deliver("collections/update", older, { webhookId: "s-2" })).toBe(200);
    const row = await prisma.collection.findFirstOrThrow({
      where: { shopId: shop.id, shopifyId: "gid://shopify/Collection/802" },
    });
    expect([row.title, row.smart]).toEqual(["Summer picks", true]);
  });

  it("an update marks the products again; a delete removes the collection and its membership", async () => {
    const payload = {
      ...fixture<Record<string, unknown>>("webhook-collection.json"),
      title: "Audio",
      updated_at: "2026-07-02T06:00:00-04:00",
    };
    expect(await deliver("collections/update", payload, { webhookId: "c-2" })).toBe(200);
    const row = await prisma.collection.findFirstOrThrow({
      where: { shopId: shop.id, shopifyId: "gid://shopify/Collection/801" },
    });
    expect([row.title, row.productsStaleAt !== null]).toEqual(["Audio", true]);

    // The same delete for the other shop removes nothing of this one.
    expect(await deliver("collections/delete", { id: 801 }, { webhookId: "d-0", domain: OTHER })).toBe(200);
    expect(await members(shop.id, "gid://shopify/Collection/801")).toHaveLength(2);

    expect(await deliver("collections/delete", { id: 801, published_scope: "web" }, { webhookId: "d-1" })).toBe(200);
    expect(
      await prisma.collection.count({ where: { shopId: shop.id, shopifyId: "gid://shopify/Collection/801" } }),
    ).toBe(0);
    expect(await prisma.collectionProduct.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("refuses another topic's body on the delete route (strict shape), writing nothing", async () => {
    const before = await prisma.collection.count({ where: { shopId: shop.id } });
    expect(await deliver("collections/delete", { id: 802, title: "x", rules: [] }, { webhookId: "d-2" })).toBe(200);
    const delivery = await prisma.webhookDelivery.findFirst({ where: { webhookId: "d-2" } });
    expect(delivery?.outcome).toBe("rejected");
    expect(await prisma.collection.count({ where: { shopId: shop.id } })).toBe(before);
  });
});
