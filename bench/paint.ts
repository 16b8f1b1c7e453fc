// First paint of every admin screen (issue 35): Lighthouse's mobile run (its defaults: simulated
// throttling, bench/lighthouse.ts) and its desktop preset on the production build serving the
// demo store. Bars: mobile LCP ≤ 2.5 s (Shopify's bar for embedded apps), desktop LCP ≤ 1.0 s.
// The screens are discovered from the build (bench/admin-screens.ts).
//
//   npm run bench:paint                               every screen, mobile and desktop, 1 run each
//   npm run bench:paint -- --runs 3                   median of 3 runs per screen and form factor
//   npm run bench:paint -- --form-factors mobile      only Lighthouse's mobile run
//   npm run bench:paint -- --paths /dashboard,/costs  only these screens (their path patterns)
//   npm run bench:paint -- --skip-build --orders 25000 --port 3300
//   npm run bench:paint -- --build DIR                serve the build in DIR (a copy kept from before a change)
// Writes bench/results/paint.json; exit code 1 when a screen misses a bar.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BuildRoute } from "./admin-screens";
import { CHROME_PATH, LCP_BARS_MS, lighthouse, type FormFactor, type Paint, type PaintJson } from "./lighthouse";
import { demoEnv, ensureSeeded, freePort, prepareBuild, resultsDir, startServer } from "./lib";

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const orders = Number(option("orders") ?? 25_000);
const runs = Number(option("runs") ?? 1);
const formFactors = (option("form-factors")?.split(",") ?? ["mobile", "desktop"]) as FormFactor[];
const only = option("paths")?.split(",");

if (!fs.existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH}`);
ensureSeeded(orders);
const buildDir = option("build") ?? prepareBuild(argv.includes("--skip-build"));
// The app's environment is read when its modules load: the demo store's, before the import.
Object.assign(process.env, demoEnv(orders, { JOBS_DISABLED: "1" }));
const { adminScreens } = await import("./admin-screens");
const { getDemoShop } = await import("~/features/shop/shop.server");
const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as {
  routes: Record<string, BuildRoute>;
};
const shop = await getDemoShop();
if (!shop) throw new Error("The benchmark database has no demo store");
const screens = (await adminScreens(build.routes, shop.id)).filter((s) => !only || only.includes(s.pattern));

const server = await startServer(orders, await freePort(Number(option("port") ?? 3300)), buildDir, {
  JOBS_DISABLED: "1",
});
const result: PaintJson = { measuredAt: new Date().toISOString(), orders, runs, formFactors, screens: [] };
function save() {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, "paint.json"), JSON.stringify(result, null, 2) + "\n");
}
const fmt = (p?: Paint) => (p ? `${(p.lcpMs / 1000).toFixed(2)} s` : "—");
try {
  for (const s of screens) {
    const row: PaintJson["screens"][number] = {
      screen: s.pattern,
      url: s.url,
      ...(s.skipped && { skipped: s.skipped }),
    };
    result.screens.push(row);
    if (!s.url) continue;
    // Warm-up: two plain loads compile the screen's code and fill SQLite's cache (Lighthouse
    // starts each run with an empty browser cache, so a warm-up in Chromium adds nothing).
    for (let i = 0; i < 2; i++) await (await fetch(server.url + s.url)).arrayBuffer();
    for (const ff of formFactors) {
      const r = await lighthouse(server.url, s.url, runs, ff, false);
      row[ff] = { lcpMs: r.lcpMs, fcpMs: r.fcpMs, cls: r.cls, tbtMs: r.tbtMs, score: r.performanceScore };
    }
    console.log(`${s.pattern.padEnd(40)} mobile LCP ${fmt(row.mobile)}  desktop LCP ${fmt(row.desktop)}`);
    save(); // after every screen: a run stopped part-way keeps what it measured
  }
} finally {
  await server.stop();
}
save();

const missed = result.screens.flatMap((r) =>
  formFactors.filter((ff) => r[ff] && r[ff].lcpMs > LCP_BARS_MS[ff]).map((ff) => `${r.screen} ${ff} ${fmt(r[ff])}`),
);
console.log(
  [
    "",
    `| screen | mobile LCP (≤ 2.5 s) | mobile FCP | desktop LCP (≤ 1.0 s) | desktop FCP |`,
    "| --- | --- | --- | --- | --- |",
    ...result.screens.map(
      (r) =>
        `| ${r.screen} | ${r.skipped ?? fmt(r.mobile)} | ${r.mobile ? `${(r.mobile.fcpMs / 1000).toFixed(2)} s` : "—"} | ${r.skipped ?? fmt(r.desktop)} | ${r.desktop ? `${(r.desktop.fcpMs / 1000).toFixed(2)} s` : "—"} |`,
    ),
    "",
    missed.length ? `${missed.length} bar(s) missed: ${missed.join(", ")}` : "Every screen meets its bars.",
  ].join("\n"),
);
process.exit(missed.length ? 1 : 0);
