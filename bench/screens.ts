// Times every admin screen's loader from the production build against the database in
// DATABASE_URL (bench/all.ts runs it once per database size, in a child process: the app's
// environment and Prisma client are fixed when it loads).
//
//   tsx bench/screens.ts <serverBuild> <samples>
//
// The screens are discovered from the build: every route under the `_admin` layout that has
// a loader and renders a page (resource routes, such as the CSV download, are left out). A
// screen with a path parameter is called with the demo store's first row of that kind.
// Each sample is the screen's first load after a write: the shop's data version moves first,
// as every order, refund or cost write moves it, so no cached figures are served.
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { prisma } from "~/db.server";
import { touchShopData } from "~/features/profit/rollup-bumps.server";
import { getDemoShop } from "~/features/shop/shop.server";
import { printResult, summarize, type Summary } from "./lib";

const [serverBuild, samplesArg = "15"] = process.argv.slice(2);
const samples = Number(samplesArg);

type RouteModule = {
  default?: unknown;
  loader?: (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
};
type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: RouteModule };

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

/** The first of the demo store's rows for each path parameter the admin screens take. */
const firstIds: Record<string, () => Promise<{ id: string } | null>> = {
  invoiceId: () =>
    prisma.invoice.findFirst({ where: { shopId: shop.id }, select: { id: true }, orderBy: { id: "asc" } }),
  messageId: () =>
    prisma.outboxMessage.findFirst({ where: { shopId: shop.id }, select: { id: true }, orderBy: { id: "asc" } }),
  customerId: () =>
    prisma.customer.findFirst({ where: { shopId: shop.id }, select: { id: true }, orderBy: { id: "asc" } }),
  variantId: () =>
    prisma.variant.findFirst({ where: { shopId: shop.id }, select: { id: true }, orderBy: { id: "asc" } }),
  poId: () =>
    prisma.purchaseOrder.findFirst({ where: { shopId: shop.id }, select: { id: true }, orderBy: { id: "asc" } }),
};

function underAdmin(route: BuildRoute): boolean {
  for (let r: BuildRoute | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined)
    if (r.parentId === "routes/_admin") return true;
  return false;
}

function fullPath(route: BuildRoute): string {
  const parts: string[] = [];
  for (let r: BuildRoute | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined)
    if (r.path) parts.unshift(r.path);
  return `/${parts.join("/")}`;
}

const screens = Object.values(build.routes)
  .filter((r) => underAdmin(r) && r.module.loader && r.module.default)
  .sort((a, b) => a.id.localeCompare(b.id));

const timings: ScreenTiming[] = [];
const visits = screens.flatMap((route) => [
  { route, query: "" },
  ...(WIDEST[route.id] ? [{ route, query: WIDEST[route.id] }] : []),
]);
for (const { route, query } of visits) {
  const pattern = fullPath(route);
  const screen = pattern + query;
  let url = pattern;
  const params: Record<string, string> = {};
  let skipped: string | undefined;
  for (const name of url.match(/:\w+/g) ?? []) {
    const key = name.slice(1);
    const row = firstIds[key] ? await firstIds[key]() : null;
    if (!row) {
      skipped = `no row for ${name}`;
      break;
    }
    params[key] = row.id;
    url = url.replace(name, row.id);
  }
  if (skipped) {
    timings.push({ id: route.id, screen, skipped });
    continue;
  }
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
