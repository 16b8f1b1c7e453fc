// A local stand-in for the three platforms, answering their documented endpoints (the paths,
// parameters, paging and error answers that google/meta/tiktok.server.ts rely on) from a
// deterministic set of campaigns. The demo store's connections use it as their transport
// (replayTransport), so its spend arrives through the same OAuth, paging, conversion and
// storage code as a real store's; the tests serve it over HTTP and the benchmark reads from it.
// Tokens are stateless ("replay.<platform>.<expiry ms>.<n>") so a restarted demo still syncs.
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

  private cached: { key: string; rows: ReturnType<LocalAdPlatforms["generate"]> } | null = null;

  /** A report's rows, kept for the pages that follow the first (each page asks for the same range). */
  private campaignRows(platform: AdPlatform, accountId: string, from: string, to: string) {
    const key = `${platform}|${accountId}|${from}|${to}|${[...this.faults.restate].join()}`;
    if (this.cached?.key !== key) this.cached = { key, rows: this.generate(platform, accountId, from, to) };
    return this.cached.rows;
  }

  private generate(platform: AdPlatform, accountId: string, from: string, to: string) {
    const rows = [];
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

  private issue(platform: AdPlatform) {
    const exp = this.clock().getTime() + this.options.accessTtlSeconds * 1000;
    return {
      access: `replay.${platform}.${exp}.${++this.counter}`,
      refresh: `replay-refresh.${platform}.${this.counter}`,
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
          ...this.tokenAnswer("google_ads"),
          scope: "https://www.googleapis.com/auth/adwords",
          token_type: "Bearer",
        });
      if (
        f.get("grant_type") === "refresh_token" &&
        !this.faults.revoked.has("google_ads") &&
        f.get("refresh_token")?.startsWith("replay-refresh.")
      )
        return json({
          access_token: this.issue("google_ads").access,
          expires_in: this.options.accessTtlSeconds,
          token_type: "Bearer",
        });
      return json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400);
    }
    if (path === "/revoke") return json({});
    const limited = this.rateLimit("google_ads");
    if (limited) return limited;
    if (!this.tokenOk("google_ads", headers.authorization?.replace(/^Bearer /, "") ?? null))
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
    const rows = this.campaignRows("google_ads", account.accountId, range[1]!, range[2]!);
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

  private tokenAnswer(platform: AdPlatform) {
    const t = this.issue(platform);
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
          access_token: this.issue("meta_ads").access,
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
    const rows = this.campaignRows("meta_ads", account.accountId, range.since, range.until);
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
      const t = this.issue("tiktok_ads");
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
      const t = this.issue("tiktok_ads");
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
      const rows = this.campaignRows("tiktok_ads", account.accountId, from, to);
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

/** The demo's platforms: 12 campaigns per account, the rates from the recorded ECB sample. */
const demoPlatforms = new LocalAdPlatforms({ campaignsPerAccount: 12, dailySpend: 120 });

/** The demo's transport: answers at REPLAY_BASE; anything else is refused, never fetched. */
export const replayTransport: Transport = async (url, init) => {
  if (!url.startsWith(REPLAY_BASE)) throw new Error("The demo reaches no server outside the replay.");
  return demoPlatforms.handle(url, init);
};
