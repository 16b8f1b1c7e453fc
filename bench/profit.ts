// `npm run bench:profit -- --db <file>`: the Orders profit view on a seeded demo database (a
// benchmark, not a test; it never fails a build). Beside each question, the plain SQL answer
// to the same question (the page's orders by one query, no lines, no costing) in the same run.
// Then the view's totals for 30 days against the P&L's (they must be equal).
//
//   DATABASE_URL=file:$PWD/bench/.data/1m.db DEMO_MODE=1 NODE_ENV=production npx tsx prisma/seed.ts --orders 1000000
//   cp bench/.data/1m.db /tmp/profit.db && flock /tmp/bench.lock npm run bench:profit -- --db /tmp/profit.db
//
// Targets (issue 36): the Orders profit view p95 ≤ 50 ms and the Products profit report for 12
// months p95 ≤ 100 ms at 1,000,000 orders.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fmtMs, printResult, summarize, type Summary } from "./lib";

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const db = argValue("--db");
if (!db) {
  console.error(
    "Usage: npm run bench:profit -- --db <sqlite file> [--iterations N] [--only <question>] [--json] [--out <json file>]",
  );
  process.exit(2);
}
const iterations = Number(argValue("--iterations") ?? 60);
// The app reads its environment when its modules load: set it first, import after.
process.env.DATABASE_URL = db.startsWith("postgres") ? db : `file:${path.resolve(db)}`;
process.env.DEMO_MODE = "1";
process.env.NODE_ENV = "production";

const { prisma, sql, sqlOn } = await import("~/db.server");
const { getDemoShop } = await import("~/features/shop/shop.server");
const { getProfitAndLoss, listOrderProfits, orderProfitPages, productProfitPage, todayFor } =
  await import("~/features/profit/index.server");
const { parseOrdersQuery, parseProductsQuery } = await import("~/features/profit");
// The line-level answer the rollups must equal (decision 094), and the per-variant report that still reads lines.
const { productProfits, productProfitsFromLines } = await import("~/features/profit/products-report.server");
const { addDays } = await import("~/lib/dates");

const shop = await getDemoShop();
if (!shop) throw new Error("no demo store in this database");
const orders = await prisma.order.count({ where: { shopId: shop.id } });
const today = todayFor(shop);

async function time(fn: () => Promise<unknown>, n = iterations): Promise<Summary> {
  for (let i = 0; i < Math.min(3, n); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

const query = (params: Record<string, string>) => {
  const parsed = parseOrdersQuery(new URLSearchParams(params), today);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.query;
};

/** The plain SQL answer: the page's orders and the count, straight from the orders table. */
async function plainPage(from: string, to: string, order: "date" | "profit", missing = false) {
  let q = sqlOn()
    .selectFrom("Order as o")
    .where("o.shopId", "=", shop!.id)
    .where("o.day", ">=", from)
    .where("o.day", "<=", to)
    .where("o.cancelledAt", "is", null);
  if (missing) q = q.where("o.paymentFeesMinor", "is", null);
  const profit = sql`o."grossSalesMinor" - o."discountsMinor" - o."refundsMinor" + o."shippingMinor" - o."linesCostMinor"`;
  await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return (order === "date" ? q.orderBy("o.day", "desc").orderBy("o.processedAt", "desc") : q.orderBy(profit, "desc"))
    .select(["o.id", "o.name", "o.day", "o.grossSalesMinor", "o.linesCostMinor"])
    .limit(50)
    .execute();
}

/** The plain SQL answer for products: units and sales per product of the range's lines, nothing allocated. */
function plainProducts(from: string, to: string) {
  return sqlOn()
    .selectFrom("OrderLine as l")
    .where("l.shopId", "=", shop!.id)
    .where("l.day", ">=", from)
    .where("l.day", "<=", to)
    .select([
      "l.productId",
      sql<number>`SUM(l."quantity")`.as("units"),
      sql<number>`SUM(l."quantity" * l."unitPriceMinor" - l."discountMinor")`.as("net"),
    ])
    .groupBy("l.productId")
    .execute();
}

const products = (params: Record<string, string>) => {
  const parsed = parseProductsQuery(new URLSearchParams(params), today);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return productProfitPage(shop, parsed.query);
};

const d30 = addDays(today, -29);
// A search for one order by its whole name, and for the start of a customer's e-mail, in the last 30 days.
const recent = await prisma.order.findFirstOrThrow({
  where: { shopId: shop.id, day: { gte: addDays(today, -29) }, email: { not: null } },
  select: { name: true, email: true },
});
const wholeName = recent.name;
const emailStart = recent.email!.slice(0, 5);
const d365 = addDays(today, -364);
const cases: { name: string; view: () => Promise<unknown>; plain: () => Promise<unknown>; n?: number }[] = [
  {
    name: "30 days, newest first",
    view: () => listOrderProfits(shop, query({})),
    plain: () => plainPage(d30, today, "date"),
  },
  {
    name: "30 days, page 20",
    view: () => listOrderProfits(shop, query({ page: "20" })),
    plain: () => plainPage(d30, today, "date"),
  },
  {
    name: "30 days, by profit",
    view: () => listOrderProfits(shop, query({ sort: "profit" })),
    plain: () => plainPage(d30, today, "profit"),
  },
  {
    name: "30 days, by profit, lowest first",
    view: () => listOrderProfits(shop, query({ sort: "profit", dir: "asc" })),
    plain: () => plainPage(d30, today, "profit"),
  },
  {
    name: "30 days, by margin",
    view: () => listOrderProfits(shop, query({ sort: "margin" })),
    plain: () => plainPage(d30, today, "profit"),
  },
  {
    name: "30 days, by profit, page 20",
    view: () => listOrderProfits(shop, query({ sort: "profit", page: "20" })),
    plain: () => plainPage(d30, today, "profit"),
  },
  {
    name: "30 days, unknown fee",
    view: () => listOrderProfits(shop, query({ missing: "fee" })),
    plain: () => plainPage(d30, today, "date", true),
  },
  {
    name: "30 days, search",
    view: () => listOrderProfits(shop, query({ q: "#10" })),
    plain: () => plainPage(d30, today, "date"),
  },
  {
    name: "30 days, search a whole name",
    view: () => listOrderProfits(shop, query({ q: wholeName })),
    plain: () => plainPage(d30, today, "date"),
  },
  {
    name: "30 days, search an e-mail's start",
    view: () => listOrderProfits(shop, query({ q: emailStart })),
    plain: () => plainPage(d30, today, "date"),
  },
  {
    name: "365 days, newest first",
    view: () => listOrderProfits(shop, query({ from: d365, to: today })),
    plain: () => plainPage(d365, today, "date"),
  },
  {
    name: "365 days, by profit",
    view: () => listOrderProfits(shop, query({ from: d365, to: today, sort: "profit" })),
    plain: () => plainPage(d365, today, "profit"),
  },
  {
    name: "365 days, by profit, lowest first",
    view: () => listOrderProfits(shop, query({ from: d365, to: today, sort: "profit", dir: "asc" })),
    plain: () => plainPage(d365, today, "profit"),
  },
  {
    name: "365 days, by margin",
    view: () => listOrderProfits(shop, query({ from: d365, to: today, sort: "margin" })),
    plain: () => plainPage(d365, today, "profit"),
  },
  {
    name: "365 days, losses by profit",
    view: () => listOrderProfits(shop, query({ from: d365, to: today, sort: "profit", loss: "1" })),
    plain: () => plainPage(d365, today, "profit"),
  },
  {
    name: "Products, 30 days",
    view: () => products({}),
    plain: () => plainProducts(d30, today),
  },
  {
    name: "Products, 365 days",
    view: () => products({ days: "365" }),
    plain: () => plainProducts(d365, today),
  },
  {
    name: "Products per variant, 365 days (lines)",
    view: () => products({ days: "365", by: "variant" }),
    plain: () => plainProducts(d365, today),
    // Seconds per answer: the per-variant report still reads the range's lines.
    n: Math.min(iterations, 3),
  },
];

// --only <text>: just the questions whose name contains it (a re-run of a few).
const only = argValue("--only");
const results: { name: string; view: Summary; plain: Summary }[] = [];
for (const c of cases.filter((c) => !only || c.name.includes(only))) {
  results.push({ name: c.name, view: await time(c.view, c.n), plain: await time(c.plain, c.n) });
  const r = results.at(-1)!;
  console.error(`  ${c.name}: view p95 ${fmtMs(r.view.p95)}, plain SQL p95 ${fmtMs(r.plain.p95)}`);
}

// The view's totals for 30 days against the P&L's.
const sums = { gross: 0, discounts: 0, refunds: 0, revenue: 0, cogs: 0, fees: 0, shipping: 0 };
for await (const page of orderProfitPages(shop, query({})))
  for (const r of page) {
    sums.gross += r.grossSalesMinor;
    sums.discounts += r.discountsMinor;
    sums.refunds += r.refundsMinor;
    sums.revenue += r.revenueMinor;
    sums.cogs += r.cogsMinor;
    sums.fees += r.paymentFeesMinor ?? 0;
    sums.shipping += r.shippingCostMinor ?? 0;
  }
const pnl = await getProfitAndLoss(shop, 30);
const line = (key: string) => pnl.lines.find((l) => l.key === key)?.amountMinor ?? 0;
const pnlSums = {
  gross: line("grossSales"),
  discounts: line("discounts"),
  refunds: line("refunds"),
  revenue: pnl.figures.revenueMinor,
  cogs: pnl.figures.cogsMinor,
  fees: pnl.figures.paymentFeesMinor,
  shipping: pnl.figures.shippingCostMinor,
};

// The Products report for 365 days from the rollups against the same report computed from the lines.
const byKey = <T extends { key: string }>(rows: T[]) => new Map(rows.map((r) => [r.key, JSON.stringify(r)]));
const year = { from: d365, to: today };
const fromRollups = byKey(await productProfits(shop, year));
const fromLines = byKey(await productProfitsFromLines(shop, year));
const productsDiffer = [...new Set([...fromRollups.keys(), ...fromLines.keys()])].filter(
  (k) => fromRollups.get(k) !== fromLines.get(k),
).length;
const productsCompared = { products: fromLines.size, differ: productsDiffer };

const out = argValue("--out");
if (out) fs.writeFileSync(out, JSON.stringify({ orders, results, sums, pnlSums, productsCompared }, null, 2));
if (process.argv.includes("--json")) printResult({ orders, results, sums, pnlSums, productsCompared });
else {
  console.log(
    `Orders profit view and Products profit report, ${orders.toLocaleString("en-US")} orders, ${iterations} samples each`,
  );
  console.log("| question | view p50 | view p95 | plain SQL p50 | plain SQL p95 |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of results)
    console.log(
      `| ${r.name} | ${fmtMs(r.view.median)} | ${fmtMs(r.view.p95)} | ${fmtMs(r.plain.median)} | ${fmtMs(r.plain.p95)} |`,
    );
  console.log("\n30 days, the view's sums against the P&L (minor units):");
  for (const k of Object.keys(sums) as (keyof typeof sums)[])
    console.log(`  ${k}: view ${sums[k]}, P&L ${pnlSums[k]}${sums[k] === pnlSums[k] ? "" : "  ← differs"}`);
  console.log(
    `\nProducts, 365 days: rollups against lines, ${productsCompared.differ} of ${productsCompared.products} products differ`,
  );
}
await prisma.$disconnect();
