// The digital-assets figures the screen's stat cards, the dashboard card and GET
// /api/digital-assets all read (one definition each), and the screen's lists.
import { holderSummaries } from "./holders.server";
import { prisma, sqlOn } from "~/db.server";
import { loyaltyToken, tierChoices } from "~/features/loyalty/index.server";
import { displayStatus } from "./status";

export type AssetFigures = {
  collections: number;
  activeCollections: number;
  itemsIssued: number;
  /** Distinct customers holding at least one item. */
  collectors: number;
  /** Loyalty token holders: members with a positive points balance. */
  tokenHolders: number;
  /** Holder perk codes an order has used (each code counts once). */
  perksRedeemed: number;
  /** Customers with a wallet proved by Sign-In with Ethereum. */
  linkedWallets: number;
};

export async function assetFigures(shopId: string): Promise<AssetFigures> {
  const [byStatus, issued, collectors, token, perksRedeemed, linkedWallets] = await Promise.all([
    prisma.assetCollection.groupBy({ by: ["status"], where: { shopId }, _count: { _all: true } }),
    prisma.assetCollection.aggregate({ where: { shopId }, _sum: { issued: true } }),
    // Counted in the database: a groupBy would bring every holder's row into the process.
    sqlOn()
      .selectFrom("AssetItem")
      .select((eb) => eb.fn.count<number>("customerId").distinct().as("n"))
      .where("shopId", "=", shopId)
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0)),
    loyaltyToken(shopId),
    prisma.perkCode.count({ where: { shopId, redeemedAt: { not: null } } }),
    prisma.customer.count({ where: { shopId, walletAddress: { not: null } } }),
  ]);
  return {
    collections: byStatus.reduce((s, r) => s + r._count._all, 0),
    activeCollections: byStatus.find((r) => r.status === "active")?._count._all ?? 0,
    itemsIssued: issued._sum.issued ?? 0,
    collectors,
    tokenHolders: token?.holders ?? 0,
    perksRedeemed,
    linkedWallets,
  };
}

export async function listCollections(shopId: string) {
  const [rows, onChain] = await Promise.all([
    prisma.assetCollection.findMany({ where: { shopId }, orderBy: { createdAt: "desc" }, take: 200 }),
    holderSummaries(shopId),
  ]);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    supply: c.supply,
    issued: c.issued,
    imageUrl: c.imageUrl,
    status: c.status,
    displayStatus: displayStatus(c),
    ruleKind: c.ruleKind,
    chainNetwork: c.chainNetwork,
    contractStandard: c.contractStandard,
    contractAddress: c.contractAddress,
    contractTokenId: c.contractTokenId,
    // The latest on-chain reading of linked wallets' balances, or null when never read.
    onChain: onChain.get(c.id) ?? null,
  }));
}

/** The latest items issued, for the Overview's recent activity. */
export async function recentIssues(shopId: string, take = 10) {
  const items = await prisma.assetItem.findMany({
    where: { shopId },
    orderBy: { issuedAt: "desc" },
    take,
    select: {
      id: true,
      serial: true,
      token: true,
      source: true,
      issuedAt: true,
      customerId: true,
      collection: { select: { name: true } },
    },
  });
  const customers = await prisma.customer.findMany({
    where: { shopId, id: { in: items.map((i) => i.customerId) } },
    select: { id: true, firstName: true, lastName: true, email: true },
  });
  const byId = new Map(customers.map((c) => [c.id, c]));
  return items.map((i) => {
    const c = byId.get(i.customerId);
    const name = [c?.firstName, c?.lastName].filter(Boolean).join(" ") || c?.email || "Customer";
    return {
      id: i.id,
      serial: i.serial,
      verifyPath: `/c/${i.token}`,
      source: i.source,
      issuedAt: i.issuedAt.toISOString(),
      collectionName: i.collection.name,
      customerName: name,
    };
  });
}

/** The choices a collection's rule offers: the shop's tiers and products. */
export async function ruleChoices(shopId: string) {
  const [tiers, products] = await Promise.all([
    tierChoices(shopId),
    prisma.product.findMany({
      where: { shopId, deletedAt: null },
      select: { id: true, title: true },
      orderBy: { title: "asc" },
      take: 200,
    }),
  ]);
  return { tiers, products: products.map((p) => ({ id: p.id, name: p.title })) };
}
