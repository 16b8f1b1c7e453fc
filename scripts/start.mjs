#!/usr/bin/env node
// Production start: apply the committed migrations, then serve the built app.
// The server validates the environment as it loads and refuses to boot without
// Shopify credentials unless DEMO_MODE=1 (see app/env.server.ts).
import { spawn } from "node:child_process";
import path from "node:path";
import { migrate } from "./migrate.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.env.NODE_ENV ??= "production";

await migrate(process.env.DATABASE_URL, (m) => console.log(`migrate: ${m}`)).catch((error) => {
  console.error(`migrate: ${error.message}`);
  process.exit(1);
});

// scripts/serve.mjs runs one worker per CPU (docs/decisions/005-production-server.md).
// An optional argument names another server build (the benchmark serves a copy).
const serverBuild = process.argv[2] ?? "./build/server/index.js";
const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), serverBuild], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 1));
