// The worker threads as production runs them: built by scripts/build-workers.mjs beside the
// server bundle, loaded by name.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

fs.mkdirSync(path.resolve("node_modules/.cache"), { recursive: true });
const dir = fs.mkdtempSync(path.resolve("node_modules/.cache/pp-workers-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("build-workers", () => {
  it("builds the PDF worker beside the server bundle, with its renderer in a chunk of its own", () => {
    execFileSync(process.execPath, [path.resolve("scripts/build-workers.mjs"), dir], { stdio: "ignore" });
    expect(fs.existsSync(path.join(dir, "pdf-worker.mjs"))).toBe(true);
    expect(fs.readdirSync(path.join(dir, "pdf-worker-chunks")).length).toBeGreaterThan(0);
  }, 60_000);
});
