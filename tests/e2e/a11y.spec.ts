// Lighthouse accessibility on every admin page, in Debian's Chromium: each must score 100.
// The table of scores is printed (and written to test-results/a11y.md) for the release note.
// Lighthouse runs in this process against one Chromium that Playwright starts with a debugging
// port, instead of a Lighthouse CLI and a new browser per page (6.6 min of CI for 27 pages).
import { chromium } from "@playwright/test";
import { expect, test } from "./hydrated";
import fs from "node:fs";
import net from "node:net";

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

type Lhr = {
  categories: { accessibility: { score: number } };
  audits: Record<string, { score: number | null; scoreDisplayMode: string }>;
};

/** A free local port for Chromium's debugging protocol. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test("Lighthouse accessibility is 100 on every admin page", async () => {
  test.setTimeout(PAGES.length * 60_000);
  const { default: lighthouse, desktopConfig } = await import("lighthouse");
  const port = await freePort();
  const browser = await chromium.launch({ args: [`--remote-debugging-port=${port}`] });
  const rows: string[] = ["| Page | Accessibility | Failing audits |", "| --- | --- | --- |"];
  const failures: Record<string, string[]> = {};
  try {
    for (const page of PAGES) {
      const result = await lighthouse(
        BASE + page,
        {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["accessibility"],
          // The audits read the rendered DOM: no need to wait for the network and CPU to settle
          // as a performance run does, nor to clear the demo's storage between pages.
          pauseAfterFcpMs: 0,
          pauseAfterLoadMs: 0,
          networkQuietThresholdMs: 0,
          cpuQuietThresholdMs: 0,
          disableStorageReset: true,
          disableFullPageScreenshot: true,
          skipAboutBlank: true,
        },
        desktopConfig,
      );
      const lhr = result?.lhr as unknown as Lhr | undefined;
      if (!lhr) throw new Error(`Lighthouse returned no result for ${page}`);
      const score = Math.round(lhr.categories.accessibility.score * 100);
      const failing = Object.entries(lhr.audits)
        .filter(([, a]) => a.scoreDisplayMode === "binary" && a.score === 0)
        .map(([id]) => id);
      // A page whose audits did not run (no passing check at all) would score 100 on nothing.
      const passed = Object.values(lhr.audits).filter((a) => a.scoreDisplayMode === "binary" && a.score === 1);
      expect(passed.length, `${page}: Lighthouse ran no accessibility check`).toBeGreaterThan(10);
      rows.push(`| ${page} | ${score} | ${failing.join(", ") || "—"} (${passed.length} passed) |`);
      if (score < 100) failures[page] = failing;
    }
  } finally {
    await browser.close();
  }
  const table = rows.join("\n");
  console.log(`\n${table}\n`);
  fs.mkdirSync("test-results", { recursive: true });
  fs.writeFileSync("test-results/a11y.md", `${table}\n`);
  expect(failures).toEqual({});
});
