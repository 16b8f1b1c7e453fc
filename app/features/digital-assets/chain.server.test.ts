// On-chain reads against a real EVM: ganache in this process, served over a local HTTP JSON-RPC
// server so the app's own viem HTTP transport is what talks to it. An OpenZeppelin 4.9 ERC-721
// is deployed and minted; the app reads the network's block and the contract's name, symbol and
// supply, and a lying endpoint (wrong chain) or an unreachable one shows its error.
import http from "node:http";
import type { AddressInfo } from "node:net";
import ganache from "ganache";
import { createWalletClient, custom, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import artifact from "@openzeppelin/contracts/build/contracts/ERC721PresetMinterPauserAutoId.json";
import { httpTransport } from "~tests/local-http";
import { describeRpcError, readContractInfo, readNetwork } from "./chain.server";

const SECRET = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
let provider: ReturnType<typeof ganache.provider>;
let server: http.Server;
let rpcUrl: string;
let contract: Address;
const blockedFetch = globalThis.fetch;

beforeAll(async () => {
  provider = ganache.provider({
    logging: { quiet: true },
    chain: { chainId: 1 },
    wallet: { accounts: [{ secretKey: SECRET, balance: "0x56BC75E2D63100000" }] },
  });
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const call = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        id: number;
        method: string;
        params: unknown[];
      };
      let answer: object;
      try {
        const result = await provider.request({ method: call.method, params: call.params } as never);
        answer = { jsonrpc: "2.0", id: call.id, result };
      } catch (error) {
        answer = { jsonrpc: "2.0", id: call.id, error: { code: -32000, message: (error as Error).message } };
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/secret-key`;
  // The tests block the network; requests to this local server go over real HTTP (node:http).
  globalThis.fetch = ((url: string, init: { method: string; headers: Record<string, string>; body?: string }) =>
    httpTransport(String(url), init)) as typeof fetch;

  const account = privateKeyToAccount(SECRET);
  const from = account.address;
  const wallet = createWalletClient({ account, transport: custom(provider) });
  const chain = {
    id: 1,
    name: "Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  };
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode as Hex,
    args: ["Founders Club", "FCLUB", "https://example.test/"],
    chain,
  });
  const receipt = (await provider.request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
    contractAddress: Address;
  };
  contract = receipt.contractAddress;
  for (let i = 0; i < 3; i++)
    await wallet.writeContract({ address: contract, abi: artifact.abi, functionName: "mint", args: [from], chain });
}, 20_000);

afterAll(async () => {
  globalThis.fetch = blockedFetch;
  await new Promise((resolve) => server.close(resolve));
  await provider.disconnect();
});

describe("reading a network", () => {
  it("says Not configured without an endpoint", async () => {
    expect(await readNetwork("ethereum", null)).toMatchObject({ state: "not-configured" });
  });

  it("is connected at the chain's current block", async () => {
    const head = BigInt((await provider.request({ method: "eth_blockNumber", params: [] })) as string);
    const status = await readNetwork("ethereum", rpcUrl);
    expect(status).toMatchObject({ state: "connected", blockNumber: head.toString(), rpcHost: new URL(rpcUrl).host });
  });

  it("refuses an endpoint on another chain, and one that cannot be reached, without echoing the URL", async () => {
    const lying = await readNetwork("polygon", rpcUrl);
    expect(lying).toEqual(
      expect.objectContaining({ state: "error", error: "The endpoint is on chain 1, not Polygon (chain 137)" }),
    );
    const down = await readNetwork("ethereum", "http://127.0.0.1:9/v3/secret-key");
    expect(down).toMatchObject({ state: "error", error: "The endpoint could not be reached" });
    expect(JSON.stringify([lying, down])).not.toContain("secret-key");
  });
});

describe("reading a linked contract", () => {
  it("reads name, symbol and total supply from the deployed ERC-721", async () => {
    const read = await readContractInfo("ethereum", rpcUrl, contract);
    expect(read).toMatchObject({ state: "read", name: "Founders Club", symbol: "FCLUB", totalSupply: "3" });
  });

  it("says when no contract is at the address, and refuses the wrong chain", async () => {
    expect(await readContractInfo("ethereum", rpcUrl, "0x000000000000000000000000000000000000dead")).toEqual({
      state: "error",
      error: "No contract at this address on Ethereum",
    });
    expect(await readContractInfo("polygon", rpcUrl, contract)).toMatchObject({ state: "error" });
    expect(describeRpcError(new Error("https://x/secret"))).not.toContain("secret");
  });
});
