// `npm run bench:privacy`: the privacy centre's targets of issue 38 (a benchmark, not a test).
//
//   (a) the /privacy screen's data (the Data Requests tab's page and the header's status) with
//       --requests data requests, p95 (target ≤ 50 ms at 10,000); baseline: the page's one
//       plain query (25 rows by due day).
//   (b) the access bundle of a customer with --customer-orders orders (≤ 2 s at 1,000);
//       (c) redacting that customer (≤ 1 s); baseline: one plain UPDATE of their orders.
//   (d) the retention job over a lapsed store of --orders orders in batches under the shop's
//       write lock (≤ 60 s at 1,000,000, judged as a rate: ≥ 16,667 orders/s); baseline: one
//       plain UPDATE of every order. Meanwhile the screen's data is read: its p95 is printed.
//
// Options: --orders 1000000 --requests 10000 --customer-orders 1000 --runs 40
// DATABASE_URL=postgresql://… runs on a fresh PostgreSQL database instead of SQLite.
// Writes bench/results/privacy.json ({ rows: [{ target, figure, baseline, pass }] }) for bench:all.
import fs from "node:fs";
import { freshBenchDatabase } from "./lib";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ORDERS = opt("orders", 1_000_000);
const REQUESTS = opt("requests", 10_000);
const CUSTOMER_ORDERS = opt("customer-orders", 1_000);
const RUNS = opt("runs", 40);

process.env.NODE_ENV = "production";
process.env.DEMO_MODE = "1";
delete process.env.SHOPIFY_API_KEY;
const db = await freshBenchDatabase("privacy");
const baseUrl = db.postgres;
const dbName = db.name;

const { prisma, sqlOn, insertRows, withShopWriteLock } = await import("~/db.server");
const privacy = await import("~/features/privacy/index.server");

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(0.95 * samples.length) - 1];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const timed = async <T>(fn: () => Promise<T>) => {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
};
let seq = 0;
const id = () => `b${String(++seq).padStart(10, "0")}`;
const now = new Date();
const DAY = 86_400_000;

/** `n` orders of `shopId`, each with an e-mail and region (a buyer's personal data). */
async function seedOrders(shopId: string, n: number, customerId: string | null, email: (i: number) => string) {
  const cols = [
    "id",
    "shopId",
    "name",
    "processedAt",
    "day",
    "currency",
    "grossSalesMinor",
    "totalMinor",
    "email",
    "region",
    "customerId",
  ] as const;
  for (let start = 0; start < n; start += 20_000) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 20_000); i++) {
      const at = new Date(now.getTime() - (i % 700) * DAY);
      rows.push([
        id(),
        shopId,
        `#${i}`,
        at,
        at.toISOString().slice(0, 10),
        "USD",
        5_000,
        5_000,
        email(i),
        "CA",
        customerId,
      ]);
    }
    await insertRows(prisma, "Order", cols, rows);
  }
}

const rows: { target: string; figure: string; baseline: string; pass: boolean | null }[] = [];

// ─── (a) the screen's data with REQUESTS requests ───────────────────────────────────────────
const live = await prisma.shop.create({
  data: { domain: `${dbName}-live.myshopify.com`, name: "Live", timezone: "Europe/Paris" },
});
{
  const types = ["access", "deletion", "portability", "opt_out"];
  const statuses = ["pending", "in_progress", "completed", "refused"];
  const reqRows = Array.from({ length: REQUESTS }, (_, i) => {
    const received = new Date(now.getTime() - (i % 400) * DAY);
    return [
      id(),
      live.id,
      types[i % 4],
      statuses[i % 4],
      "manual",
      "gdpr",
      `person${i}@example.com`,
      received,
      new Date(received.getTime() + 30 * DAY),
      "unverified",
      now,
    ];
  });
  await insertRows(
    prisma,
    "PrivacyRequest",
    [
      "id",
      "shopId",
      "type",
      "status",
      "source",
      "regulation",
      "email",
      "receivedAt",
      "dueAt",
      "verification",
      "createdAt",
    ],
    reqRows,
  );
}
const shopRef = { id: live.id, timezone: live.timezone, name: live.name };
const screenOnce = () => Promise.all([privacy.listRequests(shopRef, "open", 1), privacy.privacyStatus(shopRef)]);
const plainOnce = () =>
  sqlOn()
    .selectFrom("PrivacyRequest")
    .selectAll()
    .where("shopId", "=", live.id)
    .where("status", "in", ["pending", "in_progress"])
    .orderBy("dueAt")
    .orderBy("id")
    .limit(25)
    .execute();
for (let i = 0; i < 5; i++) await Promise.all([screenOnce(), plainOnce()]);
const screenMs: number[] = [];
const plainMs: number[] = [];
for (let i = 0; i < RUNS; i++) {
  screenMs.push((await timed(screenOnce)).ms);
  plainMs.push((await timed(plainOnce)).ms);
}
rows.push({
  target: `/privacy requests and status p95 ≤ 50 ms (${fmt(REQUESTS)} requests)`,
  figure: ms(p95(screenMs)),
  baseline: `plain page query ${ms(p95(plainMs))}`,
  pass: p95(screenMs) <= 50,
});

// ─── (b, c) one customer with CUSTOMER_ORDERS orders: the bundle, then the redaction ─────────
const email = "bench.person@example.com";
const customer = await prisma.customer.create({
  data: { shopId: live.id, shopifyId: "9001", email, firstName: "Bench", lastName: "Person" },
});
await seedOrders(live.id, CUSTOMER_ORDERS, customer.id, () => email);
const bundle = await timed(() =>
  privacy.buildBundle(live.id, { email, customerId: customer.id, customerShopifyIds: ["9001"] }, now),
);
rows.push({
  target: `access bundle, customer with ${fmt(CUSTOMER_ORDERS)} orders ≤ 2 s`,
  figure: `${ms(bundle.ms)} (${fmt(bundle.value.orders.length)} orders)`,
  baseline: "",
  pass: bundle.ms <= 2_000 && bundle.value.orders.length === CUSTOMER_ORDERS,
});
const plainRedact = await timed(() =>
  prisma.$transaction((tx) =>
    tx.order.updateMany({ where: { shopId: live.id, customerId: customer.id }, data: { region: "CA" } }),
  ),
);
const redact = await timed(() =>
  withShopWriteLock(live.id, (tx) => privacy.redactPerson(tx, live.id, { email, customerShopifyIds: ["9001"] }, now)),
);
rows.push({
  target: "redaction of that customer ≤ 1 s",
  figure: ms(redact.ms),
  baseline: `plain UPDATE of the orders ${ms(plainRedact.ms)}`,
  pass: redact.ms <= 1_000,
});

// ─── (d) the retention job over a lapsed store of ORDERS orders, the screen read meanwhile ───
const lapsed = await prisma.shop.create({
  data: { domain: `${dbName}-lapsed.myshopify.com`, name: "Lapsed", uninstalledAt: new Date(now.getTime() - 40 * DAY) },
});
const seedT = await timed(() => seedOrders(lapsed.id, ORDERS, null, (i) => `buyer${i}@example.com`));
console.log(`seeded ${fmt(ORDERS)} orders in ${(seedT.ms / 1000).toFixed(1)} s`);
const during: number[] = [];
let running = true;
const reader = (async () => {
  while (running) {
    during.push((await timed(screenOnce)).ms);
    await new Promise((r) => setTimeout(r, 50));
  }
})();
const job = await timed(() => privacy.runRetention(lapsed.id, { now }));
running = false;
await reader;
const rate = ORDERS / (job.ms / 1000);
const plainAll = await timed(() =>
  prisma.$transaction(
    (tx) => tx.order.updateMany({ where: { shopId: lapsed.id }, data: { region: null, email: null } }),
    { timeout: 600_000 },
  ),
);
rows.push({
  target: "retention job: 1,000,000 orders ≤ 60 s in batches (≥ 16,667 orders/s)",
  figure: `${fmt(ORDERS)} orders in ${(job.ms / 1000).toFixed(1)} s (${fmt(rate)}/s; ${fmt(job.value?.ordersAnonymised ?? 0)} anonymised)`,
  baseline: `one plain UPDATE ${(plainAll.ms / 1000).toFixed(1)} s`,
  pass: rate >= 1_000_000 / 60 && job.value?.ordersAnonymised === ORDERS,
});
rows.push({
  target: "the screen answers meanwhile (p95 while the job runs)",
  figure: during.length ? `${ms(p95(during))} over ${during.length} reads` : "no read",
  baseline: `idle ${ms(p95(screenMs))}`,
  pass: null,
});

for (const r of rows)
  console.log(
    `${r.pass === null ? "info" : r.pass ? "pass" : "FAIL"}  ${r.target}: ${r.figure}${r.baseline ? ` (baseline ${r.baseline})` : ""}`,
  );
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/privacy.json",
  JSON.stringify({ engine: baseUrl ? "postgresql" : "sqlite", rows }, null, 2),
);
await prisma.$disconnect();
await db.drop();
