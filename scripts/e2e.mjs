#!/usr/bin/env node
// Browser end-to-end tests: builds the app, seeds a fresh demo database, serves it
// in demo mode and runs Playwright in Debian's Chromium. Without Chromium it fails, so
// `npm test` never passes with the browser tests unrun; E2E=skip skips them on purpose.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "./migrate.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (process.env.E2E === "skip") {
  console.log("Browser tests skipped (E2E=skip).");
  process.exit(0);
}
if (!fs.existsSync(chromium)) {
  console.error(
    `Browser tests cannot run: no Chromium at ${chromium}. Install it with \`apt-get install -y chromium\` or set CHROME_PATH; E2E=skip skips them.`,
  );
  process.exit(1);
}

const port = process.env.E2E_PORT ?? "3100";
const dbFile = path.join(os.tmpdir(), `pp-e2e-${process.pid}.db`);
const env = {
  ...process.env,
  NODE_ENV: "production",
  DEMO_MODE: "1",
  DATABASE_URL: `file:${dbFile}`,
  PORT: port,
  CHROME_PATH: chromium,
  E2E_BASE_URL: `http://127.0.0.1:${port}`,
  WEB_CONCURRENCY: "1",
};
delete env.SHOPIFY_API_KEY;
delete env.SMTP_URL;

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const run = (cmd, args, extra = {}) =>
  execFileSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...env, ...extra } });

await migrate(env.DATABASE_URL);
run(bin("tsx"), ["prisma/seed.ts"]);
if (!process.env.E2E_SKIP_BUILD) {
  run(bin("remix"), ["vite:build"], { NODE_ENV: "production" });
  run(process.execPath, [path.join(root, "scripts", "build-workers.mjs")]);
}

// The production server (scripts/serve.mjs), one worker: what users get, minus the second core.
const server = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), "./build/server/index.js"], {
  cwd: root,
  env,
  stdio: ["ignore", "pipe", "inherit"],
});
const cleanup = () => {
  server.kill("SIGTERM");
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbFile + suffix, { force: true });
};
process.on("exit", cleanup);

async function waitForServer() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${env.E2E_BASE_URL}/api/session?shop=demo-store.myshopify.com`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("The demo server did not start within 30 s");
}

let code = 1;
try {
  await waitForServer();
  const result = spawn(bin("playwright"), ["test", ...process.argv.slice(2)], { cwd: root, env, stdio: "inherit" });
  code = await new Promise((resolve) => result.on("exit", (c) => resolve(c ?? 1)));
} catch (error) {
  console.error(error.message);
} finally {
  cleanup();
}
process.exit(code);
