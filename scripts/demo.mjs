#!/usr/bin/env node
// `npm run demo`: the whole app on a seeded demo store, no Shopify credentials.
// Creates the SQLite database, applies migrations, seeds (skipped when seeded),
// builds and serves on http://localhost:3000 (PORT overrides).
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { migrate } from "./migrate.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const env = {
  ...process.env,
  NODE_ENV: "production",
  DEMO_MODE: "1",
  DATABASE_URL: process.env.DATABASE_URL ?? "file:./prisma/demo.db",
  PORT: process.env.PORT ?? "3000",
};
delete env.SHOPIFY_API_KEY;

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: "inherit", env });

await migrate(env.DATABASE_URL, (m) => console.log(`migrate: ${m}`));
run(bin("tsx"), ["prisma/seed.ts"]);
if (!process.argv.includes("--no-build")) {
  run(bin("remix"), ["vite:build"]);
  run(process.execPath, [path.join(root, "scripts", "build-workers.mjs")]);
}

console.log(`\nDemo store: http://localhost:${env.PORT}/dashboard\n`);
// The same production server as `npm start`: one worker per CPU (docs/decisions/005-production-server.md).
const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs"), "./build/server/index.js"], {
  cwd: root,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 1));
