// `npm run bench:loyalty`: the loyalty figures of issues 15 and 34 (a benchmark, not a test).
//
//   (a) backfill: every stored order of a store posted into the points ledger through
//       postOrders in batches (target ≥ 10,000 orders/s), including refund reversals and
//       the members' cache.
//   (b) posting one order as the webhook does (postOrders with a batch of one: award, tier,
//       campaigns, member cache, in a transaction under the shop's write lock), p50 and p95
//       (target p95 ≤ 10 ms).
//   (c) the Overview (program health, members, retention, liability) and the liability
//       report (30 days of points accounting) at the resulting members, p95 (≤ 50 ms).
//
// Options: --orders 1000000 --customers 100000 --runs 40 --posts 200 --warmup 100
//          --profile DIR  writes a CPU profile of the backfill and of the postings to DIR
//          --keep  keeps the SQLite file (its path is printed) to look at afterwards
// Small scale while developing: --orders 100000 --customers 10000.
// DATABASE_URL=postgresql://… runs on a fresh PostgreSQL database instead of SQLite.
import fs from "node:fs";
import path from "node:path";
import { freshBenchDatabase } from "./lib";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ORDERS = opt("orders", 1_000_000);
const CUSTOMERS = opt("customers", 100_000);
const RUNS = opt("runs", 40);
const POSTS = opt("posts", 200);
const profileDir = args.includes("--profile") ? args[args.indexOf("--profile") + 1] : null;

// A CPU profile of one phase (node:inspector), so the seeding does not drown what is measured.
const { Session } = await import("node:inspector/promises");
const profiled = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
  if (!profileDir) return fn();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  try {
    return await fn();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    fs.mkdirSync(profileDir, { recursive: true });
    fs.writeFileSync(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
};

process.env.NODE_ENV = "production";
process.env.DEMO_MODE = "1";
delete process.env.SHOPIFY_API_KEY;
const db = await freshBenchDatabase("loyalty");
const baseUrl = db.postgres;
const dbName = db.name;

const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { median: q(0.5), p95: q(0.95), n: s.length };
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

const { prisma, sqlOn } = await import("~/db.server");
const { chunks } = await import("~/lib/chunks");
const loyalty = await import("~/features/loyalty/index.server");
// Ids that increase as rows are made, as Prisma's cuids and the import's ids do: a random id
// would scatter every insert over the indexes that start with an id.
let seq = 0;
const bulkId = () => `b${String(++seq).padStart(10, "0")}`;

// ─── the store: customers and orders over two years ─────────────────────────────
const shop = await prisma.shop.create({
  data: { domain: `${dbName}.myshopify.com`, name: "Bench", currency: "USD", timezone: "UTC", ownerName: "B" },
  select: { id: true, currency: true, timezone: true },
});
await loyalty.ensureProgram(prisma, shop);
const gold = await prisma.loyaltyTier.findFirstOrThrow({ where: { shopId: shop.id, name: "Gold" } });
const now = new Date();
await prisma.loyaltyCampaign.createMany({
  data: [
    {
      shopId: shop.id,
      name: "Double",
      multiplier: 2,
      startsAt: new Date(now.getTime() - 200 * 86_400_000),
      endsAt: new Date(now.getTime() - 190 * 86_400_000),
    },
    {
      shopId: shop.id,
      name: "Gold bonus",
      multiplier: 1.5,
      stacking: "multiply",
      tierId: gold.id,
      startsAt: new Date(now.getTime() - 30 * 86_400_000),
      endsAt: new Date(now.getTime() + 30 * 86_400_000),
    },
  ],
});

const seedStarted = Date.now();
const customerIds = Array.from({ length: CUSTOMERS }, () => bulkId());
const customerRows = customerIds.map((id, i) => ({
  id,
  shopId: shop.id,
  shopifyId: `gid://shopify/Customer/${i + 1}`,
  createdAt: now,
}));
for (const slice of chunks(customerRows, 2_000)) await sqlOn().insertInto("Customer").values(slice).execute();
const SPAN_MS = 730 * 86_400_000;
// mulberry32: a small seeded generator in exact 32-bit integer arithmetic.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const BATCH = 20_000;
let refundsSeeded = 0;
for (let start = 0; start < ORDERS; start += BATCH) {
  const orders = [];
  const refunds = [];
  for (let i = start; i < Math.min(ORDERS, start + BATCH); i++) {
    // Orders in time order (the index of the last batch is the newest).
    const at = new Date(now.getTime() - SPAN_MS + Math.floor((i / ORDERS) * SPAN_MS) + 1000);
    const gross = 2_000 + Math.floor(random() * 30_000);
    const discount = random() < 0.3 ? Math.floor(gross * 0.1) : 0;
    const refunded = random() < 0.05 ? Math.floor(gross / 2) : 0;
    const id = bulkId();
    orders.push({
      id,
      shopId: shop.id,
      name: `#${i + 1}`,
      customerId: customerIds[Math.floor(random() * CUSTOMERS)],
      processedAt: at,
      day: at.toISOString().slice(0, 10),
      currency: "USD",
      grossSalesMinor: gross,
      discountsMinor: discount,
      shippingMinor: 800,
      taxesMinor: Math.floor(gross * 0.08),
      refundsMinor: refunded,
      totalMinor: gross - discount + 800 + Math.floor(gross * 0.08),
      financialStatus: refunded ? "partially_refunded" : "paid",
      createdAt: now,
    });
    if (refunded) {
      const r = new Date(at.getTime() + 3 * 86_400_000);
      refunds.push({
        id: bulkId(),
        shopId: shop.id,
        orderId: id,
        processedAt: r,
        day: r.toISOString().slice(0, 10),
        amountMinor: refunded,
      });
    }
  }
  for (const slice of chunks(orders, 1_000)) await sqlOn().insertInto("Order").values(slice).execute();
  for (const slice of chunks(refunds, 1_000)) await sqlOn().insertInto("Refund").values(slice).execute();
  refundsSeeded += refunds.length;
}
console.log(
  `seeded ${fmt(CUSTOMERS)} customers, ${fmt(ORDERS)} orders, ${fmt(refundsSeeded)} refunds in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s (${baseUrl ? "PostgreSQL" : "SQLite"})`,
);

// A store's PostgreSQL database has statistics (autovacuum analyzes a table after large
// changes); a freshly seeded one does not yet, and the planner would read a shop's orders whole.
if (baseUrl) await prisma.$executeRawUnsafe("ANALYZE");

// ─── (a) backfill ────────────────────────────────────────────────────────────────
// CPU time (this process, user + system) beside the wall time: on a shared machine the wall
// time includes waiting for the other sessions' processes, the CPU time does not.
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const t0 = performance.now();
const c0 = process.cpuUsage();
const result = await profiled("backfill", () => loyalty.backfillLedger(shop, now));
const backfillMs = performance.now() - t0;
const backfillCpu = cpuMs(c0);
console.log(
  `(a) backfill: ${fmt(result.orders)} orders in ${(backfillMs / 1000).toFixed(2)} s = ${fmt(result.orders / (backfillMs / 1000))} orders/s ` +
    `(target ≥ 10,000), CPU ${(backfillCpu / 1000).toFixed(2)} s; ${fmt(result.earned)} points earned, ${fmt(result.reversed)} reversed, ${fmt(result.members)} members`,
);
const again = performance.now();
const rerun = await loyalty.backfillLedger(shop, now);
console.log(
  `    rerun (idempotent): ${fmt(rerun.earned)} points in ${((performance.now() - again) / 1000).toFixed(2)} s`,
);

// ─── (b) posting one order ───────────────────────────────────────────────────────
const postTimes: number[] = [];
let postCpu = 0;
await profiled("post", async () => {
  for (let i = 0; i < POSTS; i++) {
    const order = await prisma.order.create({
      data: {
        shopId: shop.id,
        name: `#new-${i}`,
        customerId: customerIds[(i * 7919) % CUSTOMERS],
        processedAt: now,
        day: now.toISOString().slice(0, 10),
        currency: "USD",
        grossSalesMinor: 10_000,
        totalMinor: 10_000,
      },
      select: { id: true },
    });
    const t = performance.now();
    const c = process.cpuUsage();
    await loyalty.postOrders(shop, [order.id]);
    postTimes.push(performance.now() - t);
    postCpu += cpuMs(c);
  }
});
const post = stats(postTimes.slice(10));
console.log(
  `(b) post one order: p50 ${ms(post.median)}, p95 ${ms(post.p95)} (target p95 ≤ 10 ms), n=${post.n}; CPU ${ms(postCpu / POSTS)} a posting`,
);

// ─── (c) Overview and liability report ──────────────────────────────────────────
// Warm-up calls first, as in a server that has been running: the postings no longer go
// through Prisma's query compiler (decision 066), so they no longer warm its code for these reads.
const WARMUP = opt("warmup", 100);
const time = async (fn: () => Promise<unknown>) => {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const t = performance.now();
    await fn();
    if (i >= WARMUP) samples.push(performance.now() - t);
  }
  return stats(samples);
};
const members = await prisma.loyaltyMember.count({ where: { shopId: shop.id } });
const { figuresCache } = await import("~/platform/cache.server");
figuresCache.clear();
const cold = performance.now();
await loyalty.getOverview(shop, now);
const coldMs = performance.now() - cold;
const overview = await time(() => loyalty.getOverview(shop, now));
const today = now.toISOString().slice(0, 10);
const from = new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
const report = await time(() => loyalty.accountingReport(shop, { from, to: today }));
const o = await loyalty.getOverview(shop, now);
const rows = await loyalty.accountingReport(shop, { from, to: today });
// Refunds three days after the newest orders are dated after today: the report closes on today.
const ledgerSum =
  (
    await prisma.loyaltyLedgerEntry.aggregate({
      where: { shopId: shop.id, day: { lte: today } },
      _sum: { points: true },
    })
  )._sum.points ?? 0;
console.log(
  `(c) at ${fmt(members)} members: Overview first (repeat/retention computed) ${ms(coldMs)}, then p50 ${ms(overview.median)}, p95 ${ms(overview.p95)}; ` +
    `liability report (30 days) p50 ${ms(report.median)}, p95 ${ms(report.p95)} (target p95 ≤ 50 ms)`,
);
console.log(
  `    health ${o.health}, outstanding ${fmt(o.outstandingPoints)} points, liability ${fmt(o.liability.liabilityMinor / 100)} USD; ` +
    `report closing ${fmt(rows.at(-1)?.closing ?? 0)} = ledger to today ${fmt(ledgerSum)}: ${rows.at(-1)?.closing === ledgerSum ? "yes" : "NO"}`,
);

// The targets of issue 34, for bench:all (bench/results/loyalty.json).
const perSecond = result.orders / (backfillMs / 1000);
fs.mkdirSync(path.join("bench", "results"), { recursive: true });
fs.writeFileSync(
  path.join("bench", "results", "loyalty.json"),
  JSON.stringify(
    {
      rows: [
        { target: "loyalty backfill ≥ 10,000 orders/s", figure: `${fmt(perSecond)}/s`, pass: perSecond >= 10_000 },
        { target: "one order posted, p95 ≤ 10 ms", figure: ms(post.p95), pass: post.p95 <= 10 },
        { target: "liability report (30 days), p95 ≤ 50 ms", figure: ms(report.p95), pass: report.p95 <= 50 },
        {
          target: "report closing balance = ledger to today",
          figure: `${fmt(rows.at(-1)?.closing ?? 0)} = ${fmt(ledgerSum)}`,
          pass: rows.at(-1)?.closing === ledgerSum,
        },
      ],
    },
    null,
    2,
  ),
);

await prisma.$disconnect();
await db.drop({ keep: args.includes("--keep") });
