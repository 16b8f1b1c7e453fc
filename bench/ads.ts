// `npm run bench:ads`: issue 36's ad spend target — a first sync of 12 months × 50 campaigns ×
// 3 platforms from recorded pages in ≤ 10 s. Each platform is connected through its OAuth code
// exchange and synced through the same code as a real store (paging, schemas, conversion,
// AdCampaignDay, AdSpendDay and the rollups), its pages served in-process by the replay
// (app/features/ad-platforms/replay.server.ts), so the figure is this app's work, not a network.
// One account per platform; the Google account spends in EUR, so the ECB conversion is in it.
//
// Options: --campaigns 50 --days 365 --runs 1.  DATABASE_URL=postgresql://… runs on PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { freshBenchDatabase } from "./lib";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const CAMPAIGNS = opt("campaigns", 50);
const DAYS = opt("days", 365);
const TARGET_S = 10;

process.env.NODE_ENV = "production";
process.env.DEMO_MODE = "1";
delete process.env.SHOPIFY_API_KEY;
const db = await freshBenchDatabase("ads");
const baseUrl = db.postgres;
const dbName = db.name;

const { prisma } = await import("~/db.server");
const ads = await import("~/features/ad-platforms/index.server");
const { AD_PLATFORMS } = await import("~/features/ad-platforms/index");
const { ECB_SAMPLE_XML } = await import("~/features/ad-platforms/recorded/ecb-sample");

// Today is the last day of the recorded ECB file, so the EUR account converts at its rates.
const now = new Date("2026-11-24T12:00:00Z");
// The recorded file covers one week; a year of rates in its layout, the Friday rate on weekends.
const ecbYear = (() => {
  const days: string[] = [];
  for (let d = 0; d < DAYS + 10; d++) {
    const day = new Date(now.getTime() - d * 86_400_000);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
  }
  const cubes = days.map(
    (day, i) => `<Cube time="${day}"><Cube currency="USD" rate="${(1.05 + (i % 7) / 1000).toFixed(4)}"/></Cube>`,
  );
  return ECB_SAMPLE_XML.replace(/<Cube>[\s\S]*<\/Cube>\s*<\/gesmes/, `<Cube>${cubes.join("")}</Cube></gesmes`);
})();

const local = new ads.LocalAdPlatforms(
  {
    campaignsPerAccount: CAMPAIGNS,
    ecbXml: ecbYear,
    accounts: { google_ads: [{ accountId: "1234567890", name: "Bench Google", currency: "EUR" }] },
  },
  () => now,
);
const base = "http://ad-platforms.replay";
const config = ads.adConfig({ NODE_ENV: "production", DEMO_MODE: "1", AD_PLATFORMS_BASE_URL: base });
const rt = { config, transport: local.transport, now: () => now };

const shop = await prisma.shop.create({
  data: { domain: `${dbName}.myshopify.com`, name: "Bench", currency: "USD", timezone: "UTC", ownerName: "B" },
  select: { id: true, currency: true, timezone: true },
});
for (const platform of AD_PLATFORMS) {
  const consent = new URL(await ads.startConnect(shop, platform, rt));
  const params = new URLSearchParams({
    state: consent.searchParams.get("state")!,
    code: "code-bench",
    auth_code: "code-bench",
  });
  await ads.completeConnect(platform, params, rt);
}

const range = { from: new Date(now.getTime() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10), to: "2026-11-24" };
const timings: Record<string, number> = {};
const started = performance.now();
for (const platform of AD_PLATFORMS) {
  const t = performance.now();
  const result = await ads.syncPlatform(shop, platform, rt, range);
  if (!result.ok) throw new Error(`${platform}: ${result.message}`);
  timings[platform] = (performance.now() - t) / 1000;
}
const seconds = (performance.now() - started) / 1000;
const campaignDays = await prisma.adCampaignDay.count({ where: { shopId: shop.id } });
const spendDays = await prisma.adSpendDay.count({ where: { shopId: shop.id } });
const requests = local.log.length;
const engine = baseUrl ? "PostgreSQL" : "SQLite";
const pass = seconds <= TARGET_S;

console.log(`ad spend sync, ${engine}: ${DAYS} days × ${CAMPAIGNS} campaigns × 3 platforms`);
for (const [p, s] of Object.entries(timings)) console.log(`  ${p.padEnd(11)} ${s.toFixed(2)} s`);
console.log(`  total       ${seconds.toFixed(2)} s (target ≤ ${TARGET_S} s: ${pass ? "pass" : "FAIL"})`);
console.log(
  `  ${campaignDays.toLocaleString("en-US")} campaign days, ${spendDays} channel days, ${requests} platform requests`,
);

fs.mkdirSync(path.join("bench", "results"), { recursive: true });
fs.writeFileSync(
  path.join("bench", "results", "ads.json"),
  JSON.stringify(
    {
      rows: [
        {
          target: `ad spend sync, 12 months × ${CAMPAIGNS} campaigns × 3 platforms ≤ ${TARGET_S} s (${engine})`,
          figure: `${seconds.toFixed(2)} s (${campaignDays.toLocaleString("en-US")} campaign days)`,
          baseline: "",
          pass,
        },
      ],
    },
    null,
    2,
  ),
);
await prisma.$disconnect();
await db.drop();
process.exit(pass ? 0 : 1);
