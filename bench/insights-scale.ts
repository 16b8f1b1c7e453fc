// Issue 37's size targets on a seeded store (the demo seed at any size, e.g. 1,000,000 orders):
// the nightly insights run's wall time (target ≤ 15 s at 1,000,000 orders) and the insights
// screen's loader reads (target p95 ≤ 50 ms), against the database in DATABASE_URL.
//
//   DATABASE_URL=file:/tmp/m1.db npx tsx bench/insights-scale.ts [--runs 3] [--samples 30]
//
// The plain baseline beside the run: counting the shop's orders of the last 365 days straight
// from `Order`, the least any run over a year of orders must read. The screen's loader as a whole
// (session, shop, layout) is timed with every other screen by bench/screens.ts.
import { performance } from "node:perf_hooks";
import { prisma } from "~/db.server";
import { executeRun, latestRun, listInsights, openRun, requestRun } from "~/features/insights/index.server";
import { getDemoShop } from "~/features/shop/shop.server";
import { printResult, summarize } from "./lib";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const runs = opt("runs", 3);
const samples = opt("samples", 30);

const shop = await getDemoShop();
if (!shop) throw new Error("The benchmark database has no demo store; seed it first");
const orders = await prisma.order.count({ where: { shopId: shop.id } });
const now = new Date();

const timed = async <T>(fn: () => Promise<T>) => {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
};

const runMs: number[] = [];
for (let i = 0; i < runs; i++) {
  // A new run each time: the one before it is finished, so the request is not joined to it.
  const { ms } = await timed(async () => {
    const { run } = await requestRun(shop.id, "nightly", now, { enqueue: async () => null });
    await executeRun(run.id, shop.id, () => now);
  });
  runMs.push(ms);
}

const since = new Date(now.getTime() - 365 * 86_400_000);
const plainMs: number[] = [];
for (let i = 0; i < runs; i++)
  plainMs.push((await timed(() => prisma.order.count({ where: { shopId: shop.id, processedAt: { gte: since } } }))).ms);

const readMs: number[] = [];
// The loader's reads (routes/_admin.ai-insights.tsx), the All tab.
const screenRead = () => Promise.all([listInsights(shop.id), openRun(shop.id), latestRun(shop.id)]);
for (let i = 0; i < samples; i++) readMs.push((await timed(screenRead)).ms);

printResult({
  orders,
  generation: summarize(runMs),
  plainYearCount: summarize(plainMs),
  screenRead: summarize(readMs),
});
await prisma.$disconnect();
