// A real EVM for tests and benchmarks: ganache in this process, served over a local HTTP JSON-RPC
// server so the app's own viem HTTP transport is what talks to it (docs/decisions/105-*), with an
// OpenZeppelin 4.9 ERC-721 or ERC-1155 deployed from @openzeppelin/contracts' own artifacts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import ganache from "ganache";
import { createWalletClient, custom, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import erc721 from "@openzeppelin/contracts/build/contracts/ERC721PresetMinterPauserAutoId.json";
import erc1155 from "@openzeppelin/contracts/build/contracts/ERC1155PresetMinterPauser.json";
import ownerWallet from "~tests/contracts/OwnerWallet.json";
import { httpTransport } from "~tests/local-http";

export const DEPLOYER_KEY = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";

export type LocalEvm = Awaited<ReturnType<typeof startLocalEvm>>;

/** Starts a chain with this id; `rpcUrl` carries a fake key so tests can check it is never echoed. */
export async function startLocalEvm(chainId = 1) {
  const provider = ganache.provider({
    logging: { quiet: true },
    chain: { chainId },
    wallet: { accounts: [{ secretKey: DEPLOYER_KEY, balance: "0x56BC75E2D63100000" }] },
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as
        { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[];
      const one = async (call: { id: number; method: string; params: unknown[] }) => {
        try {
          const result = await provider.request({ method: call.method, params: call.params } as never);
          return { jsonrpc: "2.0", id: call.id, result };
        } catch (error) {
          return { jsonrpc: "2.0", id: call.id, error: { code: -32000, message: (error as Error).message } };
        }
      };
      const answer = Array.isArray(body) ? await Promise.all(body.map(one)) : await one(body);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/secret-key`;
  // The tests block the network; requests to this local server go over real HTTP (node:http).
  const blockedFetch = globalThis.fetch;
  globalThis.fetch = ((url: string, init: { method: string; headers: Record<string, string>; body?: string }) =>
    httpTransport(String(url), init)) as typeof fetch;

  const account = privateKeyToAccount(DEPLOYER_KEY);
  const chain = {
    id: chainId,
    name: "Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  };
  const wallet = createWalletClient({ account, transport: custom(provider), chain });
  const receiptOf = async (hash: Hex) =>
    (await provider.request({ method: "eth_getTransactionReceipt", params: [hash] })) as { contractAddress: Address };

  return {
    provider,
    rpcUrl,
    deployer: account.address,
    async deployErc721(name = "Founders Club", symbol = "FCLUB") {
      const hash = await wallet.deployContract({
        abi: erc721.abi,
        bytecode: erc721.bytecode as Hex,
        args: [name, symbol, "https://example.test/"],
      });
      return (await receiptOf(hash)).contractAddress;
    },
    async mint721(contract: Address, to: Address) {
      await wallet.writeContract({ address: contract, abi: erc721.abi, functionName: "mint", args: [to] });
    },
    async deployErc1155() {
      const hash = await wallet.deployContract({
        abi: erc1155.abi,
        bytecode: erc1155.bytecode as Hex,
        args: ["https://example.test/{id}.json"],
      });
      return (await receiptOf(hash)).contractAddress;
    },
    async mint1155(contract: Address, to: Address, id: bigint, amount: bigint) {
      await wallet.writeContract({
        address: contract,
        abi: erc1155.abi,
        functionName: "mint",
        args: [to, id, amount, "0x"],
      });
    },
    /** A smart-contract wallet (ERC-1271, tests/contracts/OwnerWallet.sol) that accepts its owner's signatures. */
    async deployOwnerWallet(owner: Address) {
      const hash = await wallet.deployContract({
        abi: ownerWallet.abi,
        bytecode: ownerWallet.bytecode as Hex,
        args: [owner],
      });
      return (await receiptOf(hash)).contractAddress;
    },
    async stop() {
      globalThis.fetch = blockedFetch;
      await new Promise((resolve) => server.close(resolve));
      await provider.disconnect();
    },
  };
}
