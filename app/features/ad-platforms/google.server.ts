// Google Ads: OAuth 2.0 for web server apps (accounts.google.com, oauth2.googleapis.com/token and
// /revoke), customers:listAccessibleCustomers, and GoogleAdsService.Search with GAQL over
// `campaign` segmented by date, paged with nextPageToken (SearchGoogleAdsResponse: results[],
// nextPageToken absent on the last page). JSON follows proto3: int64 as strings, zero fields omitted.
import { z } from "zod";
import {
  FORM_HEADERS,
  JSON_HEADERS,
  expiresAtFrom,
  form,
  toInt,
  toNumber,
  type CampaignDayRow,
  type Configured,
  type PlatformAdapter,
} from "~/features/ad-platforms/adapter.server";
import { PlatformError, call, type CallContext, type Classify } from "~/features/ad-platforms/http.server";

const int64 = z.union([z.string(), z.number()]);

export const googleTokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  token_type: z.string(),
});

export const googleAccessibleSchema = z.object({ resourceNames: z.array(z.string()).default([]) });

const customerRow = z.object({
  customer: z.object({
    resourceName: z.string(),
    id: int64,
    descriptiveName: z.string().optional(),
    currencyCode: z.string().length(3),
  }),
});

export const googleCampaignRow = z.object({
  campaign: z.object({ resourceName: z.string(), id: int64, name: z.string().optional() }),
  segments: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  metrics: z
    .object({
      costMicros: int64.optional(),
      clicks: int64.optional(),
      impressions: int64.optional(),
      conversions: z.number().optional(),
      conversionsValue: z.number().optional(),
    })
    .default({}),
});

export const googleSearchSchema = <R extends z.ZodTypeAny>(row: R) =>
  z.object({
    results: z.array(row).default([]),
    nextPageToken: z.string().optional(),
    fieldMask: z.string().optional(),
  });

/** Google's error answers: {error:{code,message,status}} from the API, {error,error_description} from OAuth. */
export const classifyGoogle: Classify = (status, body) => {
  if (status < 400) return null;
  const b = (body ?? {}) as { error?: unknown; error_description?: string };
  if (typeof b.error === "string") {
    const message = `Google: ${b.error_description ?? b.error}`;
    return { kind: b.error === "invalid_grant" ? "revoked" : "failed", message };
  }
  const e = (b.error ?? {}) as { message?: string; status?: string };
  const message = `Google Ads: ${e.message ?? `HTTP ${status}`}`;
  if (status === 429 || e.status === "RESOURCE_EXHAUSTED") return { kind: "rate_limited", message };
  if (status === 401 || e.status === "UNAUTHENTICATED") return { kind: "unauthorized", message };
  return { kind: "failed", message };
};

const apiHeaders = (cfg: Configured, accessToken: string) => ({
  ...JSON_HEADERS,
  authorization: `Bearer ${accessToken}`,
  "developer-token": cfg.client.developerToken ?? "",
});

async function search<R extends z.ZodTypeAny>(
  ctx: CallContext,
  cfg: Configured,
  accessToken: string,
  customerId: string,
  query: string,
  row: R,
): Promise<z.infer<R>[]> {
  const out: z.infer<R>[] = [];
  let pageToken: string | undefined;
  do {
    const page = await call(
      ctx,
      {
        url: `${cfg.endpoints.api}/customers/${customerId}/googleAds:search`,
        method: "POST",
        headers: apiHeaders(cfg, accessToken),
        body: JSON.stringify(pageToken ? { query, pageToken } : { query }),
      },
      classifyGoogle,
      googleSearchSchema(row),
    );
    out.push(...(page.results as z.infer<R>[]));
    pageToken = page.nextPageToken || undefined;
  } while (pageToken);
  return out;
}

export const campaignQuery = (from: string, to: string) =>
  "SELECT campaign.id, campaign.name, segments.date, metrics.cost_micros, metrics.clicks, " +
  "metrics.impressions, metrics.conversions, metrics.conversions_value FROM campaign " +
  `WHERE segments.date BETWEEN '${from}' AND '${to}'`;

export const google: PlatformAdapter = {
  classify: classifyGoogle,
  codeParam: "code",
  authorizeUrl(cfg, { state, redirectUri }) {
    const url = new URL(cfg.endpoints.authorize);
    url.search = form({
      client_id: cfg.client.id,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "https://www.googleapis.com/auth/adwords",
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state,
    });
    return url.toString();
  },
  async exchangeCode(ctx, cfg, code, redirectUri, now) {
    const t = await call(
      ctx,
      {
        url: cfg.endpoints.token,
        method: "POST",
        headers: FORM_HEADERS,
        body: form({
          grant_type: "authorization_code",
          code,
          client_id: cfg.client.id,
          client_secret: cfg.client.secret,
          redirect_uri: redirectUri,
        }),
      },
      classifyGoogle,
      googleTokenSchema,
    );
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      expiresAt: expiresAtFrom(now, t.expires_in),
    };
  },
  async refresh(ctx, cfg, tokens, now) {
    if (!tokens.refreshToken) throw new PlatformError("revoked", "Google: no refresh token; reconnect.");
    const t = await call(
      ctx,
      {
        url: cfg.endpoints.token,
        method: "POST",
        headers: FORM_HEADERS,
        body: form({
          grant_type: "refresh_token",
          refresh_token: tokens.refreshToken,
          client_id: cfg.client.id,
          client_secret: cfg.client.secret,
        }),
      },
      classifyGoogle,
      googleTokenSchema,
    );
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? tokens.refreshToken,
      expiresAt: expiresAtFrom(now, t.expires_in),
    };
  },
  async revoke(ctx, cfg, tokens) {
    if (!cfg.endpoints.revoke) return;
    await call(
      ctx,
      {
        url: cfg.endpoints.revoke,
        method: "POST",
        headers: FORM_HEADERS,
        body: form({ token: tokens.refreshToken ?? tokens.accessToken }),
      },
      classifyGoogle,
      z.unknown(),
    );
  },
  async listAccounts(ctx, cfg, accessToken) {
    const { resourceNames } = await call(
      ctx,
      { url: `${cfg.endpoints.api}/customers:listAccessibleCustomers`, headers: apiHeaders(cfg, accessToken) },
      classifyGoogle,
      googleAccessibleSchema,
    );
    const accounts = [];
    for (const name of resourceNames) {
      const id = name.replace(/^customers\//, "");
      const [row] = await search(
        ctx,
        cfg,
        accessToken,
        id,
        "SELECT customer.id, customer.descriptive_name, customer.currency_code FROM customer",
        customerRow,
      );
      if (row)
        accounts.push({ accountId: id, name: row.customer.descriptiveName || id, currency: row.customer.currencyCode });
    }
    return accounts;
  },
  async campaignDays(ctx, cfg, accessToken, account, range) {
    const rows = await search(
      ctx,
      cfg,
      accessToken,
      account.accountId,
      campaignQuery(range.from, range.to),
      googleCampaignRow,
    );
    return rows.map((r): CampaignDayRow => ({
      accountId: account.accountId,
      campaignId: String(r.campaign.id),
      campaignName: r.campaign.name ?? String(r.campaign.id),
      day: r.segments.date,
      spendMicros: BigInt(r.metrics.costMicros ?? 0),
      clicks: toInt(r.metrics.clicks),
      impressions: toInt(r.metrics.impressions),
      conversions: toNumber(r.metrics.conversions),
      conversionValue: toNumber(r.metrics.conversionsValue),
    }));
  },
};
