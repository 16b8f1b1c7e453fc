// Shopify's theme-check over the theme app extensions (the lint Shopify's CLI runs before a
// deploy), with the theme-app-extension configuration: `npm test` fails on any offense.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { themeCheckRun } from "@shopify/theme-check-node";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "extensions");
const extensions = fs
  .readdirSync(root)
  .filter((name) => fs.existsSync(path.join(root, name, "shopify.extension.toml")));

const offensesOf = async (dir: string) => {
  const { offenses } = await themeCheckRun(dir, "theme-check:theme-app-extension", () => {});
  return offenses.map((o) => `${path.relative(dir, o.uri.replace(/^file:\/\//, ""))}: ${o.check} ${o.message}`);
};

describe("theme-check", () => {
  it("finds the theme app extensions", () => {
    expect(extensions.length).toBeGreaterThan(0);
  });

  for (const name of extensions)
    it(`${name}: no offenses`, async () => {
      expect(await offensesOf(path.join(root, name))).toEqual([]);
    }, 60_000);

  it("reports a broken Liquid block (the check runs)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "theme-check-"));
    fs.cpSync(path.join(root, extensions[0]!), dir, { recursive: true });
    const block = fs.readdirSync(path.join(dir, "blocks")).find((f) => f.endsWith(".liquid"))!;
    fs.appendFileSync(path.join(dir, "blocks", block), "\n{% if %}\n");
    try {
      expect((await offensesOf(dir)).length).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
