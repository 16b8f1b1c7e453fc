// The ad platforms' buttons through their route and the OAuth callback: a Viewer is refused
// (403) and nothing is written; bad input is 400 with field errors; an Owner's Connect answers
// the platform's consent URL, and the platform's redirect back connects the shop named by the
// signed state, never another. The platforms are a local server (replay.server.ts) over HTTP.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import { httpTransport, serveLocally } from "~tests/local-http";
import { LocalAdPlatforms } from "~/features/ad-platforms/index.server";
import { action } from "~/routes/_admin.settings_.ad-platforms";
import { loader as callback } from "~/routes/ad-platforms.$platform.callback";

const A = "ads-route-a.myshopify.com";
const B = "ads-route-b.myshopify.com";
const VARS = {
  META_APP_ID: "mid",
  META_APP_SECRET: "meta-app-secret",
  GOOGLE_ADS_CLIENT_ID: "gid",
  GOOGLE_ADS_CLIENT_SECRET: "google-secret",
  GOOGLE_ADS_DEVELOPER_TOKEN: "dev",
  TIKTOK_APP_ID: "tid",
  TIKTOK_APP_SECRET: "tiktok-secret",
};
let server: { base: string; close: () => Promise<void> };
let shopA: { id: string; domain: string };
let shopB: { id: string; domain: string };

async function post(role: "owner" | "admin" | "viewer", fields: Record<string, string>, shop = A) {
  const request = await requestAs(role, shop, "/settings/ad-platforms", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const result = await action({ request, params: {}, context: {} });
  if (result instanceof Response) return { status: result.status, body: (await result.json()) as Record<string, any> };
  const r = result as unknown as { data: Record<string, any>; init?: { status?: number } };
  return { status: r.init?.status ?? 200, body: r.data };
}

async function back(platform: string, params: Record<string, string>) {
  const request = new Request(
    `https://app.example.com/ad-platforms/${platform}/callback?${new URLSearchParams(params)}`,
  );
  try {
    const result = await callback({ request, params: { platform }, context: {} });
    return { status: (result as Response).status, body: (await (result as Response).json()) as Record<string, any> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

beforeAll(async () => {
  const local = new LocalAdPlatforms({ campaignsPerAccount: 2 });
  server = await serveLocally((url, init) => local.handle(url, init));
  for (const [k, v] of Object.entries({ ...VARS, AD_PLATFORMS_BASE_URL: server.base })) vi.stubEnv(k, v);
  // The platforms' only way in: the local server, over HTTP.
  vi.stubGlobal("fetch", (url: string, init: { method: string; headers: Record<string, string>; body?: string }) =>
    httpTransport(url, init),
  );
  shopA = await createShop({ domain: A });
  shopB = await createShop({ domain: B });
  // Pro: three seats, so the test team's Admin and Viewer are within the plan.
  await prisma.shop.updateMany({ where: { id: { in: [shopA.id, shopB.id] } }, data: { plan: "pro" } });
  await installTeam(shopA);
  await installTeam(shopB);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  await server.close();
});

describe("/settings/ad-platforms", () => {
  it("refuses a Viewer every write, writing nothing", async () => {
    for (const fields of <Record<string, string>[]>[
      { intent: "connect", platform: "meta_ads" },
      { intent: "disconnect", platform: "meta_ads" },
      { intent: "accounts", platform: "meta_ads", accountIds: "100200300" },
      { intent: "retry", platform: "meta_ads" },
    ])
      expect((await post("viewer", fields)).status).toBe(403);
    expect(await prisma.adOAuthState.count()).toBe(0);
  });

  it("answers 400 with field errors for bad input, and 404 for a platform not connected", async () => {
    const bad = await post("owner", { intent: "connect", platform: "myspace_ads" });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.platform).toEqual(["Choose an ad platform"]);
    expect((await post("owner", { intent: "accounts", platform: "meta_ads", accountIds: "1;drop" })).status).toBe(400);
    expect((await post("owner", { intent: "disconnect", platform: "tiktok_ads" })).status).toBe(404);
  });

  it("connects through the consent URL and the callback, for the shop that asked only", async () => {
    const started = await post("admin", { intent: "connect", platform: "meta_ads" });
    expect(started.status).toBe(200);
    const consent = new URL(started.body.url);
    expect(consent.pathname).toBe("/meta_ads/v21.0/dialog/oauth");
    expect(consent.searchParams.get("scope")).toBe("ads_read");
    const state = consent.searchParams.get("state")!;

    expect(await back("meta_ads", { state: `${state}x`, code: "code-1" })).toMatchObject({ status: 400 });
    expect(
      await back("meta_ads", { state, error: "access_denied", error_description: "Permissions error" }),
    ).toMatchObject({
      status: 400,
      body: { message: "The platform did not grant access: Permissions error" },
    });
    // The denied attempt used the state up: a new one is needed.
    const again = new URL((await post("owner", { intent: "connect", platform: "meta_ads" })).body.url).searchParams.get(
      "state",
    )!;
    const done = await back("meta_ads", { state: again, code: "code-1" });
    expect(done.status).toBe(302);
    expect(done.location).toContain(`https://${A}/admin/apps/`);
    expect(done.location).toContain("settings?tab=integrations#integration-meta_ads");
    expect(await prisma.adConnection.count({ where: { shopId: shopA.id } })).toBe(1);
    expect(await prisma.adConnection.count({ where: { shopId: shopB.id } })).toBe(0);
    // Outside the demo the first sync is queued, not run in the request.
    expect(await prisma.adConnection.findFirst({ where: { shopId: shopA.id } })).toMatchObject({
      status: "connected",
      lastSyncAt: null,
    });

    // Shop B cannot choose, sync or disconnect shop A's platform.
    expect((await post("owner", { intent: "accounts", platform: "meta_ads", accountIds: "100200300" }, B)).status).toBe(
      404,
    );
    expect((await post("owner", { intent: "disconnect", platform: "meta_ads" }, B)).status).toBe(404);
    const sync = await post("owner", { intent: "retry", platform: "meta_ads" });
    expect(sync.body).toEqual({ ok: true });
    const disconnected = await post("owner", { intent: "disconnect", platform: "meta_ads" });
    expect(disconnected.body).toEqual({ ok: true, message: null });
    expect(JSON.stringify(await prisma.auditEntry.findMany({ where: { shopId: shopA.id } }))).not.toMatch(
      /replay\.|secret/,
    );
    expect(await prisma.adConnection.count({ where: { shopId: shopA.id } })).toBe(0);
  });
});
