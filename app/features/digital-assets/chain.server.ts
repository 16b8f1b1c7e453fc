// Read-only access to Ethereum and Polygon through the RPC endpoint the merchant configured
// (docs/decisions/101-digital-assets.md). Every status is read live when shown: nothing here is
// stored or cached, so the screen never says "connected" from memory. Errors are turned into
// short messages that never repeat the endpoint's URL (it often carries an API key).
import {
  createPublicClient,
  HttpRequestError,
  http,
  RpcRequestError,
  TimeoutError,
  type Address,
  type PublicClient,
} from "viem";
import { prisma } from "~/db.server";
import { NETWORKS, NETWORK_IDS, type Network } from "./schema";

const TIMEOUT_MS = 4_000;

export type NetworkStatus =
  | { network: Network; label: string; state: "not-configured" }
  | { network: Network; label: string; state: "connected"; blockNumber: string; rpcHost: string }
  | { network: Network; label: string; state: "error"; error: string; rpcHost: string };

function clientFor(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { timeout: TIMEOUT_MS, retryCount: 0, batch: false }) });
}

/** What went wrong, in words that carry no URL, header or body of the request. */
export function describeRpcError(error: unknown): string {
  if (error instanceof TimeoutError) return `The endpoint did not answer within ${TIMEOUT_MS / 1000} s`;
  if (error instanceof HttpRequestError)
    return error.status ? `The endpoint answered HTTP ${error.status}` : "The endpoint could not be reached";
  if (error instanceof RpcRequestError) return `The endpoint refused the request (JSON-RPC error ${error.code})`;
  if (error instanceof ChainMismatch) return error.message;
  return "The endpoint's answer could not be read";
}

class ChainMismatch extends Error {}

/** The host shown beside a status: enough to recognise the provider, never a path or key. */
const hostOf = (rpcUrl: string) => {
  try {
    return new URL(rpcUrl).host;
  } catch {
    return "";
  }
};

/** Checks the endpoint speaks for `network` (its chain id) and reads its latest block. */
export async function readNetwork(network: Network, rpcUrl: string | null): Promise<NetworkStatus> {
  const { label, chainId } = NETWORKS[network];
  if (!rpcUrl) return { network, label, state: "not-configured" };
  const rpcHost = hostOf(rpcUrl);
  try {
    const client = clientFor(rpcUrl);
    const answered = await client.getChainId();
    if (answered !== chainId)
      throw new ChainMismatch(`The endpoint is on chain ${answered}, not ${label} (chain ${chainId})`);
    const block = await client.getBlockNumber({ cacheTime: 0 });
    return { network, label, state: "connected", blockNumber: block.toString(), rpcHost };
  } catch (error) {
    return { network, label, state: "error", error: describeRpcError(error), rpcHost };
  }
}

const CONTRACT_ABI = [
  { type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
  { type: "function", name: "symbol", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
  { type: "function", name: "totalSupply", stateMutability: "view", inputs: [], outputs: [{ type: "uint256" }] },
] as const;

export type ContractRead =
  | { state: "read"; name: string | null; symbol: string | null; totalSupply: string | null; blockNumber: string }
  | { state: "error"; error: string };

/**
 * A linked contract's name, symbol and total supply as the chain answers now. ERC-1155 and some
 * ERC-721 contracts do not implement every one of them: those are null ("not provided").
 */
export async function readContractInfo(network: Network, rpcUrl: string, address: string): Promise<ContractRead> {
  try {
    const client = clientFor(rpcUrl);
    const chainId = await client.getChainId();
    const { label, chainId: expected } = NETWORKS[network];
    if (chainId !== expected)
      throw new ChainMismatch(`The endpoint is on chain ${chainId}, not ${label} (chain ${expected})`);
    const [code, blockNumber] = await Promise.all([
      client.getCode({ address: address as Address }),
      client.getBlockNumber({ cacheTime: 0 }),
    ]);
    if (!code || code === "0x") return { state: "error", error: `No contract at this address on ${label}` };
    const optional = async <T>(read: Promise<T>) => read.catch(() => null);
    const [name, symbol, totalSupply] = await Promise.all([
      optional(client.readContract({ address: address as Address, abi: CONTRACT_ABI, functionName: "name" })),
      optional(client.readContract({ address: address as Address, abi: CONTRACT_ABI, functionName: "symbol" })),
      optional(client.readContract({ address: address as Address, abi: CONTRACT_ABI, functionName: "totalSupply" })),
    ]);
    return {
      state: "read",
      name,
      symbol,
      totalSupply: totalSupply?.toString() ?? null,
      blockNumber: blockNumber.toString(),
    };
  } catch (error) {
    return { state: "error", error: describeRpcError(error) };
  }
}

export async function networkSettings(shopId: string): Promise<Record<Network, string | null>> {
  const rows = await prisma.chainSetting.findMany({ where: { shopId }, select: { network: true, rpcUrl: true } });
  const out = { ethereum: null, polygon: null } as Record<Network, string | null>;
  for (const r of rows) if (r.network in out) out[r.network as Network] = r.rpcUrl;
  return out;
}

/** Saves both endpoints; an empty one removes that network's configuration. */
export async function saveNetworks(shopId: string, urls: Partial<Record<Network, string>>) {
  await prisma.$transaction(
    NETWORK_IDS.map((network) =>
      urls[network]
        ? prisma.chainSetting.upsert({
            where: { shopId_network: { shopId, network } },
            create: { shopId, network, rpcUrl: urls[network]! },
            update: { rpcUrl: urls[network]! },
          })
        : prisma.chainSetting.deleteMany({ where: { shopId, network } }),
    ),
  );
}

export type LinkedContract = {
  collectionId: string;
  collectionName: string;
  network: Network;
  standard: string;
  address: string;
  read: ContractRead | { state: "not-configured" };
};

/** The Blockchain Settings tab: each network's live status and each linked contract as read now. */
export async function blockchainSettings(shopId: string) {
  const urls = await networkSettings(shopId);
  const linked = await prisma.assetCollection.findMany({
    where: { shopId, contractAddress: { not: null } },
    select: { id: true, name: true, chainNetwork: true, contractStandard: true, contractAddress: true },
    orderBy: { createdAt: "asc" },
    take: 20,
  });
  const [networks, contracts] = await Promise.all([
    Promise.all(NETWORK_IDS.map((n) => readNetwork(n, urls[n]))),
    Promise.all(
      linked.map(async (c): Promise<LinkedContract> => {
        const network = c.chainNetwork as Network;
        const url = urls[network];
        return {
          collectionId: c.id,
          collectionName: c.name,
          network,
          standard: c.contractStandard ?? "",
          address: c.contractAddress!,
          read: url ? await readContractInfo(network, url, c.contractAddress!) : { state: "not-configured" },
        };
      }),
    ),
  ]);
  return { urls, networks, contracts };
}
