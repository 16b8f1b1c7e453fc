// `npm run bench:all -- --quick | --full`: every benchmark, one table (issue 35, "a guard on
// every target"). Each benchmark runs as its own script in a child process, with small sizes
// (--quick, minutes) or the issues' sizes (--full, 1,000,000 orders, hours); the figures are
// read from the JSON each script writes to bench/results/, never scraped from its output. The
// table lists each target, its figure, the plain baseline measured in the same run where the
// benchmark has one, and a verdict. Exit code 1 when any target fails or a benchmark breaks.
//
// It also times every admin screen's loader (bench/screens.ts, the first load after a write)
// on two demo stores ten times apart in orders, and fails a screen backed by rollups whose time
// grows more than 2× (the check that would have caught the dashboard's missing-cost count).
//
// Verdicts: "pass" / "FAIL"; "info" where the target is stated for a size this run did not
// measure and the figure says nothing either way at a smaller one (a ratio against plain SQL
// grows with the orders); "not read" where a benchmark ran but wrote no result this table can
// read; "not run" where this mode leaves the benchmark out. A latency or throughput target set
// for 1,000,000 orders is judged on the quick size too: a miss there is a miss at 1M.
//
// The customers and loyalty benchmarks are read through a narrow interface: bench:all runs
// `bench/<name>.ts` with its size options and reads bench/results/<name>.json if the run wrote
// it, in this shape (any other benchmark may write it too):
//   { "rows": [{ "target": "…", "figure": "…", "baseline": "…", "pass": true | false | null }] }
//
// Options: --quick (default) | --full, --skip-build (serve the last build in bench/.data/build),
// --only dashboard,screens,… / --skip telemetry,… (part names as in PARTS below).
// Run it under the machine's benchmark lock: flock /tmp/bench.lock nice -n 5 npm run bench:all -- --quick
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  bin,
  dataDir,
  databaseFile,
  demoEnv,
  ensureSeeded,
  prepareBuild,
  resultsDir,
  root,
  runJsonChild,
  type Summary,
} from "./lib";
import { LCP_BARS_MS, type PaintJson } from "./lighthouse";

type Verdict = "pass" | "FAIL" | "info" | "not read" | "not run";
type Row = { benchmark: string; target: string; figure: string; baseline: string; verdict: Verdict };

const argv = process.argv.slice(2);
const full = argv.includes("--full");
const listOption = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? new Set(argv[i + 1].split(",")) : null;
};
const only = listOption("--only");
const skip = listOption("--skip") ?? new Set<string>();

/** Sizes per mode. Quick: a few minutes on two cores; full: the sizes the issues state targets for. */
const SIZES = full
  ? {
      dashboardOrders: 1_000_000,
      loaderIterations: 300,
      screenOrders: [25_000, 250_000] as const,
      screenSamples: 20,
      importOrders: 100_000,
      analyticsOrders: 1_000_000,
      analyticsIterations: 100,
      invoices: ["--iterations", "100", "--warmup", "50", "--sends", "100"],
      inventory: { variants: 10_000, orders: 1_000_000 },
      customers: { customers: 100_000, orders: 800_000 },
      loyalty: { orders: 1_000_000, customers: 100_000 },
      privacy: { orders: 1_000_000, requests: 10_000 },
      publicPaths: null,
      lighthouseRuns: 3,
      /** Admin screens' first paint: every screen, mobile and desktop. */
      paint: { screens: null, formFactors: "mobile,desktop" },
    }
  : {
      dashboardOrders: 25_000,
      loaderIterations: 60,
      // 250,000 orders take minutes to seed on this machine: quick compares 2,500 with 25,000.
      screenOrders: [2_500, 25_000] as const,
      screenSamples: 15,
      // The import's target is set at 100,000 orders and its rollup rebuild costs about the same
      // at any size (a month per transaction): a smaller import could not reach the rate.
      importOrders: 100_000,
      analyticsOrders: 25_000,
      analyticsIterations: 20,
      invoices: ["--iterations", "30", "--warmup", "50", "--sends", "30"],
      inventory: { variants: 250, orders: 25_000 },
      customers: { customers: 1_000, orders: 8_000 },
      loyalty: { orders: 20_000, customers: 2_000 },
      privacy: { orders: 100_000, requests: 10_000 },
      publicPaths: ["/", "/pricing", "/features"],
      lighthouseRuns: 1,
      // A mobile Lighthouse run takes 10-15 s here: quick measures the screens issue 35 found
      // slowest, and the two other heaviest, in about a minute and a half.
      paint: {
        screens: ["/dashboard", "/analytics", "/customers", "/inventory", "/costs", "/loyalty"],
        formFactors: "mobile",
      },
    };

const fmt = (n: number) => n.toLocaleString("en-US");
const ms = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? "—" : n < 10 ? `${n.toFixed(2)} ms` : `${Math.round(n)} ms`;
const verdict = (pass: boolean): Verdict => (pass ? "pass" : "FAIL");
const started = new Date();
const logDir = path.join(resultsDir, "logs");
fs.mkdirSync(logDir, { recursive: true });
const partSeconds: Record<string, number> = {};
/** The machine's 1-minute load average as each part ended: on two shared cores it explains many a miss. */
const partLoad: Record<string, number> = {};

/** Runs one benchmark script with its output in bench/results/logs/<name>.log; resolves to its exit code. */
function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const log = fs.openSync(path.join(logDir, `${name}.log`), "w");
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", log, log] });
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      fs.closeSync(log);
      resolve(code ?? 1);
    }),
  );
}

/** A JSON result a script wrote during this run (older files are a previous run's). */
function readResult<T>(file: string, since: number): T | null {
  const full = path.join(resultsDir, file);
  if (!fs.existsSync(full) || fs.statSync(full).mtimeMs < since) return null;
  return JSON.parse(fs.readFileSync(full, "utf8")) as T;
}

function broken(benchmark: string, name: string, code: number): Row {
  return {
    benchmark,
    target: "runs to the end",
    figure: `exit ${code}; see bench/results/logs/${name}.log`,
    baseline: "",
    verdict: "FAIL",
  };
}

const tsx = bin("tsx");
let buildDir = "";

// ── the dashboard and /costs: bench/run.ts (loader, plain SQL, HTTP, Lighthouse; telemetry at --full) ──
type RunJson = {
  startedAt: string;
  results: {
    orders: number;
    loader?: Record<
      string,
      {
        model: Summary;
        plain?: Summary;
        route: Summary | null;
        afterWrite?: { dashboard: Summary; costs: Summary | null };
      }
    > & { ssr?: { cpuMsPerRequest: number } };
    http?: { requestsPerSecond: number; non2xx: number; errors: number; timeouts: number };
    lighthouse?: Record<string, { lcpMs: number; cls: number; tbtMs: number }>;
    telemetry?: { costFraction: number; cpuCostFraction: number; inProcess: { costFraction: number } };
  }[];
};

async function dashboard(): Promise<Row[]> {
  const since = Date.now();
  const n = SIZES.dashboardOrders;
  const args = ["bench/run.ts", "--orders", String(n), "--skip-build", "--label", full ? "all-full" : "all-quick"];
  args.push(
    "--iterations",
    String(SIZES.loaderIterations),
    "--warmup",
    String(Math.round(SIZES.loaderIterations / 10)),
  );
  args.push("--lh-runs", String(SIZES.lighthouseRuns));
  // The telemetry's 3 % bar needs long alternating runs to rise above a shared machine's noise.
  if (!full) args.push("--only", "loader,http,lighthouse", "--duration", "5");
  const code = await run("dashboard", tsx, args);
  const json = readResult<RunJson>("latest.json", since);
  const r = json?.results[0];
  if (code !== 0 || !r?.loader) return [broken("dashboard", "dashboard", code)];
  const b = `dashboard ${fmt(n)} orders`;
  const days = ["30", "90", "365"];
  const L = r.loader;
  const each = (pick: (d: string) => number | undefined) => days.map((d) => ms(pick(d))).join(" / ");
  const rows: Row[] = [
    {
      benchmark: b,
      target: "getDashboard p95 ≤ 20 ms (30 / 90 / 365 d)",
      figure: each((d) => L[d].model.p95),
      baseline: `plain SQL ${each((d) => L[d].plain?.p95)}`,
      verdict: verdict(days.every((d) => L[d].model.p95 <= 20)),
    },
    {
      benchmark: b,
      target: "plain SQL p95 ÷ getDashboard p95 ≥ 50× at 1,000,000 orders",
      figure: days.map((d) => `${((L[d].plain?.p95 ?? NaN) / L[d].model.p95).toFixed(0)}×`).join(" / "),
      baseline: "(the ratio itself)",
      verdict: n >= 1_000_000 ? verdict(days.every((d) => (L[d].plain?.p95 ?? 0) / L[d].model.p95 >= 50)) : "info",
    },
    {
      benchmark: b,
      target: "dashboard route loader p95 ≤ 20 ms",
      figure: each((d) => L[d].route?.p95),
      baseline: "",
      verdict: verdict(days.every((d) => (L[d].route?.p95 ?? Infinity) <= 20)),
    },
  ];
  for (const page of ["dashboard", "costs"] as const)
    rows.push({
      benchmark: b,
      target: `first /${page} after a write p95 ≤ 100 ms`,
      figure: each((d) => L[d].afterWrite?.[page]?.p95),
      baseline: "",
      verdict: verdict(days.every((d) => (L[d].afterWrite?.[page]?.p95 ?? Infinity) <= 100)),
    });
  if (r.http)
    rows.push({
      benchmark: b,
      target: "/dashboard ≥ 200 requests/s, no errors",
      figure: `${r.http.requestsPerSecond.toFixed(0)}/s, ${r.http.non2xx + r.http.errors + r.http.timeouts} errors`,
      baseline: "",
      verdict: verdict(r.http.requestsPerSecond >= 200 && r.http.non2xx + r.http.errors + r.http.timeouts === 0),
    });
  for (const [page, l] of Object.entries(r.lighthouse ?? {}))
    rows.push({
      benchmark: b,
      target: `${page} desktop LCP ≤ 1.0 s, CLS ≤ 0.02, TBT ≤ 100 ms`,
      figure: `${ms(l.lcpMs)}, ${l.cls.toFixed(3)}, ${ms(l.tbtMs)}`,
      baseline: "",
      verdict: verdict(l.lcpMs <= 1000 && l.cls <= 0.02 && l.tbtMs <= 100),
    });
  if (!r.lighthouse)
    rows.push({ benchmark: b, target: "desktop LCP ≤ 1.0 s", figure: "no Chromium", baseline: "", verdict: "not run" });
  const t = r.telemetry;
  rows.push(
    t
      ? {
          benchmark: b,
          target: "cost of the performance recording ≤ 3 % (requests/s, CPU, in-process CPU)",
          figure: [t.costFraction, t.cpuCostFraction, t.inProcess.costFraction]
            .map((x) => `${(x * 100).toFixed(1)}%`)
            .join(", "),
          baseline: "TELEMETRY=off, same run",
          verdict: verdict(Math.max(t.costFraction, t.cpuCostFraction, t.inProcess.costFraction) <= 0.03),
        }
      : {
          benchmark: "telemetry",
          target: "cost of the performance recording ≤ 3 %",
          figure: "--full only",
          baseline: "",
          verdict: "not run",
        },
  );
  return rows;
}

// ── every admin screen's loader at two sizes ──────────────────────────────────────────────────
/**
 * Screens whose figures come from the rollups (DailyRollup, the product and variant day and month
 * rollups, the dimension rollups): their time must not follow the number of orders.
 */
const ROLLUP_SCREENS = new Set(["routes/_admin.dashboard", "routes/_admin.costs", "routes/_admin.analytics._index"]);
/** Screens with a first-load target of their own (issue 35: /customers and /loyalty ≤ 200 ms at 1M). */
const FIRST_LOAD_MS: Record<string, number> = { "routes/_admin.customers": 200, "routes/_admin.loyalty": 200 };
/** Below this rise a doubling is scheduling noise on two shared cores, not growth. */
const NOISE_MS = 5;
type ScreensJson = {
  orders: number;
  timings: { id: string; screen: string; summary?: Summary; status?: number; skipped?: string }[];
};

async function screens(): Promise<Row[]> {
  const [small, big] = SIZES.screenOrders;
  const runs: ScreensJson[] = [];
  for (const n of [small, big]) {
    ensureSeeded(n);
    runs.push(
      await runJsonChild<ScreensJson>(
        path.join(root, "bench", "screens.ts"),
        [path.join(buildDir, "server", "index.js"), String(SIZES.screenSamples)],
        demoEnv(n, { JOBS_DISABLED: "1", TELEMETRY: "off" }),
      ),
    );
  }
  const [a, b] = runs;
  const rows: Row[] = [];
  const label = `screens ${fmt(a.orders)} → ${fmt(b.orders)} orders`;
  for (const s of b.timings) {
    const before = a.timings.find((t) => t.screen === s.screen);
    const screen = `${s.screen}${s.status ? ` (answers ${s.status})` : ""}`;
    if (!s.summary || !before?.summary) {
      rows.push({
        benchmark: label,
        target: `${screen}: timed`,
        figure: s.skipped ?? before?.skipped ?? "missing",
        baseline: "",
        verdict: "not run",
      });
      continue;
    }
    const x = s.summary.median / before.summary.median;
    const rollups = ROLLUP_SCREENS.has(s.id);
    const grew = x > 2 && s.summary.median > 2 * before.summary.median + NOISE_MS;
    rows.push({
      benchmark: label,
      target: `${screen} median${rollups ? ": grows ≤ 2× (rollups)" : ""}`,
      figure: `${ms(before.summary.median)} → ${ms(s.summary.median)} (${x.toFixed(1)}×)`,
      baseline: "",
      verdict: rollups ? verdict(!grew) : "info",
    });
    const bar = FIRST_LOAD_MS[s.id];
    if (bar)
      rows.push({
        benchmark: label,
        target: `${screen} first load p95 ≤ ${bar} ms`,
        figure: ms(s.summary.p95),
        baseline: "",
        verdict: verdict(s.summary.p95 <= bar),
      });
  }
  return rows;
}

// ── the store import: bench/import.ts ──────────────────────────────────────────────────────────
async function storeImport(): Promise<Row[]> {
  const since = Date.now();
  const code = await run("import", tsx, ["bench/import.ts"], { ...process.env, ORDERS: String(SIZES.importOrders) });
  const r = readResult<{
    ordersPerSecond: number;
    ordersPerCpuSecond: number;
    processMaxRssMB: number;
    totalSeconds: number;
  }>("import-latest.json", since);
  if (!r) return [broken("import", "import", code)];
  const b = `import ${fmt(SIZES.importOrders)} orders`;
  return [
    {
      benchmark: b,
      target: "≥ 10,000 orders/s (at 100,000 orders)",
      figure: `${fmt(r.ordersPerSecond)}/s (${r.totalSeconds} s; ${fmt(r.ordersPerCpuSecond)} per CPU second)`,
      baseline: "",
      verdict: verdict(r.ordersPerSecond >= 10_000),
    },
    {
      benchmark: b,
      target: "peak RSS ≤ 300 MB",
      figure: `${r.processMaxRssMB} MB`,
      baseline: "",
      verdict: verdict(r.processMaxRssMB <= 300),
    },
  ];
}

// ── Analytics: bench/analytics.ts ───────────────────────────────────────────────────────────────
type AnalyticsJson = {
  loader: Record<string, { model: Summary; route: Summary; sql: Summary }>;
  export: { rows: number; rowsPerSecond: number; ttfbMs: number };
  sqlRead: { rowsPerSecond: number };
  served: { rowsPerSecond: number; ttfbMs: number; peakRssMb: number } | null;
};

async function analytics(): Promise<Row[]> {
  const n = SIZES.analyticsOrders;
  // analytics.ts keeps its own copy of the demo store; the same seed as the screens' database.
  const own = path.join(dataDir, `analytics-${n >= 1_000_000 ? `${n / 1_000_000}m` : `${n / 1000}k`}.db`);
  if (!fs.existsSync(own) && fs.existsSync(databaseFile(n)) && !fs.existsSync(`${databaseFile(n)}-wal`))
    fs.copyFileSync(databaseFile(n), own);
  const since = Date.now();
  const code = await run("analytics", tsx, [
    "bench/analytics.ts",
    "--orders",
    String(n),
    "--iterations",
    String(SIZES.analyticsIterations),
    "--skip-build",
  ]);
  const r = readResult<AnalyticsJson>(`analytics-${n}.json`, since);
  if (!r) return [broken("analytics", "analytics", code)];
  const b = `analytics ${fmt(n)} orders`;
  const [worstKey, worst] = Object.entries(r.loader).sort((x, y) => y[1].route.p95 - x[1].route.p95)[0];
  const rows: Row[] = [
    {
      benchmark: b,
      target: `route loader p95 ≤ 20 ms (worst of ${Object.keys(r.loader).length} timeframes: ${worstKey})`,
      figure: ms(worst.route.p95),
      baseline: `plain SQL ${ms(worst.sql.p95)}; model uncached ${ms(worst.model.p95)}`,
      verdict: verdict(worst.route.p95 <= 20),
    },
    {
      benchmark: b,
      target: `CSV export ≥ 100,000 rows/s, TTFB ≤ 200 ms (${fmt(r.export.rows)} rows, in-process)`,
      figure: `${fmt(r.export.rowsPerSecond)}/s, ${ms(r.export.ttfbMs)}`,
      baseline: `plain SQL read ${fmt(r.sqlRead.rowsPerSecond)}/s`,
      verdict: verdict(r.export.rowsPerSecond >= 100_000 && r.export.ttfbMs <= 200),
    },
  ];
  if (r.served)
    rows.push({
      benchmark: b,
      target: "served CSV export: serving process peak RSS ≤ 200 MB",
      figure: `${r.served.peakRssMb} MB (${fmt(r.served.rowsPerSecond)} rows/s)`,
      baseline: "",
      verdict: verdict(r.served.peakRssMb <= 200),
    });
  return rows;
}

// ── Order and product profit: bench/profit.ts (issue 36) ────────────────────────────────────────
type ProfitJson = {
  orders: number;
  results: { name: string; view: Summary; plain: Summary }[];
  sums: Record<string, number>;
  pnlSums: Record<string, number>;
};

async function profit(): Promise<Row[]> {
  const n = SIZES.dashboardOrders;
  // Reads only: the dashboard's database, seeded by that part.
  const since = Date.now();
  const out = path.join(resultsDir, `profit-${n}.json`);
  const code = await run("profit", tsx, [
    "bench/profit.ts",
    "--db",
    databaseFile(n),
    "--iterations",
    String(SIZES.analyticsIterations),
    "--out",
    out,
  ]);
  const r = readResult<ProfitJson>(path.basename(out), since);
  if (!r) return [broken("profit", "profit", code)];
  const b = `profit ${fmt(r.orders)} orders`;
  const orders = r.results.filter((x) => !x.name.startsWith("Products"));
  const worst = orders.sort((x, y) => y.view.p95 - x.view.p95)[0];
  const year = r.results.find((x) => x.name === "Products, 365 days");
  // Refunds (and so revenue) are the order's in the view and the refund day's in the P&L (decision 089).
  const agree = ["gross", "discounts", "cogs", "fees", "shipping"].every((k) => r.sums[k] === r.pnlSums[k]);
  return [
    {
      benchmark: b,
      target: `Orders profit view p95 ≤ 50 ms (worst: ${worst.name})`,
      figure: ms(worst.view.p95),
      baseline: `plain SQL ${ms(worst.plain.p95)}`,
      verdict: verdict(worst.view.p95 <= 50),
    },
    {
      benchmark: b,
      target: "Products profit report, 365 days, p95 ≤ 100 ms",
      figure: ms(year?.view.p95),
      baseline: `plain SQL ${ms(year?.plain.p95)}`,
      verdict: verdict((year?.view.p95 ?? Infinity) <= 100),
    },
    {
      benchmark: b,
      target: "Orders view's 30-day gross sales, discounts, COGS, fees, shipping equal the P&L's",
      figure: agree ? "equal" : "differ",
      baseline: "",
      verdict: verdict(agree),
    },
  ];
}

// ── invoices: bench/invoices.ts ────────────────────────────────────────────────────────────────
type InvoicesJson = {
  reactPdf: { median: number };
  chromium: { median: number } | null;
  createSend: { median: number; p95: number };
};

async function invoices(): Promise<Row[]> {
  const since = Date.now();
  const code = await run("invoices", tsx, ["bench/invoices.ts", ...SIZES.invoices]);
  // invoices.ts names its JSON by the time it ran.
  const newest = fs
    .readdirSync(resultsDir)
    .filter((f) => /^invoices-.*\.json$/.test(f))
    .sort()
    .at(-1);
  const r = newest ? readResult<InvoicesJson>(newest, since) : null;
  if (!r) return [broken("invoices", "invoices", code)];
  const b = `invoices (${SIZES.invoices.join(" ")})`;
  const ratio = r.chromium ? r.chromium.median / r.reactPdf.median : NaN;
  return [
    {
      benchmark: b,
      target: "10-line invoice PDF median ≤ 30 ms",
      figure: ms(r.reactPdf.median),
      baseline: r.chromium ? `Chromium, warm page ${ms(r.chromium.median)}` : "no Chromium",
      verdict: verdict(r.reactPdf.median <= 30),
    },
    {
      benchmark: b,
      target: "≥ 10× faster than Chromium printing the same invoice",
      figure: Number.isFinite(ratio) ? `${ratio.toFixed(1)}×` : "—",
      baseline: "(the ratio itself)",
      verdict: r.chromium ? verdict(ratio >= 10) : "not run",
    },
    {
      benchmark: b,
      target: "create → send (no target)",
      figure: `median ${ms(r.createSend.median)}, p95 ${ms(r.createSend.p95)}`,
      baseline: "",
      verdict: "info",
    },
  ];
}

// ── inventory planning: bench/inventory.ts ─────────────────────────────────────────────────────
type InventoryJson = {
  variants: number;
  orders: number;
  recompute: { p50: number };
  oneVariant: { p95: number };
  list: { p95: number };
  bulk: { p50: number; variants: number };
  locationRows: { compared: number; differing: number };
};

async function inventory(): Promise<Row[]> {
  const { variants, orders } = SIZES.inventory;
  const args = ["bench/inventory.ts", "--runs", "3", "--samples", full ? "100" : "50"];
  if (orders === SIZES.screenOrders[1] && !full) {
    // The screens' database has these sizes already: a scratch copy, since the benchmark writes.
    ensureSeeded(orders);
    const copy = path.join(dataDir, `inventory-scratch.db`);
    fs.copyFileSync(databaseFile(orders), copy);
    for (const suffix of ["-wal", "-shm"]) {
      fs.rmSync(copy + suffix, { force: true });
      if (fs.existsSync(databaseFile(orders) + suffix)) fs.copyFileSync(databaseFile(orders) + suffix, copy + suffix);
    }
    args.push("--db", copy);
  } else args.push("--variants", String(variants), "--orders", String(orders));
  const since = Date.now();
  const code = await run("inventory", tsx, args);
  const r = readResult<InventoryJson>("inventory.json", since);
  if (!r) return [broken("inventory", "inventory", code)];
  const b = `inventory ${fmt(r.variants)} variants, ${fmt(r.orders)} orders`;
  return [
    {
      benchmark: b,
      target: "full recompute ≤ 1,000 ms (at 10,000 variants)",
      figure: ms(r.recompute.p50),
      baseline: "",
      verdict: verdict(r.recompute.p50 <= 1000),
    },
    {
      benchmark: b,
      target: "one variant after a webhook p95 ≤ 20 ms",
      figure: ms(r.oneVariant.p95),
      baseline: "",
      verdict: verdict(r.oneVariant.p95 <= 20),
    },
    {
      benchmark: b,
      target: "list with filters p95 ≤ 50 ms",
      figure: ms(r.list.p95),
      baseline: "",
      verdict: verdict(r.list.p95 <= 50),
    },
    {
      benchmark: b,
      target: `bulk edit ≤ 5,000 ms (of 1,000 variants; here ${fmt(r.bulk.variants)})`,
      figure: ms(r.bulk.p50),
      baseline: "",
      verdict: verdict(r.bulk.p50 <= 5000),
    },
    {
      benchmark: b,
      target: "stored per-location figures equal a direct computation",
      figure: `${r.locationRows.differing} of ${fmt(r.locationRows.compared)} differ`,
      baseline: "",
      verdict: verdict(r.locationRows.differing === 0),
    },
  ];
}

// ── customers and loyalty: being rewritten elsewhere, read only through bench/results/<name>.json ──
type RowsJson = { rows: { target: string; figure: string; baseline?: string; pass: boolean | null }[] };

async function rewritten(
  name: "customers" | "loyalty" | "ads" | "api" | "assets" | "privacy" | "engagement" | "insights",
  args: string[],
  size: string,
): Promise<Row[]> {
  const since = Date.now();
  const t0 = Date.now();
  const code = await run(name, tsx, [`bench/${name}.ts`, ...args]);
  const seconds = ((Date.now() - t0) / 1000).toFixed(0);
  const r = readResult<RowsJson>(`${name}.json`, since);
  const b = `${name} ${size}`;
  if (code !== 0) return [broken(b, name, code)];
  if (!r?.rows)
    return [
      {
        benchmark: b,
        target: "its targets (issue 34)",
        figure: `ran in ${seconds} s; wrote no bench/results/${name}.json (see logs/${name}.log)`,
        baseline: "",
        verdict: "not read",
      },
    ];
  return r.rows.map((row) => ({
    benchmark: b,
    target: row.target,
    figure: row.figure,
    baseline: row.baseline ?? "",
    verdict: row.pass === null ? "info" : verdict(row.pass),
  }));
}

const customers = () => {
  const { customers: c, orders } = SIZES.customers;
  return rewritten(
    "customers",
    ["--customers", String(c), "--orders", String(orders)],
    `${fmt(c)} customers, ${fmt(orders)} orders`,
  );
};
const loyalty = () => {
  const { orders, customers: c } = SIZES.loyalty;
  const small = full ? [] : ["--runs", "20", "--posts", "50", "--warmup", "20"];
  return rewritten(
    "loyalty",
    ["--orders", String(orders), "--customers", String(c), ...small],
    `${fmt(orders)} orders, ${fmt(c)} customers`,
  );
};

// Issue 40's engagement targets (bench/engagement.ts): quick sends 300 e-mails (the target scaled
// to 1.8 s) and plans a 20,000-customer segment; full the issue's 10,000 and 100,000.
const engagement = () => {
  const [emails, segment, clicks] = full ? [10_000, 100_000, 500] : [300, 20_000, 100];
  return rewritten(
    "engagement",
    ["--emails", String(emails), "--segment", String(segment), "--clicks", String(clicks)],
    `${fmt(emails)} e-mails, ${fmt(segment)}-customer segment`,
  );
};

// Issue 37's insights (bench/insights.ts): precision and recall on injected events, the clean
// stores' rate and the run's time at 25,000 orders; quick takes one seed (two demo copies), full five.
const insights = () =>
  rewritten("insights", ["--seeds", full ? "5" : "1"], `${full ? 5 : 1} seed(s), demo copies of 25,000 orders`);

// Issue 36's ad spend sync (bench/ads.ts): the same sizes in both modes, as the target states them.
const adSpend = () => rewritten("ads", [], "12 months × 50 campaigns × 3 platforms");

// Issue 39's public API (bench/api.ts): key verification, two reads and a write through HTTP beside
// the admin's routes, against the build this run made, on the dashboard's database.
const publicApi = () =>
  rewritten(
    "api",
    ["--orders", String(SIZES.dashboardOrders), "--skip-build", "--duration", full ? "15" : "3"],
    `${fmt(SIZES.dashboardOrders)} orders`,
  );

// Issue 41's digital assets (bench/assets.ts): holder checks, SIWE, the screen's loader at the
// targets' sizes in both modes; quick takes fewer samples.
const digitalAssets = () =>
  rewritten("assets", full ? [] : ["--quick"], "1,000 wallets, 100,000 issued items, local EVM");

// Issue 38's privacy centre (bench/privacy.ts): quick judges the retention job's rate on fewer orders.
const privacyCentre = () => {
  const { orders, requests } = SIZES.privacy;
  return rewritten(
    "privacy",
    ["--orders", String(orders), "--requests", String(requests), ...(full ? [] : ["--runs", "20"])],
    `${fmt(orders)} orders, ${fmt(requests)} requests`,
  );
};

// ── public pages: bench/public.ts (Lighthouse) ──────────────────────────────────────────────────
type PublicJson = {
  results: {
    path: string;
    performance: number;
    accessibility: number;
    lcpMs: number;
    cls: number;
    jsGzipBytes: number;
  }[];
};

async function publicPages(): Promise<Row[]> {
  const since = Date.now();
  const args = ["bench/public.ts", "--runs", String(SIZES.lighthouseRuns)];
  if (SIZES.publicPaths) args.push("--paths", SIZES.publicPaths.join(","));
  const code = await run("public", tsx, args, { ...process.env, BENCH_PORT: "3390" });
  const r = readResult<PublicJson>("public.json", since);
  if (!r) return [broken("public", "public", code)];
  const b = `public pages (${r.results.length}${SIZES.publicPaths ? `: ${SIZES.publicPaths.join(" ")}` : ""})`;
  const worst = <K extends keyof PublicJson["results"][number]>(key: K, lowest: boolean) =>
    [...r.results].sort((x, y) => (lowest ? 1 : -1) * ((x[key] as number) - (y[key] as number)))[0];
  const perf = worst("performance", true);
  const a11y = worst("accessibility", true);
  const lcp = worst("lcpMs", false);
  const cls = worst("cls", false);
  const js = worst("jsGzipBytes", false);
  return [
    [
      "performance ≥ 95, accessibility ≥ 95 (lowest)",
      `${perf.performance} (${perf.path}), ${a11y.accessibility} (${a11y.path})`,
      perf.performance >= 95 && a11y.accessibility >= 95,
    ],
    [
      "desktop LCP ≤ 1.0 s, CLS ≤ 0.02 (highest)",
      `${ms(lcp.lcpMs)} (${lcp.path}), ${cls.cls} (${cls.path})`,
      lcp.lcpMs <= 1000 && cls.cls <= 0.02,
    ],
    [
      "JavaScript ≤ 100 KB gzipped (largest)",
      `${(js.jsGzipBytes / 1024).toFixed(1)} KB (${js.path})`,
      js.jsGzipBytes <= 100 * 1024,
    ],
  ].map(([target, figure, pass]) => ({
    benchmark: b,
    target: target as string,
    figure: figure as string,
    baseline: "",
    verdict: verdict(pass as boolean),
  }));
}

// ── admin screens' first paint: bench/paint.ts (Lighthouse mobile and desktop) ─────────────────
async function paint(): Promise<Row[]> {
  const since = Date.now();
  const args = ["bench/paint.ts", "--build", buildDir, "--runs", String(SIZES.lighthouseRuns)];
  // The demo store's size (npm run demo seeds 25,000 orders).
  args.push("--form-factors", SIZES.paint.formFactors, "--orders", "25000");
  if (SIZES.paint.screens) args.push("--paths", SIZES.paint.screens.join(","));
  const code = await run("paint", tsx, args);
  const r = readResult<PaintJson>("paint.json", since);
  if (!r) return [broken("paint", "paint", code)];
  const b = `admin first paint (${fmt(r.orders)} orders, Lighthouse ${r.runs === 1 ? "1 run" : `median of ${r.runs}`})`;
  return r.screens.flatMap((s) =>
    r.formFactors.map((ff): Row => {
      const p = s[ff];
      const bar = LCP_BARS_MS[ff];
      return {
        benchmark: b,
        target: `${s.screen} ${ff} LCP ≤ ${(bar / 1000).toFixed(1)} s`,
        figure: p ? `${(p.lcpMs / 1000).toFixed(2)} s (FCP ${(p.fcpMs / 1000).toFixed(2)} s)` : (s.skipped ?? "—"),
        baseline: "",
        verdict: p ? verdict(p.lcpMs <= bar) : "not run",
      };
    }),
  );
}

// ── a server worker's memory after boot: bench/boot-memory.mjs ───────────────────────────────────
async function bootMemory(): Promise<Row[]> {
  const since = Date.now();
  ensureSeeded(SIZES.screenOrders[0]);
  const code = await run(
    "boot-memory",
    process.execPath,
    ["bench/boot-memory.mjs", path.join(buildDir, "server", "index.js")],
    { ...process.env, DATABASE_URL: `file:${databaseFile(SIZES.screenOrders[0])}` },
  );
  const r = readResult<{ steps: { step: string; totalMb: number }[] }>("boot-memory.json", since);
  if (!r) return [broken("boot memory", "boot-memory", code)];
  const booted = r.steps.find((s) => s.step.startsWith("400 more queries"));
  return [
    {
      benchmark: "boot memory",
      target: "worker RSS after boot and 400 queries (the 200 MB bar is the served export's, above)",
      figure: booted ? `${booted.totalMb.toFixed(0)} MB` : "—",
      baseline: `node itself ${r.steps[0].totalMb.toFixed(0)} MB`,
      verdict: "info",
    },
  ];
}

const PARTS: Record<string, () => Promise<Row[]>> = {
  dashboard,
  screens,
  import: storeImport,
  analytics,
  profit,
  invoices,
  inventory,
  customers,
  loyalty,
  ads: adSpend,
  api: publicApi,
  assets: digitalAssets,
  privacy: privacyCentre,
  engagement,
  insights,
  public: publicPages,
  paint,
  "boot-memory": bootMemory,
};

const selected = Object.keys(PARTS).filter((p) => (!only || only.has(p)) && !skip.has(p));
console.log(`bench:all --${full ? "full" : "quick"}: ${selected.join(", ")} (logs in bench/results/logs/)`);
console.log("Building the app…");
let t = Date.now();
buildDir = prepareBuild(argv.includes("--skip-build"));
partSeconds.build = (Date.now() - t) / 1000;
const rows: Row[] = [];
for (const part of selected) {
  t = Date.now();
  try {
    rows.push(...(await PARTS[part]()));
  } catch (error) {
    console.log(`  ${part} failed: ${(error as Error).message.split("\n")[0]}`);
    rows.push({ benchmark: part, target: "runs to the end", figure: "threw", baseline: "", verdict: "FAIL" });
  }
  partSeconds[part] = (Date.now() - t) / 1000;
  partLoad[part] = os.loadavg()[0];
  console.log(`  ${part}: ${partSeconds[part].toFixed(0)} s, load average ${partLoad[part].toFixed(1)}`);
}
const totalSeconds = (Date.now() - started.getTime()) / 1000;

const sizes = full
  ? "full: the dashboard, analytics, loyalty and inventory at 1,000,000 orders; customers 100,000 / 800,000 orders; import 100,000; screens 25,000 vs 250,000 orders"
  : `quick: dashboard ${fmt(SIZES.dashboardOrders)} orders (${SIZES.loaderIterations} loader samples); screens ${fmt(SIZES.screenOrders[0])} vs ${fmt(SIZES.screenOrders[1])} orders (250,000 takes minutes to seed here); import ${fmt(SIZES.importOrders)} (its target's size); analytics ${fmt(SIZES.analyticsOrders)}; inventory ${fmt(SIZES.inventory.variants)} variants / ${fmt(SIZES.inventory.orders)} orders; customers ${fmt(SIZES.customers.customers)} / ${fmt(SIZES.customers.orders)}; loyalty ${fmt(SIZES.loyalty.orders)} orders / ${fmt(SIZES.loyalty.customers)} customers; public pages ${SIZES.publicPaths?.join(" ")}; admin first paint ${SIZES.paint.screens?.join(" ")} (mobile); Lighthouse 1 run`;
const failed = rows.filter((r) => r.verdict === "FAIL").length;
const cell = (s: string) => s.replace(/\|/g, "\\|");
const table = [
  `bench:all --${full ? "full" : "quick"}, ${started.toISOString()}, ${Math.round(totalSeconds)} s in all; ` +
    `${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")} at the end, node ${process.version}, SQLite`,
  "",
  `Sizes (${sizes}). Screens: median of ${SIZES.screenSamples} first loads after a write; a screen backed by rollups fails when it grows more than 2× (and by more than ${NOISE_MS} ms).`,
  "",
  "| benchmark | target | figure | baseline (same run) | verdict |",
  "| --- | --- | --- | --- | --- |",
  ...rows.map((r) => `| ${[r.benchmark, r.target, r.figure, r.baseline, r.verdict].map(cell).join(" | ")} |`),
  "",
  `${failed ? `${failed} target(s) FAIL` : "No target fails"}. Time per part (load average at its end): ${Object.entries(
    partSeconds,
  )
    .map(([k, v]) => `${k} ${v.toFixed(0)} s${partLoad[k] === undefined ? "" : ` (${partLoad[k].toFixed(1)})`}`)
    .join(", ")}.`,
].join("\n");
console.log(`\n${table}`);
fs.writeFileSync(
  path.join(resultsDir, `all-${full ? "full" : "quick"}.json`),
  JSON.stringify({ startedAt: started.toISOString(), totalSeconds, partSeconds, partLoad, rows }, null, 2) + "\n",
);
fs.writeFileSync(path.join(resultsDir, `all-${full ? "full" : "quick"}-latest.txt`), table + "\n");
process.exit(failed ? 1 : 0);
