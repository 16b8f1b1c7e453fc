// Lighthouse (desktop preset) on every public page: performance, accessibility, LCP,
// CLS and the JavaScript each page loads (gzipped). Fails when a page misses the bars:
// performance ≥ 95, accessibility ≥ 95, LCP ≤ 1.0 s, CLS ≤ 0.02, JS ≤ 100 KB gzipped.
//
//   npm run bench:public                      builds if needed, serves the build on :3300
//   npm run bench:public -- --base-url URL    measures a server that is already running
//   npm run bench:public -- --runs 3          median of 3 runs per page (default 1)
//   npm run bench:public -- --paths /,/blog   only these pages
//   BENCH_BUILD_ROOT=/path                    serve the build found under that directory
import { execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { BLOG_POSTS } from "~/content/blog";
import { PUBLIC_PAGES } from "~/content/site";
import { migrate } from "../scripts/migrate.mjs";
import { bin, percentile, resultsDir, root } from "./lib";

const execFileAsync = promisify(execFile);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const BARS = { performance: 95, accessibility: 95, lcpMs: 1000, cls: 0.02, jsGzipBytes: 100 * 1024 };

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const runs = Number(option("runs") ?? 1);
// --paths /,/pricing measures only those pages (bench:all --quick); by default every public page.
const pages = option("paths")?.split(",") ?? [...PUBLIC_PAGES.map((p) => p.path), `/blog/${BLOG_POSTS[0].slug}`];

type Audit = {
  numericValue?: number;
  score?: number | null;
  title?: string;
  details?: { items?: Record<string, unknown>[] };
};
type Lhr = {
  categories: Record<string, { score: number; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
};

async function runLighthouse(url: string): Promise<Lhr> {
  const out = path.join(os.tmpdir(), `pp-public-lh-${process.pid}-${Date.now()}.json`);
  for (let attempt = 1; ; attempt++) {
    try {
      await execFileAsync(
        bin("lighthouse"),
        [
          url,
          "--preset=desktop",
          "--only-categories=performance,accessibility",
          "--output=json",
          `--output-path=${out}`,
          "--quiet",
          `--chrome-flags=${CHROME_FLAGS}`,
        ],
        { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
      );
      return JSON.parse(fs.readFileSync(out, "utf8")) as Lhr;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((r) => setTimeout(r, 2000));
    } finally {
      fs.rmSync(out, { force: true });
    }
  }
}

async function gzipBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

type PageResult = {
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  jsFiles: number;
  jsGzipBytes: number;
  failedA11y: string[];
};

async function measure(base: string, pagePath: string): Promise<PageResult> {
  await runLighthouse(base + pagePath); // warm-up, not counted
  const lhrs: Lhr[] = [];
  for (let i = 0; i < runs; i++) lhrs.push(await runLighthouse(base + pagePath));
  const median = (pick: (l: Lhr) => number) =>
    percentile(
      lhrs.map(pick).sort((a, b) => a - b),
      50,
    );
  const requests = (lhrs[0].audits["network-requests"]?.details?.items ?? []) as {
    url: string;
    resourceType?: string;
  }[];
  const scripts = requests.filter((r) => r.resourceType === "Script").map((r) => r.url);
  const sizes = await Promise.all(scripts.map(gzipBytes));
  // Accessibility audits that failed (weighted or not), to say what to fix.
  const a11yIds = new Set((lhrs[0].categories.accessibility.auditRefs ?? []).map((r) => r.id));
  const failedA11y = Object.entries(lhrs[0].audits)
    .filter(([id, a]) => a11yIds.has(id) && a.score === 0)
    .map(([id]) => id);
  return {
    path: pagePath,
    performance: Math.round(median((l) => l.categories.performance.score * 100)),
    accessibility: Math.round(median((l) => l.categories.accessibility.score * 100)),
    lcpMs: Math.round(median((l) => l.audits["largest-contentful-paint"]?.numericValue ?? 0)),
    cls: Number(median((l) => l.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    jsFiles: scripts.length,
    jsGzipBytes: sizes.reduce((s, n) => s + n, 0),
    failedA11y,
  };
}

async function startServer(): Promise<{ base: string; stop: () => void }> {
  const buildRoot = process.env.BENCH_BUILD_ROOT ?? root;
  const serverEntry = path.join(buildRoot, "build", "server", "index.js");
  if (!fs.existsSync(serverEntry)) {
    console.log("No build found: building…");
    execFileSync(bin("remix"), ["vite:build"], {
      cwd: buildRoot,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    execFileSync(process.execPath, [path.join(buildRoot, "scripts", "build-workers.mjs")], {
      cwd: buildRoot,
      stdio: "inherit",
    });
  }
  const port = process.env.BENCH_PORT ?? "3300";
  const dbFile = path.join(os.tmpdir(), `pp-public-bench-${process.pid}.db`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DEMO_MODE: "1",
    DATABASE_URL: `file:${dbFile}`,
    PORT: port,
  };
  delete env.SHOPIFY_API_KEY;
  delete env.SMTP_URL;
  // Public pages read no data, but the server's background jobs expect a migrated database.
  await migrate(env.DATABASE_URL);
  const log = fs.openSync(path.join(os.tmpdir(), `pp-public-bench-${process.pid}.log`), "w");
  const server = spawn(process.execPath, [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), serverEntry], {
    cwd: buildRoot,
    env,
    stdio: ["ignore", log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("The server did not start within 30 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    // remix-serve closes its HTTP server on SIGTERM, but the app's background jobs keep its
    // process alive: it is killed outright if it has not exited within 5 s.
    stop: async () => {
      const exited = new Promise<void>((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) resolve();
        else server.once("exit", () => resolve());
      });
      server.kill("SIGTERM");
      const timer = setTimeout(() => server.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbFile + suffix, { force: true });
    },
  };
}

const given = option("base-url");
const server = given ? { base: given.replace(/\/$/, ""), stop: async () => {} } : await startServer();
const results: PageResult[] = [];
try {
  for (const p of pages) {
    const r = await measure(server.base, p);
    results.push(r);
    console.log(
      `${p.padEnd(44)} perf ${String(r.performance).padStart(3)}  a11y ${String(r.accessibility).padStart(3)}  LCP ${String(r.lcpMs).padStart(5)} ms  CLS ${r.cls.toFixed(3)}  JS ${r.jsFiles} files, ${(r.jsGzipBytes / 1024).toFixed(1)} KB gz` +
        (r.failedA11y.length ? `  failed accessibility audits: ${r.failedA11y.join(", ")}` : ""),
    );
  }
} finally {
  await server.stop();
}

const failures = results.flatMap((r) => [
  ...(r.performance < BARS.performance ? [`${r.path}: performance ${r.performance} < ${BARS.performance}`] : []),
  ...(r.accessibility < BARS.accessibility
    ? [`${r.path}: accessibility ${r.accessibility} < ${BARS.accessibility}`]
    : []),
  ...(r.lcpMs > BARS.lcpMs ? [`${r.path}: LCP ${r.lcpMs} ms > ${BARS.lcpMs} ms`] : []),
  ...(r.cls > BARS.cls ? [`${r.path}: CLS ${r.cls} > ${BARS.cls}`] : []),
  ...(r.jsGzipBytes > BARS.jsGzipBytes ? [`${r.path}: JS ${r.jsGzipBytes} B gz > ${BARS.jsGzipBytes} B`] : []),
]);
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(
  path.join(resultsDir, "public.json"),
  JSON.stringify({ measuredAt: new Date().toISOString(), runs, bars: BARS, results }, null, 2),
);
console.log(
  failures.length
    ? `\n${failures.length} bar(s) missed:\n  ${failures.join("\n  ")}`
    : `\nAll ${results.length} pages meet every bar.`,
);
process.exit(failures.length ? 1 : 0);
