// TikTok API for Business (v1.3): the advertiser authorization page (portal/auth, returning
// auth_code), oauth2/access_token/ and oauth2/revoke_token/ (app_id + secret in a JSON body),
// oauth2/refresh_token/ when the token answer carried a refresh token, oauth2/advertiser/get/
// with advertiser/info/ for names and currencies, and report/integrated/get/ (BASIC,
// AUCTION_CAMPAIGN, dimensions campaign_id + stat_time_day, at most 30 days per request),
// paged with page/page_size until page_info.total_page. Every answer is HTTP 200 with
// {code, message, request_id, data}: code 0 is success.
import { z } from "zod";
import {
  JSON_HEADERS,
  decimalToMicros,
  expiresAtFrom,
  form,
  spans,
  toInt,
  toNumber,
  type CampaignDayRow,
  type Configured,
  type PlatformAdapter,
  type TokenSet,
} from "~/features/ad-platforms/adapter.server";
import { PlatformError, call, type CallContext, type Classify } from "~/features/ad-platforms/http.server";

const envelope = <D extends z.ZodTypeAny>(data: D) =>
  z.object({ code: z.literal(0), message: z.string(), request_id: z.string().optional(), data });

export const tiktokTokenSchema = envelope(
  z.object({
    access_token: z.string().min(1),
    advertiser_ids: z.array(z.union([z.string(), z.number()])).optional(),
    scope: z.array(z.union([z.string(), z.number()])).optional(),
    refresh_token: z.string().optional(),
    access_token_expire_in: z.number().optional(),
    refresh_token_expire_in: z.number().optional(),
  }),
);

export const tiktokAdvertisersSchema = envelope(
  z.object({
    list: z.array(
      z.object({ advertiser_id: z.union([z.string(), z.number()]), advertiser_name: z.string().optional() }),
    ),
  }),
);

export const tiktokInfoSchema = envelope(
  z.object({
    list: z.array(
      z.object({
        advertiser_id: z.union([z.string(), z.number()]),
        name: z.string().optional(),
        currency: z.string().length(3),
      }),
    ),
  }),
);

const metric = z.union([z.string(), z.number()]).optional();
export const tiktokReportSchema = envelope(
  z.object({
    list: z.array(
      z.object({
        dimensions: z.object({ campaign_id: z.union([z.string(), z.number()]), stat_time_day: z.string() }),
        metrics: z.object({
          campaign_name: z.string().optional(),
          spend: metric,
          clicks: metric,
          impressions: metric,
          conversion: metric,
          total_complete_payment_rate: metric,
        }),
      }),
    ),
    page_info: z.object({ page: z.number(), page_size: z.number(), total_number: z.number(), total_page: z.number() }),
  }),
);

/** 40100: requests too frequent; 40102/40104/40105: the access token expired or is invalid. */
export const classifyTiktok: Classify = (status, body) => {
  const b = (body ?? {}) as { code?: number; message?: string };
  if (status < 400 && b.code === 0) return null;
  const message = `TikTok: ${b.message ?? `HTTP ${status}`}`;
  if (status === 429 || b.code === 40100) return { kind: "rate_limited", message };
  if (status === 401 || b.code === 40102 || b.code === 40104 || b.code === 40105)
    return { kind: "unauthorized", message };
  return { kind: "failed", message };
};

const tokenSet = (d: z.infer<typeof tiktokTokenSchema>["data"], now: Date, previous?: TokenSet): TokenSet => ({
  accessToken: d.access_token,
  refreshToken: d.refresh_token ?? previous?.refreshToken ?? null,
  expiresAt: expiresAtFrom(now, d.access_token_expire_in),
});

const post = (url: string, body: unknown) => ({
  url,
  method: "POST",
  headers: JSON_HEADERS,
  body: JSON.stringify(body),
});
const apiUrl = (cfg: Configured, path: string, params: Record<string, string>) =>
  `${cfg.endpoints.api}/${path}?${form(params)}`;
const authed = (accessToken: string) => ({ "access-token": accessToken });

const REPORT_METRICS = ["campaign_name", "spend", "clicks", "impressions", "conversion", "total_complete_payment_rate"];
const PAGE_SIZE = 1000;

async function report(
  ctx: CallContext,
  cfg: Configured,
  accessToken: string,
  advertiserId: string,
  from: string,
  to: string,
) {
  const rows = [];
  for (let page = 1; ; page++) {
    const url = apiUrl(cfg, "report/integrated/get/", {
      advertiser_id: advertiserId,
      report_type: "BASIC",
      data_level: "AUCTION_CAMPAIGN",
      dimensions: JSON.stringify(["campaign_id", "stat_time_day"]),
      metrics: JSON.stringify(REPORT_METRICS),
      start_date: from,
      end_date: to,
      page: String(page),
      page_size: String(PAGE_SIZE),
    });
    const { data } = await call(ctx, { url, headers: authed(accessToken) }, classifyTiktok, tiktokReportSchema);
    rows.push(...data.list);
    if (page >= data.page_info.total_page) return rows;
  }
}

export const tiktok: PlatformAdapter = {
  classify: classifyTiktok,
  codeParam: "auth_code",
  authorizeUrl(cfg, { state, redirectUri }) {
    const url = new URL(cfg.endpoints.authorize);
    url.search = form({ app_id: cfg.client.id, state, redirect_uri: redirectUri });
    return url.toString();
  },
  async exchangeCode(ctx, cfg, code, _redirectUri, now) {
    const { data } = await call(
      ctx,
      post(cfg.endpoints.token, { app_id: cfg.client.id, secret: cfg.client.secret, auth_code: code }),
      classifyTiktok,
      tiktokTokenSchema,
    );
    return tokenSet(data, now);
  },
  async refresh(ctx, cfg, tokens, now) {
    if (!tokens.refreshToken)
      throw new PlatformError("revoked", "TikTok: the access token is no longer valid; reconnect.");
    try {
      const { data } = await call(
        ctx,
        post(`${cfg.endpoints.api}/oauth2/refresh_token/`, {
          app_id: cfg.client.id,
          secret: cfg.client.secret,
          refresh_token: tokens.refreshToken,
          grant_type: "refresh_token",
        }),
        classifyTiktok,
        tiktokTokenSchema,
      );
      return tokenSet(data, now, tokens);
    } catch (error) {
      if (error instanceof PlatformError && error.kind !== "rate_limited")
        throw new PlatformError("revoked", error.message);
      throw error;
    }
  },
  async revoke(ctx, cfg, tokens) {
    if (!cfg.endpoints.revoke) return;
    await call(
      ctx,
      post(cfg.endpoints.revoke, {
        app_id: cfg.client.id,
        secret: cfg.client.secret,
        access_token: tokens.accessToken,
      }),
      classifyTiktok,
      envelope(z.unknown()),
    );
  },
  async listAccounts(ctx, cfg, accessToken) {
    const { data } = await call(
      ctx,
      {
        url: apiUrl(cfg, "oauth2/advertiser/get/", { app_id: cfg.client.id, secret: cfg.client.secret }),
        headers: authed(accessToken),
      },
      classifyTiktok,
      tiktokAdvertisersSchema,
    );
    if (data.list.length === 0) return [];
    const ids = data.list.map((a) => String(a.advertiser_id));
    const info = await call(
      ctx,
      {
        url: apiUrl(cfg, "advertiser/info/", {
          advertiser_ids: JSON.stringify(ids),
          fields: JSON.stringify(["advertiser_id", "name", "currency"]),
        }),
        headers: authed(accessToken),
      },
      classifyTiktok,
      tiktokInfoSchema,
    );
    return info.data.list.map((a) => ({
      accountId: String(a.advertiser_id),
      name: a.name || String(a.advertiser_id),
      currency: a.currency,
    }));
  },
  async campaignDays(ctx, cfg, accessToken, account, range) {
    const out: CampaignDayRow[] = [];
    for (const span of spans(range, 30)) {
      for (const r of await report(ctx, cfg, accessToken, account.accountId, span.from, span.to)) {
        out.push({
          accountId: account.accountId,
          campaignId: String(r.dimensions.campaign_id),
          campaignName: r.metrics.campaign_name ?? String(r.dimensions.campaign_id),
          day: r.dimensions.stat_time_day.slice(0, 10),
          spendMicros: decimalToMicros(r.metrics.spend),
          clicks: toInt(r.metrics.clicks),
          impressions: toInt(r.metrics.impressions),
          conversions: toNumber(r.metrics.conversion),
          conversionValue: toNumber(r.metrics.total_complete_payment_rate),
        });
      }
    }
    return out;
  },
};
