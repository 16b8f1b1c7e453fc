// npm run bench:import — imports a generated 100,000-order bulk JSONL (Shopify's
// documented row shapes: orders with nested line items as __parentId rows) into a
// fresh SQLite database through the import's own streaming writer, then rebuilds
// the rollups. Target: ≥ 10,000 orders/s and peak RSS ≤ 300 MB.
//   ORDERS=100000 BATCH=1000 npm run bench:import   (BATCH unset: the import's default)
//   BENCH_DATABASE_URL=postgresql://…/<db> npm run bench:import   (PostgreSQL: that database is
//   migrated and used as it is; give it an empty one)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";

const ORDERS = Number(process.env.ORDERS ?? 100_000);
// Orders per committed batch; unset: the import's own default (what production runs).
const BATCH = process.env.BATCH ? Number(process.env.BATCH) : undefined;
const PRODUCTS = 300;
const CUSTOMERS = 20_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pp-bench-import-"));
const dbFile = path.join(dir, "bench.db");
process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? `file:${dbFile}`;
process.env.NODE_ENV = "development";
delete process.env.DEMO_MODE;

// Deterministic pseudo-random numbers (mulberry32).
let seed = 42;
const rand = () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const money = (amount: number) => ({ shopMoney: { amount: amount.toFixed(2), currencyCode: "USD" } });
/** Last visits as the orders query selects them, in a realistic mix (one in six unknown). */
const JOURNEYS = [
  { lastVisit: { source: "Google", sourceType: "SEO", utmParameters: null } },
  { lastVisit: { source: "direct", sourceType: null, utmParameters: null } },
  {
    lastVisit: { source: "Instagram", sourceType: "AD", utmParameters: { source: "instagram", medium: "paid_social" } },
  },
  { lastVisit: { source: "email", sourceType: "NEWSLETTER", utmParameters: { source: "klaviyo", medium: "email" } } },
  { lastVisit: { source: "Facebook", sourceType: null, utmParameters: null } },
  null,
];

async function writeLines(file: string, produce: (write: (row: unknown) => Promise<void>) => Promise<void>) {
  const out = fs.createWriteStream(file);
  const write = async (row: unknown) => {
    if (!out.write(JSON.stringify(row) + "\n")) await once(out, "drain");
  };
  await produce(write);
  out.end();
  await once(out, "finish");
}

const prices = Array.from({ length: PRODUCTS * 2 }, () => 10 + Math.floor(rand() * 190));

// BENCH_DATA=<dir> keeps the generated files there and reuses them (faster repeated runs;
// the generated data is the same either way).
const dataDir = process.env.BENCH_DATA ? path.join(process.env.BENCH_DATA, String(ORDERS)) : dir;

async function generate() {
  const products = path.join(dataDir, "products.jsonl");
  const customers = path.join(dataDir, "customers.jsonl");
  const orders = path.join(dataDir, "orders.jsonl");
  const meta = path.join(dataDir, "meta.json");
  if (process.env.BENCH_DATA && fs.existsSync(meta))
    return { products, customers, orders, ...JSON.parse(fs.readFileSync(meta, "utf8")) } as {
      products: string;
      customers: string;
      orders: string;
      lineCount: number;
      rows: number;
      bytes: number;
    };
  fs.mkdirSync(dataDir, { recursive: true });
  await writeLines(products, async (write) => {
    for (let p = 1; p <= PRODUCTS; p++) {
      await write({
        id: `gid://shopify/Product/${p}`,
        title: `Product ${p}`,
        productType: "Electronics",
        updatedAt: "2026-01-01T00:00:00Z",
      });
      for (let v = 0; v < 2; v++) {
        const id = p * 10 + v;
        const price = prices[(p - 1) * 2 + v];
        await write({
          id: `gid://shopify/ProductVariant/${id}`,
          title: `V${v}`,
          sku: `SKU-${id}`,
          price: price.toFixed(2),
          inventoryItem: {
            id: `gid://shopify/InventoryItem/${id}`,
            unitCost: p % 10 === 0 ? null : { amount: (price * 0.4).toFixed(2) },
          },
          __parentId: `gid://shopify/Product/${p}`,
        });
      }
    }
  });
  await writeLines(customers, async (write) => {
    for (let c = 1; c <= CUSTOMERS; c++)
      await write({
        id: `gid://shopify/Customer/${c}`,
        firstName: "C",
        lastName: String(c),
        updatedAt: "2026-01-01T00:00:00Z",
        defaultEmailAddress: { emailAddress: `c${c}@example.com`, marketingState: "NOT_SUBSCRIBED" },
      });
  });
  let lineCount = 0;
  let rows = 0;
  const start = Date.parse("2025-01-01T00:00:00Z");
  await writeLines(orders, async (write) => {
    for (let o = 1; o <= ORDERS; o++) {
      const processedAt = new Date(start + Math.floor(rand() * 365 * 86_400_000)).toISOString();
      const lines = 1 + Math.floor(rand() * 3);
      const items: { variant: number; qty: number; price: number }[] = [];
      for (let l = 0; l < lines; l++) {
        const p = 1 + Math.floor(rand() * PRODUCTS);
        const v = Math.floor(rand() * 2);
        items.push({ variant: p * 10 + v, qty: 1 + Math.floor(rand() * 3), price: prices[(p - 1) * 2 + v] });
      }
      const refunded = rand() < 0.05;
      // Payments as the orders query selects them (docs/decisions/088): most through Shopify
      // Payments with its fee on the sale, some through PayPal or a manual gateway (no fees listed).
      const gateway = o % 20 < 16 ? "shopify_payments" : o % 20 < 19 ? "paypal" : "manual";
      const orderTotal = items.reduce((s, i) => s + i.qty * i.price, 0) + 7.5;
      const fee = gateway === "shopify_payments" ? +(orderTotal * 0.029 + 0.3).toFixed(2) : null;
      await write({
        id: `gid://shopify/Order/${o}`,
        name: `#${1000 + o}`,
        email: `c${o % CUSTOMERS}@example.com`,
        processedAt,
        createdAt: processedAt,
        updatedAt: processedAt,
        cancelledAt: rand() < 0.02 ? processedAt : null,
        currencyCode: "USD",
        presentmentCurrencyCode: "USD",
        displayFinancialStatus: "PAID",
        sourceName: "web",
        customer: { id: `gid://shopify/Customer/${1 + (o % CUSTOMERS)}` },
        customerJourneySummary: JOURNEYS[o % JOURNEYS.length],
        shippingAddress: { country: "United States", countryCodeV2: "US", province: "Oregon" },
        billingAddress: null,
        totalDiscountsSet: money(0),
        totalShippingPriceSet: money(5),
        totalTaxSet: money(2.5),
        refunds: refunded
          ? [
              {
                id: `gid://shopify/Refund/${o}`,
                createdAt: new Date(Date.parse(processedAt) + 3 * 86_400_000).toISOString(),
                totalRefundedSet: money(10),
              },
            ]
          : [],
        paymentGatewayNames: [gateway],
        transactions: [
          {
            gateway,
            kind: "SALE",
            status: "SUCCESS",
            fees: fee === null ? [] : [{ amount: { amount: fee.toFixed(2), currencyCode: "USD" } }],
          },
        ],
      });
      rows++;
      for (const [i, item] of items.entries()) {
        await write({
          id: `gid://shopify/LineItem/${o * 10 + i}`,
          title: `Product ${Math.floor(item.variant / 10)}`,
          sku: `SKU-${item.variant}`,
          quantity: item.qty,
          variant: { id: `gid://shopify/ProductVariant/${item.variant}` },
          product: { id: `gid://shopify/Product/${Math.floor(item.variant / 10)}` },
          originalUnitPriceSet: money(item.price),
          totalDiscountSet: money(0),
          __parentId: `gid://shopify/Order/${o}`,
        });
        lineCount++;
        rows++;
      }
    }
  });
  const bytes = fs.statSync(orders).size;
  if (process.env.BENCH_DATA) fs.writeFileSync(meta, JSON.stringify({ lineCount, rows, bytes }));
  return { products, customers, orders, lineCount, rows, bytes };
}

async function startProfile() {
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop(file: string) {
      const { profile } = await session.post("Profiler.stop");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

async function main() {
  const mb = (kb: number) => Math.round(kb / 1024);
  console.log(`generating ${ORDERS.toLocaleString("en-US")} orders in ${dir} …`);
  const files = await generate();
  const { migrate } = await import("../scripts/migrate.mjs");
  await migrate(process.env.DATABASE_URL);
  const { prisma } = await import("~/db.server");
  const { importCustomers, importOrders, importProducts } = await import("~/features/store-sync/import.server");
  const { rebuildRollups } = await import("~/features/profit/rollups.server");

  const shop = await prisma.shop.create({
    data: { domain: `bench-${Date.now()}.myshopify.com`, name: "Bench", timezone: "America/New_York" },
  });
  const ref = { id: shop.id, currency: shop.currency, timezone: shop.timezone };
  // The memory after each phase, and the process's peak so far: the 300 MB target counts the
  // whole process, so a peak before the orders phase (the customers') counts too.
  const rssAt = (phase: string) => {
    const m = process.memoryUsage();
    const [rss, heap, external] = [m.rss, m.heapTotal, m.external].map((b) => Math.round(b / 1_048_576));
    console.log(
      `after ${phase}: RSS ${rss} MB (heap ${heap}, external ${external}), peak so far ${mb(process.resourceUsage().maxRSS)} MB`,
    );
  };
  rssAt("migrate and client");
  await importProducts(ref, fs.createReadStream(files.products));
  rssAt("products");
  await importCustomers(ref, fs.createReadStream(files.customers));
  rssAt("customers");
  const rssBefore = mb(process.resourceUsage().maxRSS);

  let peakRss = process.memoryUsage().rss;
  // What the process held when its RSS peaked: the V8 heap, and the rest (native: SQLite, Prisma's WASM).
  let atPeak = process.memoryUsage();
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss > peakRss) [peakRss, atPeak] = [m.rss, m];
  }, 50);
  // PROFILE=1 writes a CPU profile of the orders phase and the rollup rebuild (open it in Chrome DevTools).
  const profiler = process.env.PROFILE ? await startProfile() : null;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const written = await importOrders(ref, fs.createReadStream(files.orders, { highWaterMark: 64 * 1024 }), {
    batchSize: BATCH,
  });
  const t1 = performance.now();
  const cpu1 = process.cpuUsage(cpu0);
  rssAt("orders");
  await rebuildRollups(shop.id);
  const t2 = performance.now();
  if (profiler) await profiler.stop(path.join("bench", "results", "import-orders.cpuprofile"));
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  const [orders, lines, refunds, days, actualFees] = await Promise.all([
    prisma.order.count({ where: { shopId: shop.id } }),
    prisma.orderLine.count({ where: { shopId: shop.id } }),
    prisma.refund.count({ where: { shopId: shop.id } }),
    prisma.dailyRollup.aggregate({ where: { shopId: shop.id }, _sum: { ordersCount: true } }),
    prisma.order.count({ where: { shopId: shop.id, paymentFeeSource: "shopify_payments" } }),
  ]);
  if (orders !== ORDERS || lines !== files.lineCount)
    throw new Error(`imported ${orders} orders / ${lines} lines, expected ${ORDERS} / ${files.lineCount}`);

  const seconds = (t2 - t0) / 1000;
  const result = {
    orders: written,
    lineItems: lines,
    refunds,
    ordersWithShopifyPaymentsFees: actualFees,
    ordersCountedInRollups: days._sum.ordersCount,
    jsonlRows: files.rows,
    jsonlMB: Math.round(files.bytes / 1_048_576),
    batchSize: BATCH ?? "default",
    writeSeconds: +((t1 - t0) / 1000).toFixed(2),
    rollupSeconds: +((t2 - t1) / 1000).toFixed(2),
    totalSeconds: +seconds.toFixed(2),
    ordersPerSecond: Math.round(ORDERS / seconds),
    // CPU time this process got: on a shared machine wall time also counts the wait for a core.
    cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2),
    // The orders phase alone (the rest of cpuSeconds is the rollup rebuild).
    writeCpuSeconds: +((cpu1.user + cpu1.system) / 1e6).toFixed(2),
    ordersPerCpuSecond: Math.round(ORDERS / ((cpu.user + cpu.system) / 1e6)),
    loadAverage: os.loadavg()[0].toFixed(2),
    cores: os.cpus().length,
    peakRssMB: Math.round(peakRss / 1_048_576),
    processMaxRssMB: mb(process.resourceUsage().maxRSS),
    rssBeforeOrdersMB: rssBefore,
    heapAtPeakMB: Math.round(atPeak.heapTotal / 1_048_576),
    heapUsedAtPeakMB: Math.round(atPeak.heapUsed / 1_048_576),
    nativeAtPeakMB: Math.round((atPeak.rss - atPeak.heapTotal) / 1_048_576),
    externalAtPeakMB: Math.round(atPeak.external / 1_048_576),
    arrayBuffersAtPeakMB: Math.round(atPeak.arrayBuffers / 1_048_576),
  };
  console.table(result);
  const pass = result.ordersPerSecond >= 10_000 && result.processMaxRssMB <= 300;
  console.log(
    `${pass ? "PASS" : "FAIL"}: ${result.ordersPerSecond.toLocaleString("en-US")} orders/s (target ≥ 10,000), peak RSS ${result.processMaxRssMB} MB (target ≤ 300 MB)`,
  );
  fs.mkdirSync(path.join("bench", "results"), { recursive: true });
  fs.writeFileSync(
    path.join("bench", "results", "import-latest.json"),
    JSON.stringify({ at: new Date().toISOString(), ...result, pass }, null, 2) + "\n",
  );
  await prisma.$disconnect();
  if (!process.env.KEEP) fs.rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dbFile}`);
  if (!pass) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
