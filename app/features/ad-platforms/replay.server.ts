// A local stand-in for the three platforms, answering their documented endpoints (the paths,
// parameters, paging and error answers that google/meta/tiktok.server.ts rely on) from a
// deterministic set of campaigns. The demo store's connections use it as their transport
// (replayTransport), so its spend arrives through the same OAuth, paging, conversion and
// storage code as a real store's; the tests serve it over HTTP and the benchmark reads from it.
// Tokens are stateless ("replay.<platform>.<expiry ms>.<n>[.s<scale>]") so a restarted demo still
// syncs. The demo's accounts (demoCampaignRows) spend a budget that follows the store's calendar
// and its size: the scale rides from the authorization code into every token, so the pages a
// restarted server replays are the ones the seed read (docs/decisions/095-demo-through-real-paths.md).
import { createHash } from "node:crypto";
import { REPLAY_BASE } from "~/features/ad-platforms/config.server";
import { AD_PLATFORMS, type AdPlatform } from "~/features/ad-platforms/platforms";
import type { Transport } from "~/features/ad-platforms/http.server";
import { addDays, eachDay } from "~/lib/dates";
import { ECB_SAMPLE_XML } from "~/features/ad-platforms/recorded/ecb-sample";

export type ReplayAccount = { accountId: string; name: string; currency: string };
export type ReplayOptions = {
  campaignsPerAccount: number;
  /** Accounts per platform; the default is one account per platform in USD. */
  accounts?: Partial<Record<AdPlatform, ReplayAccount[]>>;
  /** Page sizes: Google's is fixed at 10,000 rows by the API, Meta's `limit`, TikTok's page_size. */
  googlePageSize?: number;
  /** Average spend per campaign per day, in account currency units. */
  dailySpend?: number;
  accessTtlSeconds?: number;
  ecbXml?: string;
  /** Serve the demo store's campaigns (demoCampaignRows) instead of the uniform test campaigns. */
  demo?: boolean;
};

const DEFAULT_ACCOUNTS: Record<AdPlatform, ReplayAccount[]> = {
  google_ads: [{ accountId: "1234567890", name: "Demo Google Ads", currency: "USD" }],
  meta_ads: [{ accountId: "100200300", name: "Demo Meta Ads", currency: "USD" }],
  tiktok_ads: [{ accountId: "7000000001", name: "Demo TikTok Ads", currency: "USD" }],
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** A number in [0, 1) from a key: the same campaign and day always spend the same. */
function unit(key: string): number {
  return createHash("sha1").update(key).digest().readUInt32BE(0) / 2 ** 32;
}

type ReplayRow = {
  campaignId: string;
  campaignName: string;
  day: string;
  micros: bigint;
  clicks: number;
  impressions: number;
  conversions: number;
  value: number;
};

type DemoCampaign = { name: string; share: number; cpc: number };
type DemoPlatform = {
  /** Average daily budget at scale 1 (the 25,000-order demo), in the account's currency. */
  daily: number;
  campaigns: DemoCampaign[];
  /** Impressions per click, and the conversions the platform credits itself with per click. */
  impressionsPerClick: number;
  conversionRate: number;
  orderValue: number;
};

/**
 * The demo store's ad accounts: an electronics store on Google (search, shopping, Performance
 * Max), Meta and TikTok, its budget split about 50/33/17 as before this replay fed the demo.
 * Cost per click is what such campaigns pay for high-ticket electronics; the platforms' own
 * conversion counts include view-through and modelled conversions, so they claim more than the
 * orders that arrive with their click ids.
 */
const DEMO_PLAN: Record<AdPlatform, DemoPlatform> = {
  google_ads: {
    daily: 3_070,
    impressionsPerClick: 28,
    conversionRate: 0.04,
    orderValue: 305,
    campaigns: [
      { name: "Search – Brand", share: 0.07, cpc: 1.3 },
      { name: "Search – Generic Electronics", share: 0.14, cpc: 6.2 },
      { name: "Shopping – Laptops & Computers", share: 0.19, cpc: 7.3 },
      { name: "Shopping – Audio", share: 0.12, cpc: 4.7 },
      { name: "Shopping – Wearables", share: 0.1, cpc: 4.3 },
      { name: "Performance Max – All Products", share: 0.28, cpc: 5.5 },
      { name: "YouTube – Product Demos", share: 0.06, cpc: 2.9 },
      { name: "Display – Remarketing", share: 0.04, cpc: 2.3 },
    ],
  },
  meta_ads: {
    daily: 2_030,
    impressionsPerClick: 95,
    conversionRate: 0.03,
    orderValue: 290,
    campaigns: [
      { name: "Advantage+ Shopping", share: 0.34, cpc: 3.5 },
      { name: "Prospecting – Lookalike 1%", share: 0.18, cpc: 4.1 },
      { name: "Prospecting – Tech Interests", share: 0.14, cpc: 4.4 },
      { name: "Retargeting – Viewed Product", share: 0.14, cpc: 2.6 },
      { name: "Retargeting – Cart Abandoners", share: 0.1, cpc: 2.3 },
      { name: "Reels – Creator Videos", share: 0.1, cpc: 3.7 },
    ],
  },
  tiktok_ads: {
    daily: 1_040,
    impressionsPerClick: 120,
    conversionRate: 0.02,
    orderValue: 240,
    campaigns: [
      { name: "Spark Ads – Creator Unboxings", share: 0.35, cpc: 2.0 },
      { name: "Shopping Ads – Catalog", share: 0.3, cpc: 2.5 },
      { name: "In-Feed – Gadget Deals", share: 0.2, cpc: 2.2 },
      { name: "Retargeting – Engaged Viewers", share: 0.15, cpc: 1.6 },
    ],
  },
};

// January..December: budgets cut after the holidays, raised for the year's peak in Nov/Dec.
const BUDGET_BY_MONTH = [0.8, 0.78, 0.88, 0.92, 0.97, 0.95, 0.93, 0.98, 1.0, 1.05, 1.25, 1.45];

/** The demo advertiser's budget on a day relative to its average: by month, and pushed for Black Friday week. */
export function demoBudgetFactor(day: string): number {
  const [year, month, date] = day.split("-").map(Number);
  let factor = BUDGET_BY_MONTH[month - 1];
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const thanksgiving = 1 + ((4 - first + 7) % 7) + 21;
  if (month === 11 && date >= thanksgiving && date <= thanksgiving + 4) factor *= 1.9;
  if (month === 12 && date >= 24 && date <= 25) factor *= 0.5;
  return factor;
}

/** The scale a code or token carries (".s<scale>" at its end), 1 when none. */
export function scaleOf(text: string | null | undefined): number {
  const m = /\.s(\d+(?:\.\d+)?)$/.exec(text ?? "");
  const scale = m ? Number(m[1]) : 1;
  return scale > 0 && Number.isFinite(scale) ? scale : 1;
}

/** A demo authorization code for a store `scale` times the default demo's size. */
export const demoCode = (platform: AdPlatform, scale = 1) =>
  `code-demo-${platform}${scale === 1 ? "" : `.s${Number(scale.toFixed(4))}`}`;

/**
 * The demo accounts' campaign days from `from` to `to`: each campaign spends its share of the
 * platform's budget for the day (× scale), ±25% from day to day, and pays its cost per click
 * ±15%. Pure and deterministic: the seed reads the clicks from here to size the paid sessions.
 */
export function demoCampaignRows(
  platform: AdPlatform,
  accountId: string,
  from: string,
  to: string,
  scale = 1,
): ReplayRow[] {
  const plan = DEMO_PLAN[platform];
  const rows: ReplayRow[] = [];
  for (const day of eachDay({ from, to })) {
    const budget = plan.daily * scale * demoBudgetFactor(day);
    plan.campaigns.forEach((campaign, c) => {
      const key = `${platform}|${accountId}|${c}|${day}`;
      const spend = Math.round(budget * campaign.share * (0.75 + 0.5 * unit(`spend|${key}`)) * 100) / 100;
      if (spend <= 0) return;
      const clicks = Math.max(1, Math.round(spend / (campaign.cpc * (0.85 + 0.3 * unit(`cpc|${key}`)))));
      const conversions = Math.round(clicks * plan.conversionRate * (0.7 + 0.6 * unit(`conv|${key}`)) * 100) / 100;
      rows.push({
        campaignId: String(9_000_000 + c),
        campaignName: campaign.name,
        day,
        micros: BigInt(Math.round(spend * 100)) * 10_000n,
        clicks,
        impressions: Math.round(clicks * plan.impressionsPerClick * (0.8 + 0.4 * unit(`imp|${key}`))),
        conversions,
        value: Math.round(conversions * plan.orderValue * (0.85 + 0.3 * unit(`value|${key}`)) * 100) / 100,
      });
    });
  }
  return rows;
}

export class LocalAdPlatforms {
  readonly options: Required<Omit<ReplayOptions, "accounts">> & { accounts: Record<AdPlatform, ReplayAccount[]> };
  /** Knobs the tests turn: answers to fail, tokens refused, spend restated. */
  readonly faults = {
    rateLimited: new Map<AdPlatform, number>(),
    retryAfterSeconds: null as number | null,
    revoked: new Set<AdPlatform>(),
    restate: new Map<string, number>(),
  };
  readonly log: { platform: AdPlatform; path: string; method: string }[] = [];
  private counter = 0;

  constructor(
    options: ReplayOptions,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.options = {
      googlePageSize: 10_000,
      dailySpend: 40,
      accessTtlSeconds: 3600,
      ecbXml: ECB_SAMPLE_XML,
      demo: false,
      ...options,
      accounts: { ...DEFAULT_ACCOUNTS, ...options.accounts },
    };
  }

  /** Spend in micros of campaign `c` of `accountId` on `day` (0 on some days: campaigns pause). */
  spendMicros(platform: AdPlatform, accountId: string, c: number, day: string): bigint {
    const u = unit(`${platform}|${accountId}|${c}|${day}`);
    if (u < 0.08) return 0n;
    const factor = this.faults.restate.get(`${platform}|${day}`) ?? 1;
    return BigInt(Math.round(this.options.dailySpend * 2 * u * factor * 100)) * 10_000n;
  }

  private cached: { key: string; rows: ReplayRow[] } | null = null;

  /** A report's rows, kept for the pages that follow the first (each page asks for the same range). */
  private campaignRows(platform: AdPlatform, accountId: string, from: string, to: string, token: string | null) {
    const scale = scaleOf(token);
    const key = `${platform}|${accountId}|${from}|${to}|${scale}|${[...this.faults.restate].join()}`;
    if (this.cached?.key !== key)
      this.cached = {
        key,
        rows: this.options.demo
          ? demoCampaignRows(platform, accountId, from, to, scale)
          : this.generate(platform, accountId, from, to),
      };
    return this.cached.rows;
  }

  private generate(platform: AdPlatform, accountId: string, from: string, to: string): ReplayRow[] {
    const rows: ReplayRow[] = [];
    const days = eachDay({ from, to });
    for (const day of days)
      for (let c = 0; c < this.options.campaignsPerAccount; c++) {
        const micros = this.spendMicros(platform, accountId, c, day);
        if (micros === 0n) continue;
        const u = unit(`clicks|${platform}|${accountId}|${c}|${day}`);
        const clicks = Math.round(Number(micros) / 1_000_000 / (0.6 + u));
        rows.push({
          campaignId: String(9_000_000 + c),
          campaignName: `Campaign ${c + 1}`,
          day,
          micros,
          clicks,
          impressions: clicks * 37,
          conversions: Math.round(clicks * 0.03 * 10) / 10,
          value: Math.round(clicks * 0.03 * 61 * 100) / 100,
        });
      }
    return rows;
  }

  /** Fresh tokens; they carry the scale of the code or token they were issued for. */
  private issue(platform: AdPlatform, from?: string | null) {
    const exp = this.clock().getTime() + this.options.accessTtlSeconds * 1000;
    const scale = scaleOf(from);
    const tail = scale === 1 ? "" : `.s${scale}`;
    return {
      access: `replay.${platform}.${exp}.${++this.counter}${tail}`,
      refresh: `replay-refresh.${platform}.${this.counter}${tail}`,
    };
  }

  /** null when the bearer is a live token of this platform; else the platform's refusal. */
  private tokenOk(platform: AdPlatform, token: string | null): boolean {
    if (!token || this.faults.revoked.has(platform)) return false;
    const [kind, p, exp] = token.split(".");
    return kind === "replay" && p === platform && Number(exp) > this.clock().getTime();
  }

  private rateLimit(platform: AdPlatform): Response | null {
    const left = this.faults.rateLimited.get(platform) ?? 0;
    if (left <= 0) return null;
    this.faults.rateLimited.set(platform, left - 1);
    const headers: Record<string, string> =
      this.faults.retryAfterSeconds !== null ? { "retry-after": String(this.faults.retryAfterSeconds) } : {};
    if (platform === "google_ads")
      return json(
        {
          error: {
            code: 429,
            message: "Resource has been exhausted (e.g. check quota).",
            status: "RESOURCE_EXHAUSTED",
          },
        },
        429,
        headers,
      );
    if (platform === "meta_ads")
      return json(
        { error: { message: "(#17) User request limit reached", type: "OAuthException", code: 17, fbtrace_id: "A1" } },
        400,
        headers,
      );
    return json({ code: 40100, message: "Requests made too frequently.", request_id: "r1", data: {} }, 200, headers);
  }

  async handle(
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<Response> {
    const u = new URL(url);
    if (u.pathname.endsWith("eurofxref-hist.xml") || u.pathname.endsWith("eurofxref-daily.xml"))
      return new Response(this.options.ecbXml, { headers: { "content-type": "application/xml" } });
    const [, platform, ...rest] = u.pathname.split("/");
    if (!AD_PLATFORMS.includes(platform as AdPlatform)) return json({ error: "not found" }, 404);
    const p = platform as AdPlatform;
    const path = `/${rest.join("/")}`;
    this.log.push({ platform: p, path, method: init.method });
    const headers = Object.fromEntries(Object.entries(init.headers).map(([k, v]) => [k.toLowerCase(), v]));
    if (p === "google_ads") return this.google(path, u, init, headers);
    if (p === "meta_ads") return this.meta(path, u, init);
    return this.tiktok(path, u, init, headers);
  }

  private google(path: string, u: URL, init: { method: string; body?: string }, headers: Record<string, string>) {
    if (path === "/token") {
      const f = new URLSearchParams(init.body ?? "");
      if (f.get("grant_type") === "authorization_code" && f.get("code")?.startsWith("code-"))
        return json({
          ...this.tokenAnswer("google_ads", f.get("code")),
          scope: "https://www.googleapis.com/auth/adwords",
          token_type: "Bearer",
        });
      if (
        f.get("grant_type") === "refresh_token" &&
        !this.faults.revoked.has("google_ads") &&
        f.get("refresh_token")?.startsWith("replay-refresh.")
      )
        return json({
          access_token: this.issue("google_ads", f.get("refresh_token")).access,
          expires_in: this.options.accessTtlSeconds,
          token_type: "Bearer",
        });
      return json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400);
    }
    if (path === "/revoke") return json({});
    const limited = this.rateLimit("google_ads");
    if (limited) return limited;
    const token = headers.authorization?.replace(/^Bearer /, "") ?? null;
    if (!this.tokenOk("google_ads", token))
      return json(
        { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } },
        401,
      );
    const accounts = this.options.accounts.google_ads;
    if (path.endsWith("/customers:listAccessibleCustomers"))
      return json({ resourceNames: accounts.map((a) => `customers/${a.accountId}`) });
    const m = /\/customers\/(\d+)\/googleAds:search$/.exec(path);
    const account = m && accounts.find((a) => a.accountId === m[1]);
    if (!account)
      return json(
        { error: { code: 403, message: "The caller does not have permission", status: "PERMISSION_DENIED" } },
        403,
      );
    const body = JSON.parse(init.body ?? "{}") as { query?: string; pageToken?: string };
    if (body.query?.includes("FROM customer"))
      return json({
        results: [
          {
            customer: {
              resourceName: `customers/${account.accountId}`,
              id: account.accountId,
              descriptiveName: account.name,
              currencyCode: account.currency,
            },
          },
        ],
        fieldMask: "customer.id,customer.descriptiveName,customer.currencyCode",
      });
    const range = /segments\.date BETWEEN '(\d{4}-\d{2}-\d{2})' AND '(\d{4}-\d{2}-\d{2})'/.exec(body.query ?? "");
    if (!range) return json({ error: { code: 400, message: "Invalid GAQL query", status: "INVALID_ARGUMENT" } }, 400);
    const rows = this.campaignRows("google_ads", account.accountId, range[1]!, range[2]!, token);
    const start = Number(body.pageToken ?? 0);
    const page = rows.slice(start, start + this.options.googlePageSize);
    const next = start + page.length < rows.length ? String(start + page.length) : undefined;
    return json({
      results: page.map((r) => ({
        campaign: {
          resourceName: `customers/${account.accountId}/campaigns/${r.campaignId}`,
          id: r.campaignId,
          name: r.campaignName,
        },
        segments: { date: r.day },
        metrics: {
          costMicros: String(r.micros),
          clicks: String(r.clicks),
          impressions: String(r.impressions),
          conversions: r.conversions,
          conversionsValue: r.value,
        },
      })),
      ...(next ? { nextPageToken: next } : {}),
      fieldMask:
        "campaign.id,campaign.name,segments.date,metrics.costMicros,metrics.clicks,metrics.impressions,metrics.conversions,metrics.conversionsValue",
    });
  }

  private tokenAnswer(platform: AdPlatform, code: string | null) {
    const t = this.issue(platform, code);
    return { access_token: t.access, expires_in: this.options.accessTtlSeconds, refresh_token: t.refresh };
  }

  private meta(path: string, u: URL, init: { method: string }) {
    const q = u.searchParams;
    const invalid = json(
      {
        error: {
          message: "Error validating access token: The session has been invalidated.",
          type: "OAuthException",
          code: 190,
          error_subcode: 460,
        },
      },
      400,
    );
    if (path.endsWith("/oauth/access_token")) {
      if (q.get("code")?.startsWith("code-"))
        return json({ access_token: `short.${q.get("code")}`, token_type: "bearer", expires_in: 3600 });
      if (q.get("grant_type") === "fb_exchange_token") {
        const given = q.get("fb_exchange_token") ?? "";
        if (this.faults.revoked.has("meta_ads") || !(given.startsWith("short.") || given.startsWith("replay.")))
          return invalid;
        return json({
          access_token: this.issue("meta_ads", given).access,
          token_type: "bearer",
          expires_in: this.options.accessTtlSeconds,
        });
      }
      return json({ error: { message: "Invalid verification code format.", type: "OAuthException", code: 100 } }, 400);
    }
    const limited = this.rateLimit("meta_ads");
    if (limited) return limited;
    if (!this.tokenOk("meta_ads", q.get("access_token"))) return invalid;
    if (path.endsWith("/me/permissions") && init.method === "DELETE") return json({ success: true });
    if (path.endsWith("/me/adaccounts"))
      return json({
        data: this.options.accounts.meta_ads.map((a) => ({
          id: `act_${a.accountId}`,
          account_id: a.accountId,
          name: a.name,
          currency: a.currency,
        })),
        paging: { cursors: { before: "QVFI", after: "QVFI" } },
      });
    const m = /\/act_(\d+)\/insights$/.exec(path);
    const account = m && this.options.accounts.meta_ads.find((a) => a.accountId === m[1]);
    if (!account)
      return json({ error: { message: "Unsupported get request.", type: "GraphMethodException", code: 100 } }, 400);
    const range = JSON.parse(q.get("time_range") ?? "{}") as { since?: string; until?: string };
    if (q.get("level") !== "campaign" || q.get("time_increment") !== "1" || !range.since || !range.until)
      return json({ error: { message: "Invalid parameter", type: "OAuthException", code: 100 } }, 400);
    const rows = this.campaignRows("meta_ads", account.accountId, range.since, range.until, q.get("access_token"));
    const limit = Number(q.get("limit") ?? 25);
    const start = Number(q.get("after") ?? 0);
    const page = rows.slice(start, start + limit);
    const nextUrl = new URL(u.toString());
    nextUrl.searchParams.set("after", String(start + page.length));
    const more = start + page.length < rows.length;
    return json({
      data: page.map((r) => ({
        campaign_id: r.campaignId,
        campaign_name: r.campaignName,
        spend: (Number(r.micros) / 1_000_000).toFixed(2),
        clicks: String(r.clicks),
        impressions: String(r.impressions),
        actions: [
          { action_type: "link_click", value: String(r.clicks) },
          { action_type: "omni_purchase", value: String(r.conversions) },
        ],
        action_values: [{ action_type: "omni_purchase", value: r.value.toFixed(2) }],
        date_start: r.day,
        date_stop: r.day,
      })),
      paging: {
        cursors: { before: String(start), after: String(start + page.length) },
        ...(more ? { next: nextUrl.toString() } : {}),
      },
    });
  }

  private tiktok(path: string, u: URL, init: { method: string; body?: string }, headers: Record<string, string>) {
    const ok = (data: unknown) => json({ code: 0, message: "OK", request_id: `req-${++this.counter}`, data });
    const fail = (code: number, message: string) =>
      json({ code, message, request_id: `req-${++this.counter}`, data: {} });
    const body = init.body ? (JSON.parse(init.body) as Record<string, string>) : {};
    if (path.endsWith("/oauth2/access_token/")) {
      if (!body.auth_code?.startsWith("code-")) return fail(40110, "Auth code is invalid or expired.");
      const t = this.issue("tiktok_ads", body.auth_code);
      return ok({
        access_token: t.access,
        advertiser_ids: this.options.accounts.tiktok_ads.map((a) => a.accountId),
        scope: [4, 5],
        refresh_token: t.refresh,
        access_token_expire_in: this.options.accessTtlSeconds,
        refresh_token_expire_in: 31_536_000,
      });
    }
    if (path.endsWith("/oauth2/refresh_token/")) {
      if (this.faults.revoked.has("tiktok_ads") || !body.refresh_token?.startsWith("replay-refresh."))
        return fail(40104, "The refresh token is invalid or expired.");
      const t = this.issue("tiktok_ads", body.refresh_token);
      return ok({
        access_token: t.access,
        refresh_token: t.refresh,
        access_token_expire_in: this.options.accessTtlSeconds,
      });
    }
    if (path.endsWith("/oauth2/revoke_token/")) return ok({});
    const limited = this.rateLimit("tiktok_ads");
    if (limited) return limited;
    if (!this.tokenOk("tiktok_ads", headers["access-token"] ?? null))
      return fail(40105, "The access token is invalid or has been revoked.");
    const accounts = this.options.accounts.tiktok_ads;
    const q = u.searchParams;
    if (path.endsWith("/oauth2/advertiser/get/"))
      return ok({ list: accounts.map((a) => ({ advertiser_id: a.accountId, advertiser_name: a.name })) });
    if (path.endsWith("/advertiser/info/")) {
      const ids = JSON.parse(q.get("advertiser_ids") ?? "[]") as string[];
      return ok({
        list: accounts
          .filter((a) => ids.includes(a.accountId))
          .map((a) => ({ advertiser_id: a.accountId, name: a.name, currency: a.currency })),
      });
    }
    if (path.endsWith("/report/integrated/get/")) {
      const account = accounts.find((a) => a.accountId === q.get("advertiser_id"));
      const from = q.get("start_date") ?? "";
      const to = q.get("end_date") ?? "";
      if (!account || q.get("data_level") !== "AUCTION_CAMPAIGN" || !from || !to)
        return fail(40002, "Invalid parameters.");
      if (to > addDays(from, 29))
        return fail(40002, "The time span cannot exceed 30 days when stat_time_day is a dimension.");
      const rows = this.campaignRows("tiktok_ads", account.accountId, from, to, headers["access-token"] ?? null);
      const size = Number(q.get("page_size") ?? 10);
      const page = Number(q.get("page") ?? 1);
      const slice = rows.slice((page - 1) * size, page * size);
      return ok({
        list: slice.map((r) => ({
          dimensions: { campaign_id: r.campaignId, stat_time_day: `${r.day} 00:00:00` },
          metrics: {
            campaign_name: r.campaignName,
            spend: (Number(r.micros) / 1_000_000).toFixed(2),
            clicks: String(r.clicks),
            impressions: String(r.impressions),
            conversion: String(r.conversions),
            total_complete_payment_rate: r.value.toFixed(2),
          },
        })),
        page_info: {
          page,
          page_size: size,
          total_number: rows.length,
          total_page: Math.max(1, Math.ceil(rows.length / size)),
        },
      });
    }
    return fail(40001, "Unknown endpoint.");
  }

  get transport(): Transport {
    return (url, init) => this.handle(url, init);
  }
}

/** The demo's platforms: the demo store's campaigns, the rates from the recorded ECB sample. */
const demoPlatforms = new LocalAdPlatforms({ campaignsPerAccount: 0, demo: true });

/** The demo's account on each platform (one, in USD). */
export const DEMO_ACCOUNTS = DEFAULT_ACCOUNTS;

/** The demo's transport: answers at REPLAY_BASE; anything else is refused, never fetched. */
export const replayTransport: Transport = async (url, init) => {
  if (!url.startsWith(REPLAY_BASE)) throw new Error("The demo reaches no server outside the replay.");
  return demoPlatforms.handle(url, init);
};
