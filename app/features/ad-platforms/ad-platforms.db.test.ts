// The ad platforms end to end against a local server that answers each platform's documented
// endpoints (replay.server.ts), over real HTTP: OAuth (state, code exchange, refresh, revoked,
// disconnect), paging, restatement, rate limits, currency conversion, and shop isolation.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { httpTransport, serveLocally } from "~tests/local-http";
import { adConfig } from "~/features/ad-platforms/config.server";
import { LocalAdPlatforms } from "~/features/ad-platforms/replay.server";
import { AdRefusal, type AdRuntime } from "~/features/ad-platforms/runtime.server";
import { chooseAccounts, completeConnect, disconnect, startConnect } from "~/features/ad-platforms/connections.server";
import { syncPlatform } from "~/features/ad-platforms/sync.server";
import { adPlatformFacts } from "~/features/ad-platforms/status.server";
import { AD_PLATFORMS, type AdPlatform } from "~/features/ad-platforms/platforms";

const TODAY = new Date("2026-11-24T15:00:00Z");
let clock = TODAY;
const local = new LocalAdPlatforms(
  {
    campaignsPerAccount: 5,
    googlePageSize: 50,
    accounts: {
      google_ads: [{ accountId: "1112223333", name: "Google EUR", currency: "EUR" }],
      meta_ads: [
        { accountId: "555", name: "Meta main", currency: "USD" },
        { accountId: "556", name: "Meta other", currency: "USD" },
      ],
    },
  },
  () => clock,
);
let server: { base: string; close: () => Promise<void> };
let rt: AdRuntime;
const sleeps: number[] = [];

const ENV = {
  NODE_ENV: "test",
  SHOPIFY_APP_URL: "https://app.example.com",
  GOOGLE_ADS_CLIENT_ID: "gid",
  GOOGLE_ADS_CLIENT_SECRET: "google-client-secret",
  GOOGLE_ADS_DEVELOPER_TOKEN: "devtoken",
  META_APP_ID: "mid",
  META_APP_SECRET: "meta-app-secret",
  TIKTOK_APP_ID: "tid",
  TIKTOK_APP_SECRET: "tiktok-app-secret",
};

beforeAll(async () => {
  server = await serveLocally((url, init) => local.handle(url, init));
  rt = {
    config: adConfig({ ...ENV, AD_PLATFORMS_BASE_URL: server.base }),
    transport: httpTransport,
    sleep: async (ms) => void sleeps.push(ms),
    now: () => clock,
  };
});
afterAll(async () => server.close());
beforeEach(() => {
  clock = TODAY;
  sleeps.length = 0;
  local.faults.rateLimited.clear();
  local.faults.retryAfterSeconds = null;
  local.faults.revoked.clear();
  local.faults.restate.clear();
});

/** Follows the authorize URL the way the platform would: back to the callback with a code. */
async function connect(shop: { id: string }, platform: AdPlatform) {
  const url = new URL(await startConnect(shop, platform, rt));
  const params = new URLSearchParams({
    state: url.searchParams.get("state")!,
    [platform === "tiktok_ads" ? "auth_code" : "code"]: `code-${platform}`,
  });
  return { result: await completeConnect(platform, params, rt), state: url.searchParams.get("state")! };
}

const spendRows = (shopId: string, channel: string) =>
  prisma.adSpendDay.findMany({ where: { shopId, channel }, orderBy: { day: "asc" } });

describe("OAuth", () => {
  it("sends the documented authorize parameters and refuses a forged, reused or expired state", async () => {
    const shop = await createShop();
    const url = new URL(await startConnect(shop, "google_ads", rt));
    expect(url.origin + url.pathname).toBe(`${server.base}/google_ads/o/oauth2/v2/auth`);
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("redirect_uri")).toBe("https://app.example.com/ad-platforms/google_ads/callback");
    const state = url.searchParams.get("state")!;
    const forged = state.slice(0, -2) + (state.endsWith("A") ? "BB" : "AA");
    await expect(
      completeConnect("google_ads", new URLSearchParams({ state: forged, code: "code-x" }), rt),
    ).rejects.toThrow(/did not come from this app/);
    // A state for Google does not connect Meta.
    await expect(completeConnect("meta_ads", new URLSearchParams({ state, code: "code-x" }), rt)).rejects.toThrow(
      AdRefusal,
    );
    expect(await prisma.adConnection.count({ where: { shopId: shop.id } })).toBe(0);

    await completeConnect("google_ads", new URLSearchParams({ state, code: "code-x" }), rt);
    await expect(completeConnect("google_ads", new URLSearchParams({ state, code: "code-x" }), rt)).rejects.toThrow(
      /already used/,
    );

    const late = new URL(await startConnect(shop, "meta_ads", rt)).searchParams.get("state")!;
    clock = new Date(TODAY.getTime() + 11 * 60 * 1000);
    await expect(completeConnect("meta_ads", new URLSearchParams({ state: late, code: "code-x" }), rt)).rejects.toThrow(
      /expired/,
    );
  });

  it("exchanges the code, lists the accounts and stores the tokens encrypted", async () => {
    const shop = await createShop();
    for (const p of AD_PLATFORMS) await connect(shop, p);
    const rows = await prisma.adConnection.findMany({ where: { shopId: shop.id } });
    expect(rows.map((r) => r.platform).sort()).toEqual([...AD_PLATFORMS].sort());
    for (const r of rows) {
      expect(r.accessToken).toMatch(/^v1\./);
      expect(r.accessToken).not.toContain("replay.");
      expect(r.refreshToken ?? "").not.toContain("replay");
    }
    // Meta's short-lived token was exchanged for a long-lived one (fb_exchange_token).
    expect(local.log.some((l) => l.platform === "meta_ads" && l.path.endsWith("/oauth/access_token"))).toBe(true);
    const accounts = await prisma.adAccount.findMany({ where: { shopId: shop.id }, orderBy: { accountId: "asc" } });
    expect(accounts.map((a) => [a.platform, a.accountId, a.currency])).toEqual([
      ["google_ads", "1112223333", "EUR"],
      ["meta_ads", "555", "USD"],
      ["meta_ads", "556", "USD"],
      ["tiktok_ads", "7000000001", "USD"],
    ]);
  });

  it("refreshes an expired token, and marks the connection revoked when the platform refuses", async () => {
    const shop = await createShop({ timezone: "UTC" });
    await connect(shop, "tiktok_ads");
    const before = (await prisma.adConnection.findFirstOrThrow({ where: { shopId: shop.id } })).accessToken;
    clock = new Date(TODAY.getTime() + 2 * 3600 * 1000); // past the hour the token lives
    const range = { from: "2026-11-20", to: "2026-11-24" };
    expect((await syncPlatform(shop, "tiktok_ads", rt, range)).ok).toBe(true);
    const after = await prisma.adConnection.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(after.accessToken).not.toBe(before);

    local.faults.revoked.add("tiktok_ads");
    clock = new Date(TODAY.getTime() + 4 * 3600 * 1000);
    const failed = await syncPlatform(shop, "tiktok_ads", rt, range);
    expect(failed).toEqual({ ok: false, message: "TikTok: The refresh token is invalid or expired." });
    const [facts] = (await adPlatformFacts(shop.id, rt.config)).filter((f) => f.platform === "tiktok_ads");
    expect(facts!.connection).toMatchObject({
      status: "revoked",
      lastError: "TikTok: The refresh token is invalid or expired.",
    });
  });

  it("refreshes on a 401 before expiry (Google) and disconnect revokes and deletes the tokens", async () => {
    const shop = await createShop();
    await connect(shop, "google_ads");
    // The platform stops accepting the token early: the next call gets 401, then a refresh.
    const c = await prisma.adConnection.findFirstOrThrow({ where: { shopId: shop.id } });
    await prisma.adConnection.update({
      where: { id: c.id },
      data: { accessExpiresAt: new Date(TODAY.getTime() + 86_400_000) },
    });
    clock = new Date(TODAY.getTime() + 2 * 3600 * 1000);
    const refreshesBefore = local.log.filter((l) => l.path === "/token").length;
    expect((await syncPlatform(shop, "google_ads", rt, { from: "2026-11-23", to: "2026-11-24" })).ok).toBe(true);
    expect(local.log.filter((l) => l.path === "/token").length).toBe(refreshesBefore + 1);

    const revokesBefore = local.log.filter((l) => l.path === "/revoke").length;
    expect(await disconnect(shop, "google_ads", rt)).toEqual({ revoked: true, message: null });
    expect(local.log.filter((l) => l.path === "/revoke").length).toBe(revokesBefore + 1);
    expect(await prisma.adConnection.count({ where: { shopId: shop.id } })).toBe(0);
    expect(await prisma.adAccount.count({ where: { shopId: shop.id } })).toBe(0);
    await expect(disconnect(shop, "google_ads", rt)).rejects.toMatchObject({ status: 404 });
  });
});

describe("sync", () => {
  it("reads every page, stores campaign days and the channel's day totals, and moves the rollups", async () => {
    const shop = await createShop({ currency: "USD" });
    await connect(shop, "meta_ads");
    const range = { from: "2026-10-26", to: "2026-11-24" };
    const result = await syncPlatform(shop, "meta_ads", rt, range);
    expect(result.ok).toBe(true);
    // 2 accounts × 5 campaigns × 30 days, less the paused days; Meta pages of 500 rows.
    let expected = 0;
    let total = 0n;
    for (const acct of ["555", "556"])
      for (let c = 0; c < 5; c++)
        for (let d = 0; d < 30; d++) {
          const day = new Date(Date.UTC(2026, 9, 26 + d)).toISOString().slice(0, 10);
          const m = local.spendMicros("meta_ads", acct, c, day);
          if (m > 0n) expected++;
          total += m;
        }
    expect(await prisma.adCampaignDay.count({ where: { shopId: shop.id } })).toBe(expected);
    const spend = await spendRows(shop.id, "meta_ads");
    expect(spend.every((r) => r.source === "platform")).toBe(true);
    expect(spend.reduce((a, r) => a + r.amountMinor, 0)).toBe(Number(total / 10_000n));
    const rollup = await prisma.dailyRollup.aggregate({ where: { shopId: shop.id }, _sum: { adSpendMinor: true } });
    expect(rollup._sum.adSpendMinor).toBe(Number(total / 10_000n));
  });

  it("pages Google's search with nextPageToken", async () => {
    const shop = await createShop({ currency: "EUR" });
    await connect(shop, "google_ads");
    const searches = () => local.log.filter((l) => l.path.endsWith("googleAds:search")).length;
    const before = searches();
    expect((await syncPlatform(shop, "google_ads", rt, { from: "2026-11-01", to: "2026-11-24" })).ok).toBe(true);
    const rows = await prisma.adCampaignDay.count({ where: { shopId: shop.id } });
    expect(rows).toBeGreaterThan(100);
    expect(searches() - before).toBe(Math.ceil(rows / 50));
  });

  it("replaces the days re-read when the platform restates them", async () => {
    const shop = await createShop();
    await connect(shop, "tiktok_ads");
    const first = await syncPlatform(shop, "tiktok_ads", rt);
    expect(first.ok).toBe(true);
    const spend = await spendRows(shop.id, "tiktok_ads");
    expect(spend[0]!.day >= "2025-11-25").toBe(true); // a year back from today
    const conn = await prisma.adConnection.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(conn.syncedThrough).toBe("2026-11-24");

    // The next day: the platform has halved 2026-11-23's figures.
    local.faults.restate.set("tiktok_ads|2026-11-23", 0.5);
    clock = new Date("2026-11-25T15:00:00Z");
    const before = new Map((await spendRows(shop.id, "tiktok_ads")).map((r) => [r.day, r.amountMinor]));
    expect((await syncPlatform(shop, "tiktok_ads", rt)).ok).toBe(true);
    const after = new Map((await spendRows(shop.id, "tiktok_ads")).map((r) => [r.day, r.amountMinor]));
    expect(after.get("2026-11-23")).toBeLessThan(before.get("2026-11-23")! * 0.6);
    expect(after.get("2026-11-21")).toBe(before.get("2026-11-21")); // outside the three days re-read
    const rollup = await prisma.dailyRollup.findUniqueOrThrow({
      where: { shopId_day: { shopId: shop.id, day: "2026-11-23" } },
    });
    expect(rollup.adSpendMinor).toBe(after.get("2026-11-23"));
  });

  it("backs off on rate limits, honouring Retry-After, and stores the platform's message when it persists", async () => {
    const shop = await createShop();
    await connect(shop, "meta_ads");
    local.faults.rateLimited.set("meta_ads", 2);
    local.faults.retryAfterSeconds = 3;
    expect((await syncPlatform(shop, "meta_ads", rt, { from: "2026-11-24", to: "2026-11-24" })).ok).toBe(true);
    expect(sleeps).toEqual([3000, 3000]);

    sleeps.length = 0;
    local.faults.retryAfterSeconds = null;
    await connect(shop, "google_ads");
    local.faults.rateLimited.set("google_ads", 100);
    const failed = await syncPlatform(shop, "google_ads", rt, { from: "2026-11-24", to: "2026-11-24" });
    expect(sleeps).toEqual([500, 1000, 2000, 4000, 8000, 16000]);
    expect(failed).toEqual({ ok: false, message: "Google Ads: Resource has been exhausted (e.g. check quota)." });
    const g = await prisma.adConnection.findFirstOrThrow({ where: { shopId: shop.id, platform: "google_ads" } });
    expect(g.status).toBe("failed");
  });

  it("converts spend at the day's ECB rate, a weekend at Friday's", async () => {
    const shop = await createShop({ currency: "USD" });
    await connect(shop, "google_ads"); // the account spends in EUR
    expect((await syncPlatform(shop, "google_ads", rt, { from: "2026-11-20", to: "2026-11-23" })).ok).toBe(true);
    const rows = await prisma.adCampaignDay.findMany({ where: { shopId: shop.id }, orderBy: [{ day: "asc" }] });
    const saturday = rows.find((r) => r.day === "2026-11-21")!;
    expect(saturday).toMatchObject({ currency: "EUR", rate: 1.04, rateDay: "2026-11-20" });
    expect(saturday.spendShopMinor).toBe(Math.round((Number(saturday.spendMicros) / 1e6) * 1.04 * 100));
    expect(rows.find((r) => r.day === "2026-11-23")).toMatchObject({ rate: 1.05, rateDay: "2026-11-23" });
    const conn = await prisma.adConnection.findFirstOrThrow({ where: { shopId: shop.id } });
    expect(conn.rateNote).toBe("EUR → USD at the ECB reference rate: 1.0500 on 2026-11-23");
  });
});

describe("isolation and secrecy", () => {
  it("keeps shop A's tokens, accounts and spend from shop B, and no token in any message or log", async () => {
    const errors = vi.spyOn(console, "error");
    const a = await createShop();
    const b = await createShop();
    await connect(a, "meta_ads");
    expect((await syncPlatform(a, "meta_ads", rt, { from: "2026-11-20", to: "2026-11-24" })).ok).toBe(true);
    expect(await prisma.adSpendDay.count({ where: { shopId: b.id } })).toBe(0);
    const factsB = await adPlatformFacts(b.id, rt.config);
    expect(factsB.every((f) => f.connection === null && f.accounts.length === 0)).toBe(true);
    await expect(chooseAccounts(b, "meta_ads", ["555"])).rejects.toMatchObject({ status: 404 });
    await expect(syncPlatform(b, "meta_ads", rt)).rejects.toMatchObject({ status: 404 });
    await expect(chooseAccounts(a, "meta_ads", ["999"])).rejects.toMatchObject({ status: 400 });
    await chooseAccounts(a, "meta_ads", ["556"]);
    expect(
      (await prisma.adAccount.findMany({ where: { shopId: a.id, selected: true } })).map((x) => x.accountId),
    ).toEqual(["556"]);

    // A revoked token: the message is the platform's, with no token in it, nor in the log.
    local.faults.revoked.add("meta_ads");
    clock = new Date(TODAY.getTime() + 2 * 3600 * 1000);
    const failed = await syncPlatform(a, "meta_ads", rt, { from: "2026-11-24", to: "2026-11-24" });
    expect(failed.ok).toBe(false);
    const facts = JSON.stringify(await adPlatformFacts(a.id, rt.config));
    const logged = errors.mock.calls.flat().join("\n");
    for (const text of [facts, logged, JSON.stringify(failed)]) {
      expect(text).not.toMatch(/replay\.|short\.|replay-refresh|meta-app-secret/);
    }
    errors.mockRestore();
  });
});
