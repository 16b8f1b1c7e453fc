#!/usr/bin/env node
// Screenshots of the app's own screens for the public /features page (public/screenshots/),
// taken from the demo store in Debian's Chromium, so the page shows the product as it is.
//
//   node scripts/capture-screenshots.mjs                 build, seed a fresh demo database, serve, capture
//   node scripts/capture-screenshots.mjs --no-build      the same with the existing build
//   node scripts/capture-screenshots.mjs --url http://127.0.0.1:3305   use a demo server already running
//
// Every shot is the same fixed viewport (SIZE below, which app/content/features.ts repeats and
// app/content/features.test.ts checks against the files), encoded as WebP by Chromium itself
// (no image library). Re-run it whenever a pictured screen changes.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium as browserType } from "playwright-core";
import { migrate } from "./migrate.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const outDir = path.join(root, "public", "screenshots");
const SIZE = { width: 1280, height: 800 };
const QUALITY = 82;

/** What to open and how to know it is ready; the names are the files the features page reads. */
const SHOTS = [
  { name: "dashboard", path: "/dashboard", ready: (page) => page.getByRole("heading", { level: 1 }).first() },
  { name: "costs", path: "/costs", ready: (page) => page.getByRole("heading", { level: 1 }).first() },
  { name: "invoices", path: "/app/invoices", ready: (page) => page.getByRole("heading", { level: 1 }).first() },
  { name: "customers", path: "/customers", ready: (page) => page.getByRole("heading", { level: 1 }).first() },
  { name: "inventory", path: "/inventory", ready: (page) => page.getByRole("heading", { level: 1 }).first() },
  { name: "loyalty", path: "/loyalty", ready: (page) => page.getByRole("heading", { level: 1 }).first() },
];

const args = process.argv.slice(2);
const argValue = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install it with \`apt-get install -y chromium\` or set CHROME_PATH.`);
  process.exit(1);
}

/** A demo server of our own on a fresh database, unless --url names one. */
async function startServer() {
  const port = argValue("--port") ?? process.env.PORT ?? "3305";
  const dbFile = path.join(os.tmpdir(), `pp-screenshots-${process.pid}.db`);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DEMO_MODE: "1",
    DATABASE_URL: `file:${dbFile}`,
    PORT: port,
    WEB_CONCURRENCY: "1",
  };
  delete env.SHOPIFY_API_KEY;
  delete env.SMTP_URL;
  const bin = (name) => path.join(root, "node_modules", ".bin", name);
  const run = (cmd, cmdArgs) => execFileSync(cmd, cmdArgs, { cwd: root, stdio: "inherit", env });
  await migrate(env.DATABASE_URL);
  run(bin("tsx"), ["prisma/seed.ts"]);
  if (!args.includes("--no-build")) {
    run(bin("remix"), ["vite:build"]);
    run(process.execPath, [path.join(root, "scripts", "build-workers.mjs")]);
  }
  const server = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), "./build/server/index.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    server.kill("SIGTERM");
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbFile + suffix, { force: true });
  };
  process.on("exit", stop);
  let exited = null;
  server.on("exit", (code) => (exited = code ?? 1));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`The demo server stopped (exit ${exited}); is port ${port} free?`);
    try {
      if ((await fetch(`${url}/dashboard`)).ok) return { url, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error("The demo server did not start within 30 s");
}

const server = argValue("--url") ? { url: argValue("--url").replace(/\/+$/, ""), stop: () => {} } : await startServer();
const browser = await browserType.launch({ executablePath: chromePath, args: ["--headless", "--no-sandbox"] });
let failed = false;
try {
  const context = await browser.newContext({ viewport: SIZE, deviceScaleFactor: 1, reducedMotion: "reduce" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  fs.mkdirSync(outDir, { recursive: true });
  for (const shot of SHOTS) {
    const response = await page.goto(`${server.url}${shot.path}`, { waitUntil: "networkidle" });
    if (!response?.ok()) throw new Error(`${shot.path} answered ${response?.status()}`);
    await shot.ready(page).waitFor({ state: "visible" });
    // No hover or focus ring from the last click, and every image and font in place.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : null));
    await page.evaluate(() => document.fonts.ready);
    const { data } = await cdp.send("Page.captureScreenshot", {
      format: "webp",
      quality: QUALITY,
      clip: { x: 0, y: 0, ...SIZE, scale: 1 },
    });
    const file = path.join(outDir, `${shot.name}.webp`);
    fs.writeFileSync(file, Buffer.from(data, "base64"));
    console.log(
      `${path.relative(root, file)}  ${SIZE.width}×${SIZE.height}  ${Math.round(fs.statSync(file).size / 1024)} KB`,
    );
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await browser.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
