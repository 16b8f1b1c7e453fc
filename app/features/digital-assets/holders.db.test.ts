// On-chain holder checks against a real EVM (ganache in this process, OpenZeppelin 4.9 ERC-721 and
// ERC-1155 deployed and minted): linked wallets that hold the token are holders, readings are kept
// for the freshness and then read again, a lying or unreachable endpoint grants nobody, and shop
// A's collections and wallets never reach shop B.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import type { Address } from "viem";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { startLocalEvm, type LocalEvm } from "~tests/local-evm";
import { HOLDER_FRESHNESS_MS, checkHolders, onChainHolders } from "./holders.server";
import { listCollections } from "./overview.server";

const keys = [
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
] as const;
const wallets = keys.map((k) => privateKeyToAccount(k).address);
let evm: LocalEvm;
let shopA: Awaited<ReturnType<typeof createShop>>;
let shopB: Awaited<ReturnType<typeof createShop>>;
let nft: string;
let multi: string;
const ids: string[] = [];

async function linked(shopId: string, name: string, standard: "erc721" | "erc1155", address: string, tokenId?: string) {
  return (
    await prisma.assetCollection.create({
      data: {
        shopId,
        name,
        supply: 10,
        status: "active",
        chainNetwork: "ethereum",
        contractStandard: standard,
        contractAddress: address.toLowerCase(),
        contractTokenId: tokenId ?? null,
      },
    })
  ).id;
}

beforeAll(async () => {
  evm = await startLocalEvm(1);
  const erc721 = await evm.deployErc721();
  const erc1155 = await evm.deployErc1155();
  // Wallet 0 holds two ERC-721 tokens, wallet 1 one; wallet 2 none. Of ERC-1155 id 7, only wallet 2.
  await evm.mint721(erc721, wallets[0] as Address);
  await evm.mint721(erc721, wallets[0] as Address);
  await evm.mint721(erc721, wallets[1] as Address);
  await evm.mint1155(erc1155, wallets[2] as Address, 7n, 3n);
  await evm.mint1155(erc1155, wallets[0] as Address, 8n, 1n);
  shopA = await createShop({ domain: "holders-a.myshopify.com" });
  shopB = await createShop({ domain: "holders-b.myshopify.com" });
  await prisma.chainSetting.create({ data: { shopId: shopA.id, network: "ethereum", rpcUrl: evm.rpcUrl } });
  for (const [i, w] of wallets.entries()) {
    const c = await prisma.customer.create({
      data: { shopId: shopA.id, email: `h${i}@example.com`, walletAddress: w.toLowerCase(), walletChainId: 1 },
    });
    ids.push(c.id);
  }
  // Shop B's customer linked the same wallet as A's customer 0: a separate customer of a separate shop.
  await prisma.customer.create({ data: { shopId: shopB.id, walletAddress: wallets[0]!.toLowerCase() } });
  nft = await linked(shopA.id, "Founders", "erc721", erc721);
  multi = await linked(shopA.id, "Backstage", "erc1155", erc1155, "7");
}, 60_000);

afterAll(async () => evm.stop());

describe("on-chain holder checks", () => {
  it("reads each linked wallet's balance: ERC-721 holders and an ERC-1155 token id's holders", async () => {
    const now = new Date();
    expect(await checkHolders(shopA.id, nft, now)).toMatchObject({ state: "read", wallets: 3, holders: 2, read: 3 });
    expect((await onChainHolders(shopA.id, nft, now)).sort()).toEqual([ids[0], ids[1]].sort());
    const balances = await prisma.holderCheck.findMany({ where: { collectionId: nft }, orderBy: { balance: "desc" } });
    expect(balances.map((b) => b.balance)).toEqual(["2", "1", "0"]);
    expect(await checkHolders(shopA.id, multi, now)).toMatchObject({ state: "read", holders: 1 });
    expect(await onChainHolders(shopA.id, multi, now)).toEqual([ids[2]]);
    const shown = (await listCollections(shopA.id)).find((c) => c.id === nft)!;
    expect(shown.onChain).toMatchObject({ holders: 2 });
  });

  it("keeps a reading for the freshness, reads again after it, and forgets an unlinked or changed wallet", async () => {
    const now = new Date();
    expect(await checkHolders(shopA.id, nft, new Date(now.getTime() + 60_000))).toMatchObject({ read: 0, holders: 2 });
    await evm.mint721(
      (await prisma.assetCollection.findUniqueOrThrow({ where: { id: nft } })).contractAddress as Address,
      wallets[2] as Address,
    );
    const later = new Date(now.getTime() + HOLDER_FRESHNESS_MS + 1_000);
    expect(await onChainHolders(shopA.id, nft, later)).toEqual([]);
    expect(await checkHolders(shopA.id, nft, later)).toMatchObject({ read: 3, holders: 3 });
    // Customer 1 moves to a wallet that holds nothing: not a holder, even before the next read.
    await prisma.customer.update({
      where: { id: ids[1] },
      data: { walletAddress: "0x000000000000000000000000000000000000beef" },
    });
    expect((await onChainHolders(shopA.id, nft, later)).sort()).toEqual([ids[0], ids[2]].sort());
    expect(await checkHolders(shopA.id, nft, later)).toMatchObject({ read: 1, holders: 2 });
  });

  it("grants nobody through an endpoint on the wrong chain or out of reach, and says why", async () => {
    const future = new Date(Date.now() + 3 * HOLDER_FRESHNESS_MS);
    await prisma.chainSetting.update({
      where: { shopId_network: { shopId: shopA.id, network: "ethereum" } },
      data: { rpcUrl: "http://127.0.0.1:9/v3/secret-key" },
    });
    const down = await checkHolders(shopA.id, nft, future);
    expect(down).toEqual({ state: "error", error: "The endpoint could not be reached" });
    expect(await onChainHolders(shopA.id, nft, future)).toEqual([]);
    await prisma.chainSetting.update({
      where: { shopId_network: { shopId: shopA.id, network: "ethereum" } },
      data: { network: "polygon" },
    });
    await prisma.assetCollection.update({ where: { id: nft }, data: { chainNetwork: "polygon" } });
    await prisma.chainSetting.update({
      where: { shopId_network: { shopId: shopA.id, network: "polygon" } },
      data: { rpcUrl: evm.rpcUrl },
    });
    expect(await checkHolders(shopA.id, nft, future)).toEqual({
      state: "error",
      error: "The endpoint is on chain 1, not Polygon (chain 137)",
    });
    expect(await onChainHolders(shopA.id, nft, future)).toEqual([]);
  });

  it("keeps shop A's collections and readings from shop B", async () => {
    await expect(checkHolders(shopB.id, nft)).rejects.toMatchObject({ status: 404 });
    expect(await onChainHolders(shopB.id, multi)).toEqual([]);
    expect((await listCollections(shopB.id)).length).toBe(0);
    expect(await prisma.holderCheck.count({ where: { shopId: shopB.id } })).toBe(0);
  });
});
