// Collections and their items (docs/decisions/101-digital-assets.md): defined by the merchant,
// issued off-chain to customers by hand or by a rule, each item verifiable at /c/{token}. The
// collection's `issued` count moves in the same transaction as its items, by an increment
// guarded by the supply, so concurrent issues can never pass it.
import { randomBytes } from "node:crypto";
import { prisma } from "~/db.server";
import { isUniqueViolation } from "~/platform/prisma-errors";
import { customersAtOrAbove, tierChoices } from "~/features/loyalty/index.server";
import type { CollectionEdit, CollectionInput, CollectionStatus } from "./schema";
import { canMove, issuable } from "./status";

export class AssetError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field = "_form",
  ) {
    super(message);
    this.name = "AssetError";
  }
}

/** 32 random bytes: the verification page's address, not guessable from any other item's. */
export const newItemToken = () => randomBytes(32).toString("base64url");

export async function createCollection(shopId: string, input: Omit<CollectionInput, "intent">) {
  if (input.ruleKind === "tier") {
    const tiers = await tierChoices(shopId);
    if (!tiers.some((t) => t.id === input.ruleTierId))
      throw new AssetError(400, "Choose one of your loyalty tiers", "ruleTierId");
  }
  if (input.ruleKind === "product") {
    const product = await prisma.product.findFirst({
      where: { id: input.ruleProductId, shopId, deletedAt: null },
      select: { id: true },
    });
    if (!product) throw new AssetError(400, "Choose one of your products", "ruleProductId");
  }
  return prisma.assetCollection.create({
    data: {
      shopId,
      name: input.name,
      description: input.description ?? "",
      supply: input.supply,
      imageUrl: input.imageUrl ?? null,
      status: input.status,
      ruleKind: input.ruleKind ?? null,
      ruleTierId: input.ruleKind === "tier" ? input.ruleTierId : null,
      ruleProductId: input.ruleKind === "product" ? input.ruleProductId : null,
      chainNetwork: input.chainNetwork ?? null,
      contractStandard: input.contractStandard ?? null,
      contractAddress: input.contractAddress?.toLowerCase() ?? null,
      contractTokenId: input.contractStandard === "erc1155" ? (input.contractTokenId ?? null) : null,
    },
  });
}

async function collectionOf(shopId: string, id: string) {
  const c = await prisma.assetCollection.findFirst({ where: { id, shopId } });
  if (!c) throw new AssetError(404, "Collection not found");
  return c;
}

export async function setCollectionStatus(shopId: string, id: string, to: CollectionStatus) {
  const c = await collectionOf(shopId, id);
  if (!canMove(c.status, to)) throw new AssetError(409, `A ${c.status} collection cannot become ${to}`);
  const { count } = await prisma.assetCollection.updateMany({
    where: { id, shopId, status: c.status },
    data: { status: to },
  });
  if (count === 0) throw new AssetError(409, "The collection changed meanwhile; reload and try again");
}

/**
 * Changes a collection's name, description, image, supply and linked contract. The supply never
 * drops below what was issued: the update is guarded on it, so an issue racing the edit cannot
 * slip under it.
 */
export async function editCollection(
  shopId: string,
  id: string,
  input: Omit<CollectionEdit, "intent" | "collectionId">,
) {
  const c = await collectionOf(shopId, id);
  if (input.supply < c.issued)
    throw new AssetError(400, `At least ${c.issued.toLocaleString("en-US")}, the number already issued`, "supply");
  const { count } = await prisma.assetCollection.updateMany({
    where: { id, shopId, issued: { lte: input.supply } },
    data: {
      name: input.name,
      description: input.description ?? "",
      supply: input.supply,
      imageUrl: input.imageUrl ?? null,
      chainNetwork: input.chainNetwork ?? null,
      contractStandard: input.contractStandard ?? null,
      contractAddress: input.contractAddress?.toLowerCase() ?? null,
      contractTokenId: input.contractStandard === "erc1155" ? (input.contractTokenId ?? null) : null,
    },
  });
  if (count === 0) throw new AssetError(409, "The collection changed meanwhile; reload and try again");
}

/**
 * Deletes a collection that has issued nothing. One that has issued is kept, because its items'
 * verification pages must keep answering: pausing it is how it is retired (a 409 says so).
 */
export async function deleteCollection(shopId: string, id: string) {
  const c = await collectionOf(shopId, id);
  if (c.issued > 0) throw new AssetError(409, "A collection that has issued items cannot be deleted; pause it instead");
  const { count } = await prisma.assetCollection.deleteMany({ where: { id, shopId, issued: 0 } });
  if (count === 0) throw new AssetError(409, "The collection issued meanwhile; pause it instead");
}

export type Issued = { serial: number; token: string };

/**
 * Issues one item of each collection to each customer (already holders skipped) in one
 * transaction: the supply guard first, then the items with the serials it reserved.
 */
async function issueTo(
  shopId: string,
  collectionId: string,
  customerIds: string[],
  source: "manual" | "rule",
  now: Date,
): Promise<Issued[]> {
  return prisma.$transaction(async (tx) => {
    const c = await tx.assetCollection.findFirst({ where: { id: collectionId, shopId } });
    if (!c) throw new AssetError(404, "Collection not found");
    if (c.status !== "active") throw new AssetError(409, "Only an active collection issues items");
    const holders = new Set(
      (
        await tx.assetItem.findMany({
          where: { collectionId, customerId: { in: customerIds } },
          select: { customerId: true },
        })
      ).map((i) => i.customerId),
    );
    const wanted = customerIds.filter((id) => !holders.has(id));
    if (wanted.length === 0) return [];
    const n = issuable(c, wanted.length);
    if (n === 0) throw new AssetError(409, "This collection is sold out");
    const { count } = await tx.assetCollection.updateMany({
      where: { id: collectionId, shopId, status: "active", issued: { lte: c.supply - n } },
      data: { issued: { increment: n } },
    });
    if (count === 0) throw new AssetError(409, "The collection changed meanwhile; try again");
    const after = await tx.assetCollection.findUniqueOrThrow({ where: { id: collectionId }, select: { issued: true } });
    const first = after.issued - n + 1;
    const items = wanted.slice(0, n).map((customerId, i) => ({
      shopId,
      collectionId,
      customerId,
      serial: first + i,
      token: newItemToken(),
      source,
      issuedAt: now,
    }));
    await tx.assetItem.createMany({ data: items });
    return items.map(({ serial, token }) => ({ serial, token }));
  });
}

/** Issues an item to the customer with this e-mail, by hand. */
export async function issueByHand(shopId: string, collectionId: string, email: string, now = new Date()) {
  await collectionOf(shopId, collectionId);
  const customer = await prisma.customer.findFirst({
    where: { shopId, email, deletedAt: null, redactedAt: null },
    select: { id: true },
  });
  if (!customer) throw new AssetError(400, "No customer of this store has this e-mail", "email");
  try {
    const [item] = await issueTo(shopId, collectionId, [customer.id], "manual", now);
    if (!item) throw new AssetError(409, "This customer already holds an item of this collection", "email");
    return item;
  } catch (error) {
    // Two issues to the same customer at once: the (collection, customer) key keeps one.
    if (isUniqueViolation(error))
      throw new AssetError(409, "This customer already holds an item of this collection", "email");
    throw error;
  }
}

/** The customers a collection's rule names today, oldest claim first. */
async function ruleCustomers(
  shopId: string,
  c: { ruleKind: string | null; ruleTierId: string | null; ruleProductId: string | null },
) {
  if (c.ruleKind === "tier" && c.ruleTierId) return customersAtOrAbove(shopId, c.ruleTierId);
  if (c.ruleKind === "product" && c.ruleProductId) {
    const orders = await prisma.order.findMany({
      where: { shopId, cancelledAt: null, customerId: { not: null }, lines: { some: { productId: c.ruleProductId } } },
      select: { customerId: true },
      orderBy: { processedAt: "asc" },
    });
    return [...new Set(orders.map((o) => o.customerId!))];
  }
  return [];
}

/**
 * Issues the collection to every customer its rule names who does not hold one yet, up to the
 * supply. Run when the merchant asks and when a ruled collection becomes active; idempotent.
 */
export async function applyRule(shopId: string, collectionId: string, now = new Date()) {
  const c = await collectionOf(shopId, collectionId);
  if (!c.ruleKind) throw new AssetError(409, "This collection has no issuing rule");
  if (c.status !== "active") throw new AssetError(409, "Only an active collection issues items");
  const customers = await ruleCustomers(shopId, c);
  const held = new Set(
    (await prisma.assetItem.findMany({ where: { shopId, collectionId }, select: { customerId: true } })).map(
      (i) => i.customerId,
    ),
  );
  const pending = customers.filter((id) => !held.has(id)).slice(0, Math.max(0, c.supply - c.issued));
  if (pending.length === 0) return { issued: 0 };
  const items = await issueTo(shopId, collectionId, pending, "rule", now);
  return { issued: items.length };
}

/** The public verification page's view: the item and its shop, never its holder. */
export async function verifyItem(token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const item = await prisma.assetItem.findUnique({
    where: { token },
    select: {
      serial: true,
      issuedAt: true,
      collection: {
        select: {
          name: true,
          description: true,
          imageUrl: true,
          supply: true,
          chainNetwork: true,
          contractAddress: true,
          shop: { select: { name: true, domain: true, timezone: true, uninstalledAt: true } },
        },
      },
    },
  });
  if (!item || item.collection.shop.uninstalledAt) return null;
  const { shop, ...collection } = item.collection;
  return {
    serial: item.serial,
    issuedAt: item.issuedAt,
    collection,
    shop: { name: shop.name, domain: shop.domain, timezone: shop.timezone },
  };
}
