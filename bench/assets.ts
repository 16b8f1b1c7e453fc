// `npm run bench:assets`: issue 41's digital-assets targets against a real EVM (ganache in this
// process behind a local JSON-RPC server, an OpenZeppelin ERC-721 deployed and minted):
//   holder checks for 1,000 linked wallets ≤ 5 s (batched JSON-RPC), beside the same reads one
//     request each (the plain baseline);
//   Sign-In with Ethereum verification (linkWallet: nonce, bound fields, an ordinary account's
//     signature recovered, the wallet stored) p95 ≤ 20 ms, beside viem's bare signature recovery;
//   the /digital-assets screen's loader (assetsScreen) p95 ≤ 50 ms with 100,000 issued items,
//     beside a plain count of the items.
// Options: --wallets 1000 --signs 200 --items 100000 --loads 60 (--quick: --signs 60 --loads 30).
// DATABASE_URL=postgresql://… runs on PostgreSQL (a fresh database, dropped after).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createPublicClient, http, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { verifyMessage } from "viem";
import { freshBenchDatabase, summarize } from "./lib";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const WALLETS = opt("wallets", 1_000);
const SIGNS = opt("signs", quick ? 60 : 200);
const ITEMS = opt("items", 100_000);
const LOADS = opt("loads", quick ? 30 : 60);

process.env.NODE_ENV = "production";
process.env.DEMO_MODE = "1";
delete process.env.SHOPIFY_API_KEY;
const db = await freshBenchDatabase("assets");
const baseUrl = db.postgres;
const dbName = db.name;

const { prisma } = await import("~/db.server");
const assets = await import("~/features/digital-assets/index.server");
const { startLocalEvm } = await import("~tests/local-evm");
const engine = baseUrl ? "PostgreSQL" : "SQLite";

const evm = await startLocalEvm(1);
const shop = await prisma.shop.create({
  data: {
    domain: `${dbName.replaceAll("_", "-")}.myshopify.com`,
    name: "Bench",
    currency: "USD",
    timezone: "UTC",
    ownerName: "B",
  },
  select: { id: true, domain: true, name: true, currency: true, timezone: true },
});
await prisma.chainSetting.create({ data: { shopId: shop.id, network: "ethereum", rpcUrl: evm.rpcUrl } });

// ── holder checks ────────────────────────────────────────────────────────────────────────────
const contract = await evm.deployErc721();
const wallets = Array.from({ length: WALLETS }, () => privateKeyToAccount(generatePrivateKey()).address);
for (const w of wallets.slice(0, 20)) await evm.mint721(contract, w);
const collection = await prisma.assetCollection.create({
  data: {
    shopId: shop.id,
    name: "Founders",
    supply: 1_000_000,
    status: "active",
    chainNetwork: "ethereum",
    contractStandard: "erc721",
    contractAddress: contract.toLowerCase(),
  },
});
await prisma.customer.createMany({
  data: wallets.map((w, i) => ({ shopId: shop.id, email: `w${i}@bench.test`, walletAddress: w.toLowerCase() })),
});
let t = performance.now();
const checked = await assets.checkHolders(shop.id, collection.id);
const holderSeconds = (performance.now() - t) / 1000;
if (checked.state !== "read" || checked.holders !== 20) throw new Error(`holder check: ${JSON.stringify(checked)}`);
const plain = createPublicClient({ transport: http(evm.rpcUrl, { batch: false, retryCount: 0 }) });
const abi = [
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ type: "address" }],
    outputs: [{ type: "uint256" }],
  },
] as const;
t = performance.now();
for (const w of wallets)
  await plain.readContract({ address: contract, abi, functionName: "balanceOf", args: [w as Address] });
const plainSeconds = (performance.now() - t) / 1000;

// ── SIWE ─────────────────────────────────────────────────────────────────────────────────────
const signer = await prisma.customer.create({ data: { shopId: shop.id, email: "signer@bench.test" } });
const siwe: number[] = [];
const bare: number[] = [];
for (let i = 0; i < SIGNS + 10; i++) {
  const account = privateKeyToAccount(generatePrivateKey());
  const { message } = await assets.walletChallenge(shop, signer.id, { address: account.address, chainId: 1 });
  const signature = await account.signMessage({ message });
  let s = performance.now();
  await assets.linkWallet(shop, signer.id, { message, signature });
  if (i >= 10) siwe.push(performance.now() - s);
  s = performance.now();
  await verifyMessage({ address: account.address, message, signature });
  if (i >= 10) bare.push(performance.now() - s);
}
const siweP95 = summarize(siwe).p95;
const bareP95 = summarize(bare).p95;

// ── the screen's loader with 100,000 issued items ───────────────────────────────────────────
const big = await prisma.assetCollection.create({
  data: { shopId: shop.id, name: "Members", supply: 1_000_000, status: "active", issued: ITEMS },
});
const start = Date.parse("2026-01-01T00:00:00Z");
for (let from = 0; from < ITEMS; from += 5_000) {
  const n = Math.min(5_000, ITEMS - from);
  await prisma.assetItem.createMany({
    data: Array.from({ length: n }, (_, k) => {
      const i = from + k;
      return {
        shopId: shop.id,
        collectionId: big.id,
        customerId: `bench-customer-${i}`,
        serial: i + 1,
        token: crypto.randomBytes(32).toString("base64url"),
        source: "rule",
        issuedAt: new Date(start + i * 60_000),
      };
    }),
  });
}
const loads: number[] = [];
const counts: number[] = [];
for (let i = 0; i < LOADS + 5; i++) {
  let s = performance.now();
  await assets.assetsScreen(shop, "overview");
  if (i >= 5) loads.push(performance.now() - s);
  s = performance.now();
  await prisma.assetItem.count({ where: { shopId: shop.id } });
  if (i >= 5) counts.push(performance.now() - s);
}
const loaderP95 = summarize(loads).p95;
const countP95 = summarize(counts).p95;

const rows = [
  {
    target: `holder checks, ${WALLETS.toLocaleString("en-US")} linked wallets, local EVM ≤ 5 s (${engine})`,
    figure: `${holderSeconds.toFixed(2)} s batched`,
    baseline: `${plainSeconds.toFixed(2)} s one request each`,
    pass: holderSeconds <= 5,
  },
  {
    target: "Sign-In with Ethereum verification p95 ≤ 20 ms",
    figure: `${siweP95.toFixed(1)} ms (nonce, fields, signature recovered, wallet stored; n=${SIGNS})`,
    baseline: `${bareP95.toFixed(1)} ms bare ecrecover`,
    pass: siweP95 <= 20,
  },
  {
    target: `/digital-assets loader p95 ≤ 50 ms, ${ITEMS.toLocaleString("en-US")} issued items (${engine})`,
    figure: `${loaderP95.toFixed(1)} ms (n=${LOADS})`,
    baseline: `${countP95.toFixed(1)} ms plain count of the items`,
    pass: loaderP95 <= 50,
  },
];
for (const r of rows) console.log(`${r.pass ? "pass" : "FAIL"}  ${r.target}: ${r.figure} (baseline ${r.baseline})`);
fs.mkdirSync(path.join("bench", "results"), { recursive: true });
fs.writeFileSync(path.join("bench", "results", "assets.json"), JSON.stringify({ rows }, null, 2));

await evm.stop();
await prisma.$disconnect();
await db.drop();
