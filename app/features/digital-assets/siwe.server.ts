// Linking a customer's wallet with Sign-In with Ethereum (EIP-4361,
// docs/decisions/105-wallets-and-holder-checks.md). The server writes the message: its nonce (single
// use, bound to this shop and customer), the shop's domain and URI, the chain and a 10-minute
// expiry; the wallet only signs it. On the way back every bound field is compared with what was
// issued and the signature is checked: an ordinary account's by recovering its address, a
// smart-contract wallet's (ERC-1271 / ERC-6492) by viem's verifySiweMessage through the network's
// configured RPC. The nonce is spent in the same transaction that stores the wallet.
import { createPublicClient, custom, getAddress, http, isAddressEqual, recoverMessageAddress, type Hex } from "viem";
import {
  createSiweMessage,
  generateSiweNonce,
  parseSiweMessage,
  validateSiweMessage,
  verifySiweMessage,
} from "viem/siwe";
import { prisma } from "~/db.server";
import { isUniqueViolation } from "~/platform/prisma-errors";
import { networkSettings } from "./chain.server";
import { NETWORKS, NETWORK_IDS } from "./schema";

export const SIWE_TTL_MS = 10 * 60_000;

export class WalletError extends Error {
  constructor(
    readonly status: 400 | 401 | 409,
    message: string,
    readonly field = "_form",
  ) {
    super(message);
    this.name = "WalletError";
  }
}

type Shop = { id: string; domain: string; name: string };

const uriOf = (shop: Shop) => `https://${shop.domain}/apps/loyalty/wallet`;
const networkOf = (chainId: number) => NETWORK_IDS.find((n) => NETWORKS[n].chainId === chainId);

/** Issues a nonce for this customer and the message their wallet is asked to sign. */
export async function walletChallenge(
  shop: Shop,
  customerId: string,
  input: { address: string; chainId: number },
  now = new Date(),
) {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(now.getTime() + SIWE_TTL_MS);
  await prisma.siweNonce.create({ data: { nonce, shopId: shop.id, customerId, expiresAt, createdAt: now } });
  const message = createSiweMessage({
    domain: shop.domain,
    address: getAddress(input.address),
    statement: `Link this wallet to your ${shop.name} account. This moves no funds and grants no approval.`,
    uri: uriOf(shop),
    version: "1",
    chainId: input.chainId,
    nonce,
    issuedAt: now,
    expirationTime: expiresAt,
  });
  return { message, expiresAt: expiresAt.toISOString() };
}

/** The network's configured RPC; without one only an ordinary account's signature can be checked. */
async function clientFor(shopId: string, chainId: number) {
  const network = networkOf(chainId);
  const url = network ? (await networkSettings(shopId))[network] : null;
  if (url) return createPublicClient({ transport: http(url, { timeout: 4_000, retryCount: 0 }) });
  return createPublicClient({
    transport: custom({
      request: async () => {
        throw new Error("No RPC endpoint is configured for this network");
      },
    }),
  });
}

const REFUSED = "This sign-in request is unknown, used or expired; start again";

/**
 * Checks a signed message against the nonce issued to this shop's customer and stores the wallet
 * on the customer. Any mismatch is a 401 and writes nothing.
 */
export async function linkWallet(
  shop: Shop,
  customerId: string,
  input: { message: string; signature: string },
  now = new Date(),
) {
  let parsed: ReturnType<typeof parseSiweMessage>;
  try {
    parsed = parseSiweMessage(input.message);
  } catch {
    throw new WalletError(400, "This is not a Sign-In with Ethereum message", "message");
  }
  if (!parsed.address || !parsed.nonce || !parsed.chainId)
    throw new WalletError(400, "This is not a Sign-In with Ethereum message", "message");
  const issued = await prisma.siweNonce.findUnique({ where: { nonce: parsed.nonce } });
  if (
    !issued ||
    issued.shopId !== shop.id ||
    issued.customerId !== customerId ||
    issued.usedAt ||
    issued.expiresAt <= now
  )
    throw new WalletError(401, REFUSED);
  if (parsed.domain !== shop.domain || parsed.uri !== uriOf(shop))
    throw new WalletError(401, "The message was written for another site");
  if (!networkOf(parsed.chainId)) throw new WalletError(401, "The message is for a chain this store does not use");
  if (!parsed.expirationTime || parsed.expirationTime.getTime() > issued.expiresAt.getTime())
    throw new WalletError(401, REFUSED);
  const check = {
    message: input.message,
    signature: input.signature as Hex,
    domain: shop.domain,
    nonce: issued.nonce,
    time: now,
  };
  let valid = false;
  try {
    // An ordinary account's signature is proved by recovering its address, here; only when that
    // fails is the address asked through the RPC whether it is a contract wallet that accepts the
    // signature (ERC-1271 / ERC-6492). viem's own "eoa" mode, without the round trip to the node.
    const signer = await recoverMessageAddress({ message: input.message, signature: check.signature }).catch(
      () => null,
    );
    valid =
      signer && isAddressEqual(signer, parsed.address)
        ? validateSiweMessage({ message: parsed, domain: check.domain, nonce: check.nonce, time: now })
        : await verifySiweMessage(await clientFor(shop.id, parsed.chainId), check);
  } catch {
    valid = false;
  }
  if (!valid) throw new WalletError(401, "The signature does not match the wallet");
  const address = parsed.address.toLowerCase();
  try {
    await prisma.$transaction(async (tx) => {
      const spent = await tx.siweNonce.updateMany({
        where: { nonce: issued.nonce, shopId: shop.id, customerId, usedAt: null },
        data: { usedAt: now },
      });
      if (spent.count === 0) throw new WalletError(401, REFUSED);
      await tx.customer.update({
        where: { id: customerId, shopId: shop.id },
        data: { walletAddress: address, walletChainId: parsed.chainId!, walletLinkedAt: now },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new WalletError(409, "This wallet is linked to another account of this store");
    throw error;
  }
  return { address, chainId: parsed.chainId, linkedAt: now.toISOString() };
}

export async function unlinkWallet(shopId: string, customerId: string) {
  await prisma.customer.updateMany({
    where: { id: customerId, shopId },
    data: { walletAddress: null, walletChainId: null, walletLinkedAt: null },
  });
  await prisma.holderCheck.deleteMany({ where: { shopId, customerId } });
}

/** Spent and expired nonces are of no further use: dropped by the hourly job. */
export async function pruneNonces(now = new Date()) {
  const { count } = await prisma.siweNonce.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}

/** The storefront's signed-in customer (Shopify's numeric id from the app proxy) and their wallet. */
export async function walletCustomer(shopId: string, shopifyCustomerId: string) {
  return prisma.customer.findFirst({
    where: { shopId, shopifyId: `gid://shopify/Customer/${shopifyCustomerId}`, deletedAt: null, redactedAt: null },
    select: { id: true, walletAddress: true, walletChainId: true, walletLinkedAt: true },
  });
}
