// Sign-In with Ethereum through the storefront's app proxy, with real signatures from viem
// accounts verified against a real EVM (ganache in this process, the shop's configured RPC):
// the round trip stores the wallet on the customer; a replayed nonce, an expired message, another
// site's domain, another chain, a bad or malformed signature and another shop's nonce are refused
// with nothing written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_SECRET_KEY, RequestType, setUpValidRequest } from "@shopify/shopify-api/test-helpers";
import { getAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import "~/jobs.server";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { startLocalEvm, type LocalEvm } from "~tests/local-evm";
import { action, loader } from "~/routes/proxy.loyalty_.wallet";
import { linkWallet, walletChallenge } from "~/features/digital-assets/index.server";

const A = "wallet-a.myshopify.com";
const B = "wallet-b.myshopify.com";
const APP = "https://my-test-app.myshopify.io";
const alice = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const bob = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");
let evm: LocalEvm;
let shopA: Awaited<ReturnType<typeof createShop>>;
let shopB: Awaited<ReturnType<typeof createShop>>;
let aliceId: string;

async function send(domain: string, customer: string, values?: Record<string, string>) {
  const request = await setUpValidRequest(
    { type: RequestType.Public, store: domain.replace(".myshopify.com", ""), apiSecretKey: API_SECRET_KEY },
    new Request(`${APP}/proxy/loyalty/wallet?logged_in_customer_id=${customer}`, {
      method: values ? "POST" : "GET",
      body: values ? new URLSearchParams(values) : undefined,
      headers: { accept: "application/json" },
    }),
  );
  try {
    const res = (await (values ? action : loader)({ request, params: {}, context: {} })) as Response;
    return { status: res.status, body: await res.json() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null };
    throw thrown;
  }
}
const challenge = async (domain: string, customer: string, address: string, chainId = "1") =>
  (await send(domain, customer, { intent: "challenge", address, chainId })).body.message as string;
const link = (domain: string, customer: string, message: string, signature: string) =>
  send(domain, customer, { intent: "link", message, signature });
const walletOf = async (id: string) =>
  (await prisma.customer.findUniqueOrThrow({ where: { id }, select: { walletAddress: true } })).walletAddress;

beforeAll(async () => {
  evm = await startLocalEvm(1);
  shopA = await createShop({ domain: A, name: "Shop A" });
  shopB = await createShop({ domain: B, name: "Shop B" });
  await prisma.chainSetting.create({ data: { shopId: shopA.id, network: "ethereum", rpcUrl: evm.rpcUrl } });
  aliceId = (await prisma.customer.create({ data: { shopId: shopA.id, shopifyId: "gid://shopify/Customer/601" } })).id;
  await prisma.customer.create({ data: { shopId: shopA.id, shopifyId: "gid://shopify/Customer/602" } });
  await prisma.customer.create({ data: { shopId: shopB.id, shopifyId: "gid://shopify/Customer/701" } });
}, 30_000);

afterAll(async () => evm.stop());

describe("Sign-In with Ethereum wallet linking", () => {
  it("links the wallet that signed the server's message, once", async () => {
    const message = await challenge(A, "601", alice.address);
    expect(message).toContain(`${A} wants you to sign in with your Ethereum account:\n${alice.address}`);
    expect(message).toMatch(/Chain ID: 1\n/);
    expect(message).toMatch(/Expiration Time: /);
    const signature = await alice.signMessage({ message });
    const linked = await link(A, "601", message, signature);
    expect(linked).toEqual({
      status: 200,
      body: { address: alice.address.toLowerCase(), chainId: 1, linkedAt: expect.any(String) },
    });
    expect(await walletOf(aliceId)).toBe(alice.address.toLowerCase());
    expect((await send(A, "601")).body).toMatchObject({ wallet: alice.address.toLowerCase(), chainId: 1 });

    // The same signed message again: its nonce is spent.
    await prisma.customer.update({ where: { id: aliceId }, data: { walletAddress: null } });
    expect((await link(A, "601", message, signature)).status).toBe(401);
    expect(await walletOf(aliceId)).toBeNull();
  });

  it("refuses a wrong signature, a malformed one, another site, another chain and an expired message", async () => {
    const message = await challenge(A, "601", alice.address);
    const nonce = /Nonce: (\w+)/.exec(message)![1]!;
    expect((await link(A, "601", message, await bob.signMessage({ message }))).status).toBe(401);
    expect((await link(A, "601", message, "0x1234")).status).toBe(401);
    expect((await link(A, "601", message, "not hex")).status).toBe(400);
    const rewritten = (over: object) =>
      createSiweMessage({
        domain: A,
        address: alice.address,
        uri: `https://${A}/apps/loyalty/wallet`,
        version: "1",
        chainId: 1,
        nonce,
        expirationTime: new Date(Date.now() + 60_000),
        ...over,
      });
    for (const over of [
      { domain: "evil.example" },
      { uri: "https://evil.example/apps/loyalty/wallet" },
      { chainId: 5 },
    ]) {
      const forged = rewritten(over);
      expect((await link(A, "601", forged, await alice.signMessage({ message: forged }))).status).toBe(401);
    }
    // The message outlives its nonce: refused too.
    const longer = rewritten({ expirationTime: new Date(Date.now() + 3_600_000) });
    expect((await link(A, "601", longer, await alice.signMessage({ message: longer }))).status).toBe(401);
    expect(await walletOf(aliceId)).toBeNull();

    const shop = { id: shopA.id, domain: A, name: "Shop A" };
    const issued = new Date("2026-11-30T10:00:00Z");
    const old = await walletChallenge(shop, aliceId, { address: alice.address, chainId: 1 }, issued);
    const sig = await alice.signMessage({ message: old.message });
    await expect(
      linkWallet(shop, aliceId, { message: old.message, signature: sig }, new Date("2026-11-30T10:10:01Z")),
    ).rejects.toMatchObject({ status: 401 });
    expect(await walletOf(aliceId)).toBeNull();
  });

  it("refuses another shop's or another customer's nonce; a wallet belongs to one customer per shop", async () => {
    const forB = await challenge(B, "701", alice.address);
    expect((await link(A, "601", forB, await alice.signMessage({ message: forB }))).status).toBe(401);
    const forBob = await challenge(A, "602", alice.address);
    expect((await link(A, "601", forBob, await alice.signMessage({ message: forBob }))).status).toBe(401);
    expect(await walletOf(aliceId)).toBeNull();

    // Shop B has no RPC configured: an ordinary account's signature is still checked, by recovery.
    expect((await link(B, "701", forB, await alice.signMessage({ message: forB }))).status).toBe(200);
    const first = await challenge(A, "601", alice.address);
    expect((await link(A, "601", first, await alice.signMessage({ message: first }))).status).toBe(200);
    const taken = await challenge(A, "602", alice.address);
    expect((await link(A, "602", taken, await alice.signMessage({ message: taken }))).status).toBe(409);
  });

  it("links a smart-contract wallet (ERC-1271) when its owner signs, and not when anyone else does", async () => {
    const contract = await evm.deployOwnerWallet(alice.address);
    const bobId = (await prisma.customer.findFirstOrThrow({ where: { shopifyId: "gid://shopify/Customer/602" } })).id;
    const forged = await challenge(A, "602", contract);
    expect(forged).toContain(`\n${getAddress(contract)}\n`);
    expect((await link(A, "602", forged, await bob.signMessage({ message: forged }))).status).toBe(401);
    expect(await walletOf(bobId)).toBeNull();

    const message = await challenge(A, "602", contract);
    const linked = await link(A, "602", message, await alice.signMessage({ message }));
    expect(linked).toMatchObject({ status: 200, body: { address: contract.toLowerCase(), chainId: 1 } });
    expect(await walletOf(bobId)).toBe(contract.toLowerCase());
  });

  it("unlinks, and refuses a visitor who is not signed in or a request Shopify did not sign", async () => {
    expect((await send(A, "601", { intent: "unlink" })).body).toEqual({ wallet: null });
    expect(await walletOf(aliceId)).toBeNull();
    expect((await send(A, "", { intent: "challenge", address: alice.address, chainId: "1" })).status).toBe(401);
    expect((await send(A, "601", { intent: "challenge", address: "0x12", chainId: "56" })).body.fieldErrors).toEqual({
      address: [expect.any(String)],
      chainId: [expect.any(String)],
    });
    const unsigned = new Request(`${APP}/proxy/loyalty/wallet?shop=${A}&logged_in_customer_id=601`, {
      method: "POST",
      body: new URLSearchParams({ intent: "unlink" }),
    });
    const answer = await Promise.resolve(action({ request: unsigned, params: {}, context: {} })).catch((r) => r);
    expect((answer as Response).status).toBeGreaterThanOrEqual(400);
  });
});
