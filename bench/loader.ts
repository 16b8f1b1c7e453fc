// Times the dashboard loader in-process against the database in DATABASE_URL
// (run by bench/run.ts in a child process, one per database, because the app's
// environment and Prisma client are fixed when app/env.server.ts loads).
//
//   tsx bench/loader.ts <iterations> <warmup> <serverBuild>
//
// Two things are timed for each timeframe: getDashboard(shop, days) from the
// sources (the model alone), and the dashboard route's loader from the built
// production bundle called with a real Request (demo shop lookup + the model).
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { getDashboard } from "~/features/profit/dashboard.server";
import { touchShopData } from "~/features/profit/rollup-bumps.server";
import { prisma } from "~/db.server";
import { plainDashboard } from "./plain-dashboard";
import { getDemoShop } from "~/features/shop/shop.server";
import { TIMEFRAMES, type Timeframe } from "~/lib/timeframe";
import { printResult, summarize, type Summary } from "./lib";

const [iterations = 300, warmup = 30] = process.argv.slice(2, 4).map(Number);
const serverBuild = process.argv[4];

type RouteModule = {
  loader: (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
};

async function time(fn: () => Promise<unknown>): Promise<Summary> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

const shop = await getDemoShop();
if (!shop) throw new Error("The benchmark database has no demo store; seed it first");

let route: RouteModule | null = null;
let costsRoute: RouteModule | null = null;
if (serverBuild) {
  const build = (await import(pathToFileURL(serverBuild).href)) as { routes: Record<string, { module: RouteModule }> };
  route = build.routes["routes/_admin.dashboard"]?.module ?? null;
  costsRoute = build.routes["routes/_admin.costs"]?.module ?? null;
}

/**
 * A route's first load after a write: the shop's data version moves (as every order, refund or
 * cost write moves it), so the cached figures are recomputed, then the loader is timed once.
 */
async function firstAfterWrite(module: RouteModule, url: string, times: number): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < times + 2; i++) {
    await touchShopData(prisma, shop!.id);
    const t0 = performance.now();
    await module.loader({ request: new Request(url), params: {}, context: {} });
    if (i >= 2) samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

const result: Record<string, unknown> = {};
for (const days of TIMEFRAMES as readonly Timeframe[]) {
  const sample = await getDashboard(shop, days);
  const model = await time(() => getDashboard(shop, days));
  const routeSummary = route
    ? await time(async () => {
        const data = (await route!.loader({
          request: new Request(`http://127.0.0.1/dashboard?days=${days}`),
          params: {},
          context: {},
        })) as { dashboard: unknown };
        if (!data.dashboard) throw new Error("the route loader returned no dashboard (it failed; see the log)");
      })
    : null;
  // The baseline: the same figures by plain SQL over orders and lines (bench/plain-dashboard.ts).
  const plainRuns = Math.max(5, Math.round(iterations / 10));
  const plain = await (async () => {
    await plainDashboard(shop, days);
    const samples: number[] = [];
    for (let i = 0; i < plainRuns; i++) {
      const t0 = performance.now();
      await plainDashboard(shop, days);
      samples.push(performance.now() - t0);
    }
    return summarize(samples);
  })();
  const afterWrite = route
    ? {
        dashboard: await firstAfterWrite(route, `http://127.0.0.1/dashboard?days=${days}`, 20),
        costs: costsRoute ? await firstAfterWrite(costsRoute, `http://127.0.0.1/costs?days=${days}`, 20) : null,
      }
    : null;
  result[days] = {
    model,
    plain,
    afterWrite,
    route: routeSummary,
    rows: { trend: sample.trend.points.length, top: sample.topProducts.length },
  };
}
// Whole server-rendered /dashboard documents through Remix's request handler:
// CPU time per request (process.cpuUsage, so other load on the machine does not
// count), from which the throughput two idle cores could reach is estimated.
if (serverBuild) {
  const { createRequestHandler } = await import("@remix-run/node");
  const build = await import(pathToFileURL(serverBuild).href);
  const handler = createRequestHandler(build, "production");
  const render = async () => {
    const res = await handler(new Request("http://127.0.0.1/dashboard"));
    await res.text();
    if (res.status !== 200) throw new Error(`/dashboard answered ${res.status}`);
  };
  for (let i = 0; i < warmup; i++) await render();
  const n = Math.max(50, Math.round(iterations / 2));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await render();
  const cpu = process.cpuUsage(cpu0);
  result.ssr = {
    requests: n,
    cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / n,
    wallMsPerRequest: (performance.now() - t0) / n,
  };
}
printResult(result);
process.exit(0);
