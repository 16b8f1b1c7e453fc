// `npm run bench:inventory`: the inventory planning figures of issue 14 (a benchmark, not a test).
//
//   (a) full recompute of every variant's planning figures (target ≤ 1 s at 10,000 variants
//       with 1,000,000 orders): median of --runs
//   (b) one variant re-evaluated after an inventory webhook, inside a transaction (≤ 20 ms): p50/p95
//   (c) the /inventory list with filters (≤ 50 ms p95): p50/p95 over a rotation of filter sets
//   (c2) the list filtered by a location, with that location's figures (no target of its own)
//   (d) a bulk planning edit of up to 1,000 variants (≤ 5 s): median of --runs
//
// Options: --variants 250 --orders 25000 --runs 5 --samples 100
//          --db /path/to/seeded.db   measure an already seeded SQLite file (migrated first) instead
// Seeds a fresh SQLite database (or PostgreSQL when DATABASE_URL points there) with
// `prisma/seed.ts --variants N --orders N`, then measures in this process.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const VARIANTS = opt("variants", 250);
const ORDERS = opt("orders", 25_000);
const RUNS = opt("runs", 5);
const SAMPLES = opt("samples", 100);
const reuse = args.includes("--db") ? args[args.indexOf("--db") + 1] : null;

process.env.NODE_ENV = "production";
process.env.DEMO_MODE = "1";
process.env.TELEMETRY = "off";
delete process.env.SHOPIFY_API_KEY;
const baseUrl =
  process.env.DATABASE_URL && /^postgres/.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : null;
const dbName = `pp_bench_stock_${crypto.randomBytes(4).toString("hex")}`;
if (reuse) {
  process.env.DATABASE_URL = `file:${path.resolve(reuse)}`;
} else if (baseUrl) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  process.env.DATABASE_URL = u.toString();
} else {
  process.env.DATABASE_URL = `file:${path.join(os.tmpdir(), `${dbName}.db`)}`;
}

const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { p50: q(0.5), p95: q(0.95), max: s[s.length - 1] };
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

if (reuse) {
  const { migrate } = (await import(path.resolve("scripts/migrate.mjs"))) as {
    migrate: (url: string) => Promise<number>;
  };
  await migrate(process.env.DATABASE_URL);
} else {
  console.log(`Seeding ${VARIANTS.toLocaleString("en-US")} variants, ${ORDERS.toLocaleString("en-US")} orders…`);
  const seedStarted = Date.now();
  execFileSync(
    path.resolve("node_modules/.bin/tsx"),
    ["prisma/seed.ts", "--orders", String(ORDERS), "--variants", String(VARIANTS)],
    { stdio: ["ignore", "ignore", "inherit"], env: process.env },
  );
  console.log(`  seeded in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);
}

const { prisma } = await import("~/db.server");
const { recomputeShop, reevaluateVariants, inventoryPage, updatePlanning } =
  await import("~/features/inventory/index.server");
const { inventoryFiltersSchema } = await import("~/features/inventory");
const shop = await prisma.shop.findFirstOrThrow({ where: { isDemo: true } });
const variants = await prisma.inventoryPlan.findMany({ where: { shopId: shop.id }, select: { variantId: true } });
const lines = await prisma.orderLine.count({ where: { shopId: shop.id } });
const orders = await prisma.order.count({ where: { shopId: shop.id } });

// (a) full recompute
const full: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  await recomputeShop(shop);
  full.push(performance.now() - t);
}

// The per-location figures the recompute stored equal those computed from the levels now
// (decision 068; what the list filtered by a location computed on every request before).
const { planAtLocation } = await import("~/features/inventory/locations");
const { locationWeights } = await import("~/features/inventory/index.server");
const { dayInZone } = await import("~/lib/dates");
const [weights, plans, levels, storedRows] = await Promise.all([
  locationWeights(shop.id),
  prisma.inventoryPlan.findMany({ where: { shopId: shop.id } }),
  prisma.inventoryLocationLevel.findMany({ where: { shopId: shop.id } }),
  prisma.inventoryLocationPlan.findMany({ where: { shopId: shop.id } }),
]);
const storedAt = new Map(storedRows.map((r) => [`${r.variantId} ${r.locationId}`, r]));
const levelsOf = new Map<string, typeof levels>();
for (const l of levels) levelsOf.set(l.inventoryItemId, [...(levelsOf.get(l.inventoryItemId) ?? []), l]);
let compared = 0;
let differing = 0;
for (const p of plans) {
  const at = (p.inventoryItemId && levelsOf.get(p.inventoryItemId)) || [];
  const itemWeights = at.reduce((sum, l) => sum + (weights.get(l.locationId) ?? 0), 0);
  for (const l of at) {
    const expected = planAtLocation(
      p,
      { ...l, weight: weights.get(l.locationId) ?? 0, itemWeights, locations: at.length },
      dayInZone(p.computedAt, shop.timezone),
    );
    const got = storedAt.get(`${p.variantId} ${l.locationId}`);
    compared++;
    // Fractions to 12 digits (Prisma reads a SQLite REAL to within a unit in the last place).
    const same = (a: number | null | undefined, b: number | null) =>
      a === b || (a != null && b !== null && Math.abs(a - b) <= 1e-12 * Math.abs(b));
    const exact = ["locationId", "available", "reorderPoint", "stockOutDay", "status", "stockBar"] as const;
    if (
      !got ||
      exact.some((k) => got[k] !== expected[k]) ||
      got.lostRevenuePerDayMinor !== expected.lostRevenuePerDayMinor ||
      got.needsReorder !== expected.needsReorder ||
      !same(got.share, expected.share) ||
      !same(got.velocity, expected.velocity) ||
      !same(got.daysOfCover, expected.daysOfCover)
    )
      differing++;
  }
}
const locatedCheck = `${compared.toLocaleString("en-US")} stored per-location rows of ${storedRows.length.toLocaleString("en-US")}, ${differing} differing from a direct computation`;

// (b) one variant after a webhook: the stock changes and the variant is re-evaluated in the transaction.
const one: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const id = variants[(i * 7919) % variants.length].variantId;
  const available = i % 3 === 0 ? 0 : 5 + (i % 40);
  const t = performance.now();
  await prisma.$transaction(async (tx) => {
    await tx.inventoryLevel.update({ where: { variantId: id }, data: { available } });
    await reevaluateVariants(tx, shop, [id]);
  });
  one.push(performance.now() - t);
}

// (c) the list with filters, as the screen asks for it.
const filterSets = [
  {},
  { status: "low" },
  { alert: "out" },
  { q: "pro" },
  { category: "Audio", coverMax: "30" },
  { velocityMin: "0.5", overstock: "1" },
  { dead: "1" },
  { alert: "reorder", page: "2" },
].map((f) => inventoryFiltersSchema.parse(f));
const list: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const t = performance.now();
  await inventoryPage(shop, filterSets[i % filterSets.length]);
  list.push(performance.now() - t);
}

// (c2) the list filtered by a location (decision 068): that location's stored figures.
const location = await prisma.inventoryLocationLevel.findFirst({
  where: { shopId: shop.id },
  orderBy: { locationId: "desc" },
  select: { locationId: true },
});
const locatedSets = location
  ? [
      { location: location.locationId },
      { location: location.locationId, status: "low" },
      { location: location.locationId, alert: "out" },
      { location: location.locationId, sort: "cover", page: "2" },
    ].map((f) => inventoryFiltersSchema.parse(f))
  : [];
const located: number[] = [];
for (let i = 0; locatedSets.length && i < SAMPLES; i++) {
  const t = performance.now();
  await inventoryPage(shop, locatedSets[i % locatedSets.length]);
  located.push(performance.now() - t);
}

// (d) a bulk edit of the planning settings, as Bulk Actions sends it.
const bulkIds = variants.slice(0, 1000).map((v) => v.variantId);
const bulk: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  await updatePlanning({ shop, staff: { email: "bench@example.com", name: "Bench" } }, bulkIds, {
    leadTimeDays: 10 + i,
    serviceLevel: 0.95,
    clearSupplier: false,
    clearOverride: false,
  });
  bulk.push(performance.now() - t);
}

const f = stats(full);
const b = stats(bulk);
const o = stats(one);
const l = stats(list);
console.log(
  [
    "",
    `Inventory benchmark (${process.env.DATABASE_URL.startsWith("file:") ? "SQLite" : "PostgreSQL"}): ` +
      `${variants.length.toLocaleString("en-US")} variants, ${orders.toLocaleString("en-US")} orders, ${lines.toLocaleString("en-US")} order lines`,
    `  (a) full recompute: p50 ${ms(f.p50)}, max ${ms(f.max)} over ${RUNS} runs (target ≤ 1,000 ms at 10,000 variants)`,
    `  (b) one variant after a webhook: p50 ${ms(o.p50)}, p95 ${ms(o.p95)} (target ≤ 20 ms)`,
    `  (c) list with filters: p50 ${ms(l.p50)}, p95 ${ms(l.p95)} (target ≤ 50 ms)`,
    located.length
      ? `  (c2) list filtered by a location: p50 ${ms(stats(located).p50)}, p95 ${ms(stats(located).p95)}`
      : "  (c2) list filtered by a location: the shop has no location levels",
    `  per-location figures: ${locatedCheck}`,
    `  (d) bulk edit of ${bulkIds.length.toLocaleString("en-US")} variants: p50 ${ms(b.p50)}, max ${ms(b.max)} (target ≤ 5,000 ms at 1,000)`,
    `  load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  ].join("\n"),
);
// The figures as JSON for bench/all.ts (bench/results/ is not committed, except its .md files).
{
  const fs = await import("node:fs");
  fs.mkdirSync(path.join("bench", "results"), { recursive: true });
  fs.writeFileSync(
    path.join("bench", "results", "inventory.json"),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        engine: process.env.DATABASE_URL.startsWith("file:") ? "sqlite" : "postgresql",
        variants: variants.length,
        orders,
        lines,
        recompute: f,
        oneVariant: o,
        list: l,
        listAtLocation: located.length ? stats(located) : null,
        locationRows: { compared, differing },
        bulk: { ...b, variants: bulkIds.length },
        loadAverage: os.loadavg(),
      },
      null,
      2,
    ) + "\n",
  );
}
await prisma.$disconnect();
// A seeded file of this run is removed (hundreds of MB at a million orders); a --db file is kept.
if (!reuse && !baseUrl) {
  const fs = await import("node:fs");
  const file = process.env.DATABASE_URL.replace(/^file:/, "");
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
}
