#!/usr/bin/env node
// Builds the worker threads' entries next to the server bundle (build/server/), where the
// server looks for them in production: esbuild (Vite's own) bundles our code and leaves
// the packages in node_modules to be loaded at run time.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const outdir = process.argv[2] ?? path.join(root, "build", "server");

await build({
  entryPoints: {
    "pdf-worker": path.join(root, "app", "features", "invoices", "pdf-worker.ts"),
  },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // Code the entries share is written once, in chunks beside them.
  splitting: true,
  chunkNames: "pdf-worker-chunks/[name]-[hash]",
  jsx: "automatic",
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});
console.log(`workers built into ${path.relative(root, outdir) || "."}`);
