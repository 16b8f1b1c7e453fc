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
// MALLOC_ARENA_MAX=2 (unless set): glibc otherwise gives each of a worker's threads (libuv's
// pool, V8's helpers) its own malloc arena, memory each keeps; two arenas took 6-16 MB off a
// worker's resident set during the 1,000,000-order export at the same throughput
// (docs/decisions/074-server-memory-second-pass.md). glibc reads it when a process starts, so
// it is set here for the server and the workers it forks.
const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), serverBuild], {
  cwd: root,
  stdio: "inherit",
  env: { MALLOC_ARENA_MAX: "2", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 1));
