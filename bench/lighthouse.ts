// Lighthouse (performance only) in Debian's Chromium, through the lighthouse CLI so its Chrome
// launcher is not a dependency of ours. "desktop" is Lighthouse's desktop preset; "mobile" is its
// default run: a Moto G Power sized screen (412×823) with simulated throttling (150 ms round
// trip, 1.6 Mbit/s down, CPU slowed 4×), the settings PageSpeed Insights reports with.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { bin, percentile } from "./lib";

const execFileAsync = promisify(execFile);

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";

export type ScriptBytes = { url: string; transferBytes: number; resourceBytes: number; gzipBytes: number };

export type FormFactor = "mobile" | "desktop";

/** First-paint bars of the admin screens (bench/paint.ts): Shopify's 2.5 s on mobile, the project's 1.0 s on desktop. */
export const LCP_BARS_MS: Record<FormFactor, number> = { mobile: 2500, desktop: 1000 };

export type Paint = { lcpMs: number; fcpMs: number; cls: number; tbtMs: number; score: number };
export type PaintJson = {
  measuredAt: string;
  orders: number;
  runs: number;
  formFactors: FormFactor[];
  screens: { screen: string; url: string | null; skipped?: string; mobile?: Paint; desktop?: Paint }[];
};

export type LighthouseResult = {
  path: string;
  formFactor: FormFactor;
  runs: number;
  performanceScore: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** JavaScript the page loads: bytes on the wire, bytes decoded, and each file gzipped (level 9). */
  js: { files: number; transferBytes: number; resourceBytes: number; gzipBytes: number; scripts: ScriptBytes[] };
  /** CSS likewise (the Polaris stylesheet blocks first paint). */
  css: { transferBytes: number; resourceBytes: number };
  htmlTransferBytes: number;
};

type Audit = { numericValue?: number; details?: { items?: Record<string, unknown>[] } };
type Lhr = { categories: { performance: { score: number } }; audits: Record<string, Audit> };

/** One Lighthouse run; retried twice, since a loaded machine now and then makes Chrome give up on a load. */
async function runOnce(url: string, formFactor: FormFactor, attempts = 3): Promise<Lhr> {
  for (let i = 1; ; i++) {
    try {
      return await runLighthouse(url, formFactor);
    } catch (error) {
      if (i >= attempts) throw error;
      const message = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
      console.log(`    lighthouse run failed (${message.split("\n")[0]}); retrying`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

async function runLighthouse(url: string, formFactor: FormFactor): Promise<Lhr> {
  const out = path.join(os.tmpdir(), `pp-bench-lh-${process.pid}-${Date.now()}.json`);
  try {
    await execFileAsync(
      bin("lighthouse"),
      [
        url,
        ...(formFactor === "desktop" ? ["--preset=desktop"] : []),
        "--only-categories=performance",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    // LH_KEEP=<dir> keeps each report, to see what a slow paint waited on.
    if (process.env.LH_KEEP)
      fs.copyFileSync(
        out,
        path.join(process.env.LH_KEEP, `${formFactor}${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}.json`),
      );
    return JSON.parse(fs.readFileSync(out, "utf8")) as Lhr;
  } finally {
    fs.rmSync(out, { force: true });
  }
}

const num = (v: unknown) => (typeof v === "number" ? v : 0);

async function gzipSize(url: string): Promise<number> {
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

export async function lighthouse(
  baseUrl: string,
  pagePath: string,
  runs: number,
  formFactor: FormFactor = "desktop",
  warm = true,
): Promise<LighthouseResult> {
  // One unmeasured load warms the server (JIT, SQLite cache) like the other measures do.
  if (warm) await runOnce(baseUrl + pagePath, formFactor);
  const lhrs: Lhr[] = [];
  for (let i = 0; i < runs; i++) lhrs.push(await runOnce(baseUrl + pagePath, formFactor));
  const median = (pick: (l: Lhr) => number) =>
    percentile(
      lhrs.map(pick).sort((a, b) => a - b),
      50,
    );
  const metric = (id: string) => median((l) => num(l.audits[id]?.numericValue));

  const requests = (lhrs[0].audits["network-requests"]?.details?.items ?? []) as {
    url: string;
    resourceType?: string;
    transferSize?: number;
    resourceSize?: number;
  }[];
  const scripts: ScriptBytes[] = [];
  for (const r of requests.filter((r) => r.resourceType === "Script")) {
    scripts.push({
      url: r.url.replace(baseUrl, ""),
      transferBytes: num(r.transferSize),
      resourceBytes: num(r.resourceSize),
      gzipBytes: await gzipSize(r.url),
    });
  }
  const styles = requests.filter((r) => r.resourceType === "Stylesheet");
  const doc = requests.find((r) => r.resourceType === "Document");
  const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
  return {
    path: pagePath,
    formFactor,
    runs,
    performanceScore: median((l) => l.categories.performance.score),
    lcpMs: metric("largest-contentful-paint"),
    cls: metric("cumulative-layout-shift"),
    tbtMs: metric("total-blocking-time"),
    fcpMs: metric("first-contentful-paint"),
    js: {
      files: scripts.length,
      transferBytes: sum(scripts, (s) => s.transferBytes),
      resourceBytes: sum(scripts, (s) => s.resourceBytes),
      gzipBytes: sum(scripts, (s) => s.gzipBytes),
      scripts,
    },
    css: {
      transferBytes: sum(styles, (s) => num(s.transferSize)),
      resourceBytes: sum(styles, (s) => num(s.resourceSize)),
    },
    htmlTransferBytes: num(doc?.transferSize),
  };
}
