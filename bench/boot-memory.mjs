// What each part of a production server worker costs in resident memory, in the order the
// worker loads it (docs/decisions/070-server-memory.md). One process, RSS after each step and
// a full collection; shared dependencies count once, where they first load. Plain Node, no tsx
// (a loader would be counted too). A measurement, not a test.
//
//   DATABASE_URL=file:/abs/path.db node bench/boot-memory.mjs [build/server/index.js]
//
// Steps: the HTTP server's packages (scripts/serve.mjs), React and Remix, the Shopify packages,
// the server build (every route, the Polaris components it renders and the Prisma client of the
// configured engine), the first queries through a Prisma client (its query compiler), then the packages the server loads
// only when first used (spreadsheets, PDFs, mail, the other engine's drivers) and an idle PDF
// worker thread.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const serverBuild = path.resolve(root, process.argv[2] ?? "build/server/index.js");

if (typeof globalThis.gc !== "function") {
  // Again with --expose-gc and a quiet environment: no jobs, no telemetry, demo mode.
  if (!process.env.DATABASE_URL) {
    console.error("DATABASE_URL must name a migrated database (file:/abs/path.db or postgresql://…)");
    process.exit(1);
  }
  execFileSync(process.execPath, ["--expose-gc", ...process.argv.slice(1)], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DEMO_MODE: "1", JOBS_DISABLED: "1", TELEMETRY: "off" },
  });
  process.exit(0);
}

const require = createRequire(path.join(root, "package.json"));
const mb = () => process.memoryUsage().rss / 1048576;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const rows = [];
let last;
async function step(name, load) {
  await load();
  await settle();
  const now = mb();
  rows.push([name, now - last, now]);
  last = now;
}
const imports = (...names) => Promise.all(names.map((n) => import(n)));

await settle();
last = mb();
rows.push(["node itself", last, last]);
await step("HTTP server: express, compression, @remix-run/node", () =>
  imports("express", "compression", "@remix-run/node"),
);
await step("React, react-dom/server, @remix-run/react", () =>
  imports("react", "react-dom/server", "@remix-run/react", "react-dom"),
);
await step("zod", () => imports("zod"));
await step("Shopify: shopify-api, session storage, graphql, app-bridge", () =>
  imports(
    "@shopify/shopify-api",
    "@shopify/shopify-app-session-storage-prisma",
    "graphql",
    "@shopify/app-bridge-react",
  ),
);
// Polaris, its icons and @shopify/shopify-app-remix are bundled into the server build (only the
// components and icons the app renders), so they count in the build's step (decision 074).
await step(
  `the server build (${path.relative(root, serverBuild)}): every route, the Polaris it renders, the Prisma client`,
  () => import(pathToFileURL(serverBuild).href),
);
const url = process.env.DATABASE_URL;
let client;
await step("first query of a Prisma client (its query compiler)", async () => {
  const generated = path.join(root, "prisma", "generated");
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { PrismaClient } = require(path.join(generated, "postgres"));
    const { PrismaPg } = require("@prisma/adapter-pg");
    client = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  } else {
    const { PrismaClient } = require(path.join(generated, "sqlite"));
    const { PrismaBetterSQLite3 } = require("@prisma/adapter-better-sqlite3");
    client = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: path.resolve(url.replace(/^file:/, "")) }) });
  }
  await client.shop.findFirst();
});
// A server runs many queries: V8 re-compiles the query compiler's hot WebAssembly functions with
// its optimising compiler as they run (app/db.server.ts sets how soon, decision 074).
await step("400 more queries of a few shapes (the query compiler's code optimised as it runs)", async () => {
  for (let i = 0; i < 200; i++) {
    await client.order.findMany({
      take: 5,
      where: { shopId: "none", day: { gte: "2026-01-01" } },
      include: { lines: true },
    });
    await client.shop.findFirst({ where: { domain: `shop-${i}` } });
  }
  await client.$disconnect();
});
rows.push(["— loaded only when first used —", 0, last]);
await step("exceljs (first .xlsx export)", () => imports("exceljs"));
await step("@react-pdf/renderer (first PDF e-mailed or purchase order)", () => imports("@react-pdf/renderer"));
await step("nodemailer (first message with SMTP_URL set)", () => imports("nodemailer"));
await step("pg, pg-boss (PostgreSQL only)", () => imports("pg", "pg-boss"));
const workerFile = path.join(path.dirname(serverBuild), "pdf-worker.mjs");
if (fs.existsSync(workerFile)) {
  let worker;
  await step("an idle PDF worker thread (first invoice PDF; ends after 5 idle minutes)", async () => {
    worker = new Worker(workerFile);
    await new Promise((resolve) => worker.once("online", resolve));
    await new Promise((resolve) => setTimeout(resolve, 2000));
  });
  await worker.terminate();
}

for (const [name, delta, total] of rows)
  console.log(
    `${name.padEnd(92)} ${delta ? `+${delta.toFixed(1)} MB`.padStart(10) : "".padStart(10)}  ${total.toFixed(0).padStart(4)} MB`,
  );
// The same rows as JSON for bench/all.ts.
fs.mkdirSync(path.join(root, "bench", "results"), { recursive: true });
fs.writeFileSync(
  path.join(root, "bench", "results", "boot-memory.json"),
  JSON.stringify(
    { at: new Date().toISOString(), steps: rows.map(([step, deltaMb, totalMb]) => ({ step, deltaMb, totalMb })) },
    null,
    2,
  ) + "\n",
);
process.exit(0);
