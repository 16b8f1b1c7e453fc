// The shop's Shopify collections and which products each holds (docs/decisions/072): written
// by the store import (a bulk query of collections with their products) and by the
// collections/* webhooks. A collection webhook does not list products, so a delivery marks the
// collection's products stale and the collections job re-reads them from Shopify (a paginated
// query), outside the delivery's transaction; smart collections, whose products change with
// the products themselves and send no collection webhook, are also re-read once a day.
// Every function takes the shop and filters by it.
import { prisma, type DbClient } from "~/db.server";
import { adminOperation, type AdminGraphql, type RequestOptions } from "~/features/store-sync/admin-client.server";
import { COLLECTION_PRODUCTS_QUERY } from "~/features/store-sync/queries";
import type { StoreSyncCollectionProductsQuery } from "~/graphql/admin.generated";
import { inSlices } from "~/lib/chunks";
import type { SyncShop, WriteResult } from "~/features/store-sync/writes.server";

export type SyncCollection = {
  shopifyId: string;
  title: string;
  handle: string;
  smart: boolean;
  updatedAt: Date | null;
};

/** A collections/create or collections/update body (REST): a smart collection carries its rules. */
export type RestCollection = {
  id: number | string;
  admin_graphql_api_id?: string;
  title?: string;
  handle?: string;
  updated_at?: string | null;
  rules?: unknown[] | null;
  disjunctive?: boolean | null;
};

export function collectionFromRest(c: RestCollection): SyncCollection {
  const shopifyId = c.admin_graphql_api_id ?? `gid://shopify/Collection/${c.id}`;
  return {
    shopifyId,
    title: c.title?.trim() || c.handle || "Collection",
    handle: c.handle ?? "",
    smart: Array.isArray(c.rules),
    updatedAt: c.updated_at ? new Date(c.updated_at) : null,
  };
}

/**
 * Creates or updates a collection (newer wins: an older delivery changes nothing). With
 * `staleAt` its products are marked to be re-read from Shopify (a webhook); returns the
 * local id, or null when the delivery was older than what is stored.
 */
export async function upsertCollection(
  db: DbClient,
  shop: SyncShop,
  c: SyncCollection,
  { staleAt = null }: { staleAt?: Date | null } = {},
): Promise<{ id: string; result: WriteResult } | null> {
  const existing = await db.collection.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: c.shopifyId } },
    select: { id: true, shopifyUpdatedAt: true },
  });
  if (existing?.shopifyUpdatedAt && c.updatedAt && existing.shopifyUpdatedAt > c.updatedAt) return null;
  const data = {
    title: c.title,
    handle: c.handle,
    smart: c.smart,
    shopifyUpdatedAt: c.updatedAt,
    ...(staleAt ? { productsStaleAt: staleAt } : {}),
  };
  if (existing) {
    await db.collection.update({ where: { id: existing.id }, data });
    return { id: existing.id, result: "updated" };
  }
  const row = await db.collection.create({
    data: { shopId: shop.id, shopifyId: c.shopifyId, ...data },
    select: { id: true },
  });
  return { id: row.id, result: "created" };
}

/** The local ids of products known by their Shopify ids (unknown ones are left out). */
async function productIds(db: DbClient, shopId: string, shopifyIds: readonly string[]): Promise<string[]> {
  const rows = await inSlices([...new Set(shopifyIds)], (ids) =>
    db.product.findMany({ where: { shopId, shopifyId: { in: ids } }, select: { id: true } }),
  );
  return rows.map((r) => r.id);
}

/** Replaces a collection's products with these (Shopify product ids). */
export async function setCollectionProducts(
  db: DbClient,
  shop: SyncShop,
  collectionId: string,
  productShopifyIds: readonly string[],
): Promise<number> {
  const ids = await productIds(db, shop.id, productShopifyIds);
  await db.collectionProduct.deleteMany({ where: { shopId: shop.id, collectionId } });
  if (ids.length)
    await db.collectionProduct.createMany({
      data: ids.map((productId) => ({ shopId: shop.id, collectionId, productId })),
    });
  return ids.length;
}

/** Adds products to a collection, keeping those it has (the import's rows after their batch). */
export async function addCollectionProducts(
  db: DbClient,
  shop: SyncShop,
  collectionShopifyId: string,
  productShopifyIds: readonly string[],
): Promise<void> {
  const collection = await db.collection.findUnique({
    where: { shopId_shopifyId: { shopId: shop.id, shopifyId: collectionShopifyId } },
    select: { id: true },
  });
  if (!collection) return;
  const ids = await productIds(db, shop.id, productShopifyIds);
  const known = new Set(
    (
      await db.collectionProduct.findMany({
        where: { shopId: shop.id, collectionId: collection.id, productId: { in: ids } },
        select: { productId: true },
      })
    ).map((r) => r.productId),
  );
  const added = ids.filter((id) => !known.has(id));
  if (added.length)
    await db.collectionProduct.createMany({
      data: added.map((productId) => ({ shopId: shop.id, collectionId: collection.id, productId })),
    });
}

/** collections/delete: the collection and its memberships go; a campaign limited to it then matches no line. */
export async function deleteCollection(db: DbClient, shop: SyncShop, shopifyId: string): Promise<boolean> {
  const { count } = await db.collection.deleteMany({ where: { shopId: shop.id, shopifyId } });
  return count > 0;
}

/**
 * Re-reads one collection and all its products from Shopify (pages of 250) and replaces its
 * membership, in one transaction. The stale mark is cleared only if no delivery marked it
 * again while the pages were read. A collection Shopify no longer has is deleted.
 */
export async function refreshCollectionProducts(
  shop: SyncShop,
  graphql: AdminGraphql,
  collection: { id: string; shopifyId: string; productsStaleAt: Date | null },
  { now = new Date(), request }: { now?: Date; request?: RequestOptions } = {},
): Promise<number | null> {
  const productIdsRead: string[] = [];
  let after: string | null = null;
  let head: { title: string; handle: string; updatedAt: string; smart: boolean } | null = null;
  for (let page = 0; page < 1_000; page++) {
    const data: StoreSyncCollectionProductsQuery = await adminOperation(
      graphql,
      COLLECTION_PRODUCTS_QUERY,
      { id: collection.shopifyId, after },
      request,
    );
    const c = data.collection;
    if (!c) {
      await deleteCollection(prisma, shop, collection.shopifyId);
      return null;
    }
    head = { title: c.title, handle: c.handle, updatedAt: c.updatedAt, smart: !!c.ruleSet };
    for (const p of c.products.nodes) productIdsRead.push(p.id);
    if (!c.products.pageInfo.hasNextPage || !c.products.pageInfo.endCursor) break;
    after = c.products.pageInfo.endCursor;
  }
  return prisma.$transaction(async (tx) => {
    const current = await tx.collection.findFirst({
      where: { id: collection.id, shopId: shop.id },
      select: { productsStaleAt: true },
    });
    if (!current) return null;
    const count = await setCollectionProducts(tx, shop, collection.id, productIdsRead);
    const markedAgain =
      current.productsStaleAt &&
      (!collection.productsStaleAt || current.productsStaleAt.getTime() !== collection.productsStaleAt.getTime());
    await tx.collection.update({
      where: { id: collection.id },
      data: {
        ...(head ? { title: head.title, handle: head.handle, smart: head.smart } : {}),
        productsReadAt: now,
        ...(markedAgain ? {} : { productsStaleAt: null }),
      },
    });
    return count;
  });
}

const DAY_MS = 86_400_000;

/**
 * The collections of a shop whose products must be read again: marked by a webhook, or smart
 * ones from Shopify not read for a day. Only collections with a Shopify id (the demo's have none).
 */
export async function collectionsToRefresh(shopId: string, now = new Date()) {
  return prisma.collection.findMany({
    where: {
      shopId,
      shopifyId: { not: null },
      OR: [
        { productsStaleAt: { not: null } },
        { smart: true, OR: [{ productsReadAt: null }, { productsReadAt: { lt: new Date(now.getTime() - DAY_MS) } }] },
      ],
    },
    select: { id: true, shopifyId: true, productsStaleAt: true },
    orderBy: { id: "asc" },
  });
}

/** The shops that have collections to re-read (the collections job's list). */
export async function shopsWithCollectionsToRefresh(now = new Date()): Promise<string[]> {
  const rows = await prisma.collection.findMany({
    where: {
      shopifyId: { not: null },
      shop: { uninstalledAt: null },
      OR: [
        { productsStaleAt: { not: null } },
        { smart: true, OR: [{ productsReadAt: null }, { productsReadAt: { lt: new Date(now.getTime() - DAY_MS) } }] },
      ],
    },
    select: { shopId: true },
    distinct: ["shopId"],
  });
  return rows.map((r) => r.shopId);
}

/** Re-reads every collection of the shop that needs it; returns how many were read. */
export async function refreshShopCollections(shop: SyncShop, graphql: AdminGraphql, now = new Date()) {
  let read = 0;
  for (const c of await collectionsToRefresh(shop.id, now)) {
    if (!c.shopifyId) continue;
    await refreshCollectionProducts(shop, graphql, { ...c, shopifyId: c.shopifyId }, { now });
    read++;
  }
  return read;
}

/** The shop's collections for a select (title order), with how many products each holds. */
export async function listCollections(shopId: string) {
  const rows = await prisma.collection.findMany({
    where: { shopId },
    orderBy: [{ title: "asc" }, { id: "asc" }],
    select: { id: true, title: true, handle: true, smart: true, _count: { select: { products: true } } },
  });
  return rows.map((r) => ({ id: r.id, title: r.title, handle: r.handle, smart: r.smart, products: r._count.products }));
}
