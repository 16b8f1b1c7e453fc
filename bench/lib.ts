// Shared helpers of the benchmark: statistics, child processes, the demo server.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const dataDir = path.join(root, "bench", ".data");
export const resultsDir = path.join(root, "bench", "results");
export const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  // Nearest-rank: the smallest sample with at least p% of the samples at or below it.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export type Summary = { n: number; median: number; p95: number; max: number; mean: number };

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1],
    mean,
  };
}

export const databaseFile = (orders: number) =>
  path.join(
    dataDir,
    `demo-${orders >= 1_000_000 && orders % 1_000_000 === 0 ? `${orders / 1_000_000}m` : orders >= 1000 && orders % 1000 === 0 ? `${orders / 1000}k` : orders}.db`,
  );
export const databaseUrl = (orders: number) => `file:${databaseFile(orders)}`;

/** Environment of the app in demo mode against one benchmark database. */
export function demoEnv(orders: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DEMO_MODE: "1",
    DATABASE_URL: databaseUrl(orders),
    ...extra,
  };
  delete env.SHOPIFY_API_KEY;
  delete env.SMTP_URL;
  return env;
}

/** Seeds (or, when already seeded, only migrates) the database for `orders` orders. */
export function ensureSeeded(orders: number): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const started = Date.now();
  execFileSync(bin("tsx"), ["prisma/seed.ts", "--orders", String(orders)], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: demoEnv(orders),
  });
  const s = (Date.now() - started) / 1000;
  if (s > 5) console.log(`  seed/migrate for ${orders.toLocaleString("en-US")} orders took ${s.toFixed(1)} s`);
}

/** Runs a TypeScript file with tsx in a child process and parses the JSON it prints last. */
export async function runJsonChild<T>(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<T> {
  const child = spawn(bin("tsx"), [file, ...args], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (chunk) => (out += chunk));
  const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  if (code !== 0) throw new Error(`${path.relative(root, file)} exited with ${code}`);
  const marker = out.lastIndexOf("\n@@RESULT@@");
  if (marker < 0) throw new Error(`${path.relative(root, file)} printed no result:\n${out}`);
  return JSON.parse(out.slice(marker + "\n@@RESULT@@".length)) as T;
}

export function printResult(value: unknown): void {
  process.stdout.write(`\n@@RESULT@@${JSON.stringify(value)}\n`);
}

/** The first port from `start` that nothing listens on (other benchmarks use 3300+ too). */
export async function freePort(start: number): Promise<number> {
  for (let port = start; port < start + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port from ${start}`);
}

export type Server = { url: string; child: ChildProcess; stop: () => Promise<void> };

/** Starts the production server (scripts/start.mjs) in demo mode and waits until it answers. */
export async function startServer(
  orders: number,
  port: number,
  buildDir: string,
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts", "start.mjs"), path.join(buildDir, "server", "index.js")],
    {
      cwd: root,
      env: demoEnv(orders, { PORT: String(port), HOST: "127.0.0.1", ...extraEnv }),
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
    }, 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server on port ${port} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/dashboard`);
      await res.arrayBuffer();
      if (res.ok) return { url, child, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The server on port ${port} did not answer within 60 s`);
}

export const fmtMs = (ms: number) => (Number.isFinite(ms) ? `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms` : "—");
export const fmtKB = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : "—");

/**
 * CPU seconds (user + system) used so far by every process of a process group (the
 * server started detached: its start script, the cluster primary and its workers). Linux only.
 */
export function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces): state, ppid, pgrp, …, utime (14th), stime (15th).
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(rest[2]) === pgid) ticks += Number(rest[11]) + Number(rest[12]);
  }
  return ticks / 100;
}

/** Builds the app and copies it to bench/.data/build so other people's rebuilds of build/ cannot change it under us. */
export function prepareBuild(skip: boolean): string {
  const target = path.join(dataDir, "build");
  if (!skip) {
    console.log("Building the app (remix vite:build)…");
    execFileSync(bin("remix"), ["vite:build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    execFileSync(process.execPath, [path.join(root, "scripts", "build-workers.mjs")], { cwd: root, stdio: "inherit" });
  }
  if (!skip || !fs.existsSync(path.join(target, "server", "index.js"))) {
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(path.join(root, "build"), target, { recursive: true });
  }
  return target;
}

export type BenchDatabase = {
  /** The database's (or the SQLite file's) name, random per run: also good for a unique shop domain. */
  name: string;
  postgres: boolean;
  /** The SQLite file; null on PostgreSQL. */
  file: string | null;
  /** Removes the database (after the caller's `prisma.$disconnect()`); `keep` leaves a SQLite file. */
  drop: (options?: { keep?: boolean }) => Promise<void>;
};

/**
 * A fresh, migrated database for one bench run, and DATABASE_URL pointing at it (call it before
 * importing ~/db.server): a new PostgreSQL database beside DATABASE_URL's when that is PostgreSQL,
 * else a SQLite file in the temporary folder.
 */
export async function freshBenchDatabase(label: string): Promise<BenchDatabase> {
  const baseUrl = /^postgres/.test(process.env.DATABASE_URL ?? "") ? process.env.DATABASE_URL! : null;
  const name = `pp_bench_${label}_${crypto.randomBytes(4).toString("hex")}`;
  const file = baseUrl ? null : path.join(os.tmpdir(), `${name}.db`);
  const admin = async (sql: string) => {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: baseUrl! });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  if (baseUrl) {
    await admin(`CREATE DATABASE ${name}`);
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    process.env.DATABASE_URL = u.toString();
  } else process.env.DATABASE_URL = `file:${file}`;
  const { migrate } = (await import(path.join(root, "scripts", "migrate.mjs"))) as {
    migrate: (url: string) => Promise<number>;
  };
  await migrate(process.env.DATABASE_URL);
  return {
    name,
    postgres: baseUrl !== null,
    file,
    drop: async ({ keep = false } = {}) => {
      if (baseUrl) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      else if (keep) console.log(`kept ${file}`);
      else for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
    },
  };
}
