// Times every admin screen's loader from the production build against the database in
// DATABASE_URL (bench/all.ts runs it once per database size, in a child process: the app's
// environment and Prisma client are fixed when it loads).
//
//   tsx bench/screens.ts <serverBuild> <samples>
//
// The screens are discovered from the build (bench/admin-screens.ts).
// Each sample is the screen's first load after a write: the shop's data version moves first,
// as every order, refund or cost write moves it, so no cached figures are served.
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { prisma } from "~/db.server";
import { touchShopData } from "~/features/profit/rollup-bumps.server";
import { getDemoShop } from "~/features/shop/shop.server";
import { adminScreens, type BuildRoute } from "./admin-screens";
import { printResult, summarize, type Summary } from "./lib";

const [serverBuild, samplesArg = "15"] = process.argv.slice(2);
const samples = Number(samplesArg);

type ScreenTiming = {
  id: string;
  /** The screen's path with its parameters (`/customers/:customerId`) and the query timed, if any. */
  screen: string;
  summary?: Summary;
  status?: number;
  skipped?: string;
};

/**
 * Screens timed a second time at their widest period too: a figure read from the orders instead
 * of the rollups grows most there (the dashboard's missing-cost count took 4.6 s at 365 days at
 * 1,000,000 orders, 0.64 s at 30).
 */
const WIDEST: Record<string, string> = {
  "routes/_admin.dashboard": "?days=365",
  "routes/_admin.costs": "?days=365",
  "routes/_admin.analytics._index": "?timeframe=1y",
};

const build = (await import(pathToFileURL(serverBuild).href)) as { routes: Record<string, BuildRoute> };
const shop = await getDemoShop();
if (!shop) throw new Error("The benchmark database has no demo store; seed it first");

const screens = await adminScreens(build.routes, shop.id);

const timings: ScreenTiming[] = [];
const visits = screens.flatMap((screen) => [
  { screen, query: "" },
  ...(WIDEST[screen.route.id] ? [{ screen, query: WIDEST[screen.route.id] }] : []),
]);
for (const { screen: visit, query } of visits) {
  const { route, params } = visit;
  const screen = visit.pattern + query;
  if (!visit.url) {
    timings.push({ id: route.id, screen, skipped: visit.skipped });
    continue;
  }
  const url = visit.url;
  const call = async () => {
    await touchShopData(prisma, shop.id);
    const t0 = performance.now();
    try {
      await route.module.loader!({ request: new Request(`http://127.0.0.1${url}${query}`), params, context: {} });
      return { ms: performance.now() - t0 };
    } catch (thrown) {
      // A loader that answers with a thrown Response (a redirect, a 404) is timed but reported.
      if (thrown instanceof Response) return { ms: performance.now() - t0, status: thrown.status };
      throw thrown;
    }
  };
  // Warm-up: the first calls of a screen compile its code and fill SQLite's page cache.
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  let status: number | undefined;
  for (let i = 0; i < samples; i++) {
    const r = await call();
    times.push(r.ms);
    status ??= r.status;
  }
  timings.push({ id: route.id, screen, summary: summarize(times), ...(status !== undefined && { status }) });
}
const orders = await prisma.order.count({ where: { shopId: shop.id } });
printResult({ orders, timings });
process.exit(0);
