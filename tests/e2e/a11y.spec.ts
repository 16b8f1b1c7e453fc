// Lighthouse accessibility on every admin page, in Debian's Chromium: each must score 100.
// The table of scores is printed (and written to test-results/a11y.md) for the release note.
import { expect, test } from "@playwright/test";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const BASE = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3100";
const PAGES = [
  "/dashboard",
  "/analytics",
  "/analytics/glossary",
  "/customers",
  "/customers/new",
  "/customers/rules",
  "/inventory",
  "/inventory/new",
  "/inventory/settings",
  "/inventory/suppliers",
  "/inventory/purchase-orders",
  "/loyalty",
  "/loyalty?tab=analytics",
  "/costs",
  "/costs/ad-spend",
  "/costs/shipping",
  "/app/invoices",
  "/app/invoices/new",
  "/app/invoices/settings",
  "/app/outbox",
  "/settings?tab=plan",
  "/settings?tab=integrations",
  "/settings?tab=data",
  "/settings?tab=general",
  "/settings?tab=team",
  "/settings?tab=audit",
  "/settings?tab=performance",
];
const FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";

type Lhr = {
  categories: { accessibility: { score: number } };
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
};

async function audit(url: string): Promise<Lhr> {
  const out = path.join(os.tmpdir(), `pp-a11y-${process.pid}-${Date.now()}.json`);
  try {
    await run(
      path.resolve("node_modules/.bin/lighthouse"),
      [
        url,
        "--preset=desktop",
        "--only-categories=accessibility",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        `--chrome-flags=${FLAGS}`,
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, timeout: 120_000 },
    );
    return JSON.parse(fs.readFileSync(out, "utf8")) as Lhr;
  } finally {
    fs.rmSync(out, { force: true });
  }
}

test("Lighthouse accessibility is 100 on every admin page", async () => {
  test.setTimeout(PAGES.length * 120_000);
  const rows: string[] = ["| Page | Accessibility | Failing audits |", "| --- | --- | --- |"];
  const failures: Record<string, string[]> = {};
  for (const page of PAGES) {
    const lhr = await audit(BASE + page);
    const score = Math.round(lhr.categories.accessibility.score * 100);
    const failing = Object.entries(lhr.audits)
      .filter(([, a]) => a.scoreDisplayMode === "binary" && a.score === 0)
      .map(([id]) => id);
    rows.push(`| ${page} | ${score} | ${failing.join(", ") || "—"} |`);
    if (score < 100) failures[page] = failing;
  }
  const table = rows.join("\n");
  console.log(`\n${table}\n`);
  fs.mkdirSync("test-results", { recursive: true });
  fs.writeFileSync("test-results/a11y.md", `${table}\n`);
  expect(failures).toEqual({});
});
