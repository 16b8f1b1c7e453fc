// On-chain holder checks (docs/decisions/105-wallets-and-holder-checks.md): for a collection linked
// to an ERC-721 or ERC-1155 contract, each linked wallet's balance is read from the chain through
// the network's configured RPC, read-only, in JSON-RPC batches. A balance is kept 10 minutes (the
// freshness core.md §7 gives digital assets); older ones are read again. An endpoint on the wrong
// chain or out of reach is an error and grants nobody anything.
import { createPublicClient, http, type Address } from "viem";
import { prisma } from "~/db.server";
import { chunks, inSlices } from "~/lib/chunks";
import { describeRpcError, networkSettings } from "./chain.server";
import { AssetError } from "./collections.server";
import { NETWORKS, type Network } from "./schema";

export const HOLDER_FRESHNESS_MS = 10 * 60_000;
const BATCH = 500;

const BALANCE_ABI = [
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ type: "address" }],
    outputs: [{ type: "uint256" }],
  },
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ type: "address" }, { type: "uint256" }],
    outputs: [{ type: "uint256" }],
  },
] as const;

export type HolderCheckResult =
  | { state: "not-linked" | "not-configured" }
  | { state: "error"; error: string }
  | { state: "read"; wallets: number; holders: number; read: number; checkedAt: string };

/**
 * Reads the balance of every linked wallet of the shop whose last reading is older than the
 * freshness (or was of another wallet), stores them, and answers the collection's holders.
 */
export async function checkHolders(shopId: string, collectionId: string, now = new Date()): Promise<HolderCheckResult> {
  const c = await prisma.assetCollection.findFirst({ where: { id: collectionId, shopId } });
  if (!c) throw new AssetError(404, "Collection not found");
  if (!c.contractAddress || !c.chainNetwork) return { state: "not-linked" };
  const network = c.chainNetwork as Network;
  const url = (await networkSettings(shopId))[network];
  if (!url) return { state: "not-configured" };
  const wallets = await prisma.customer.findMany({
    where: { shopId, walletAddress: { not: null }, deletedAt: null, redactedAt: null },
    select: { id: true, walletAddress: true },
  });
  const fresh = new Map(
    (
      await prisma.holderCheck.findMany({
        where: { shopId, collectionId, checkedAt: { gt: new Date(now.getTime() - HOLDER_FRESHNESS_MS) } },
        select: { customerId: true, address: true },
      })
    ).map((h) => [h.customerId, h.address]),
  );
  const stale = wallets.filter((w) => fresh.get(w.id) !== w.walletAddress);
  if (stale.length) {
    const client = createPublicClient({
      transport: http(url, { timeout: 10_000, retryCount: 0, batch: { batchSize: BATCH } }),
    });
    let balances: bigint[];
    try {
      const chainId = await client.getChainId();
      if (chainId !== NETWORKS[network].chainId)
        return {
          state: "error",
          error: `The endpoint is on chain ${chainId}, not ${NETWORKS[network].label} (chain ${NETWORKS[network].chainId})`,
        };
      const address = c.contractAddress as Address;
      balances = await Promise.all(
        stale.map((w) =>
          c.contractStandard === "erc1155"
            ? client.readContract({
                address,
                abi: BALANCE_ABI,
                functionName: "balanceOf",
                args: [w.walletAddress as Address, BigInt(c.contractTokenId ?? "0")],
              })
            : client.readContract({
                address,
                abi: BALANCE_ABI,
                functionName: "balanceOf",
                args: [w.walletAddress as Address],
              }),
        ),
      );
    } catch (error) {
      return { state: "error", error: describeRpcError(error) };
    }
    const rows = stale.map((w, i) => ({
      shopId,
      collectionId,
      customerId: w.id,
      address: w.walletAddress!,
      balance: balances[i]!.toString(),
      checkedAt: now,
    }));
    // In chunks: SQLite takes at most 999 parameters a statement.
    await prisma.$transaction(
      [...chunks(rows, 200)].flatMap((part) => [
        prisma.holderCheck.deleteMany({
          where: { shopId, collectionId, customerId: { in: part.map((r) => r.customerId) } },
        }),
        prisma.holderCheck.createMany({ data: part }),
      ]),
    );
  }
  const linked = new Set(wallets.map((w) => w.id));
  const held = await prisma.holderCheck.findMany({
    where: { shopId, collectionId, NOT: { balance: "0" } },
    select: { customerId: true, address: true },
  });
  const current = new Map(wallets.map((w) => [w.id, w.walletAddress]));
  const holders = held.filter((h) => linked.has(h.customerId) && current.get(h.customerId) === h.address).length;
  return { state: "read", wallets: wallets.length, holders, read: stale.length, checkedAt: now.toISOString() };
}

/**
 * The customers who hold a collection on chain, by a reading within the freshness and of their
 * current wallet: the only on-chain holders a perk may go to.
 */
export async function onChainHolders(shopId: string, collectionId: string, now = new Date()) {
  const rows = await prisma.holderCheck.findMany({
    where: {
      shopId,
      collectionId,
      NOT: { balance: "0" },
      checkedAt: { gt: new Date(now.getTime() - HOLDER_FRESHNESS_MS) },
    },
    select: { customerId: true, address: true },
  });
  if (!rows.length) return [];
  const customers = await inSlices(
    rows.map((r) => r.customerId),
    (ids) =>
      prisma.customer.findMany({
        where: { shopId, id: { in: ids }, deletedAt: null, redactedAt: null },
        select: { id: true, walletAddress: true },
      }),
  );
  const current = new Map(customers.map((c) => [c.id, c.walletAddress]));
  return rows.filter((r) => current.get(r.customerId) === r.address).map((r) => r.customerId);
}

/** The holder counts shown beside each linked collection: the latest readings, with their time. */
export async function holderSummaries(shopId: string) {
  const rows = await prisma.holderCheck.groupBy({
    by: ["collectionId"],
    where: { shopId },
    _max: { checkedAt: true },
  });
  const holders = await prisma.holderCheck.groupBy({
    by: ["collectionId"],
    where: { shopId, NOT: { balance: "0" } },
    _count: { _all: true },
  });
  const count = new Map(holders.map((h) => [h.collectionId, h._count._all]));
  return new Map(
    rows.map((r) => [r.collectionId, { holders: count.get(r.collectionId) ?? 0, checkedAt: r._max.checkedAt }]),
  );
}
