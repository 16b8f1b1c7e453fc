// Meta (Facebook) Marketing API: the manual login flow (dialog/oauth → oauth/access_token), the
// short-lived token exchanged at once for a long-lived one (grant_type=fb_exchange_token, about
// 60 days; "refresh" exchanges it again), DELETE /me/permissions to revoke, /me/adaccounts, and
// /act_{id}/insights at level=campaign with time_increment=1, paged by following paging.next.
import { z } from "zod";
import {
  decimalToMicros,
  expiresAtFrom,
  form,
  toInt,
  toNumber,
  type CampaignDayRow,
  type Configured,
  type PlatformAdapter,
  type TokenSet,
} from "~/features/ad-platforms/adapter.server";
import { PlatformError, call, type CallContext, type Classify } from "~/features/ad-platforms/http.server";

export const metaTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

const paging = z.object({
  cursors: z.object({ before: z.string(), after: z.string() }).partial().optional(),
  next: z.string().optional(),
});

export const metaAccountsSchema = z.object({
  data: z.array(
    z.object({ id: z.string(), account_id: z.string(), name: z.string().optional(), currency: z.string().length(3) }),
  ),
  paging: paging.optional(),
});

const actionList = z.array(z.object({ action_type: z.string(), value: z.union([z.string(), z.number()]) })).optional();

export const metaInsightsSchema = z.object({
  data: z.array(
    z.object({
      campaign_id: z.string(),
      campaign_name: z.string().optional(),
      spend: z.union([z.string(), z.number()]).optional(),
      clicks: z.union([z.string(), z.number()]).optional(),
      impressions: z.union([z.string(), z.number()]).optional(),
      actions: actionList,
      action_values: actionList,
      date_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      date_stop: z.string(),
    }),
  ),
  paging: paging.optional(),
});

/** Meta's rate-limit codes: 4 (app), 17 (user), 613 (calls per period), 80000–80014 (business use case). */
const RATE_CODES = new Set([4, 17, 32, 613]);

export const classifyMeta: Classify = (status, body) => {
  const e = ((body ?? {}) as { error?: { message?: string; code?: number; error_subcode?: number } }).error;
  if (status < 400 && !e) return null;
  const message = `Meta: ${e?.message ?? `HTTP ${status}`}`;
  const code = e?.code ?? 0;
  if (status === 429 || RATE_CODES.has(code) || (code >= 80000 && code <= 80014))
    return { kind: "rate_limited", message };
  if (code === 190 || status === 401) return { kind: "unauthorized", message };
  return { kind: "failed", message };
};

/** The purchase actions, in the order Meta's Ads Manager prefers them: the first present counts. */
const PURCHASE_TYPES = ["omni_purchase", "purchase", "offsite_conversion.fb_pixel_purchase"];
const purchases = (list: z.infer<typeof actionList>) => {
  for (const type of PURCHASE_TYPES) {
    const hit = list?.find((a) => a.action_type === type);
    if (hit) return toNumber(hit.value);
  }
  return 0;
};

async function longLived(ctx: CallContext, cfg: Configured, token: string, now: Date): Promise<TokenSet> {
  const url = `${cfg.endpoints.token}?${form({
    grant_type: "fb_exchange_token",
    client_id: cfg.client.id,
    client_secret: cfg.client.secret,
    fb_exchange_token: token,
  })}`;
  const t = await call(ctx, { url }, classifyMeta, metaTokenSchema);
  return { accessToken: t.access_token, refreshToken: null, expiresAt: expiresAtFrom(now, t.expires_in) };
}

async function pages<T>(
  ctx: CallContext,
  first: string,
  schema: z.ZodType<{ data: T[]; paging?: { next?: string } }>,
): Promise<T[]> {
  const out: T[] = [];
  let url: string | undefined = first;
  while (url) {
    const page: { data: T[]; paging?: { next?: string } } = await call(ctx, { url }, classifyMeta, schema);
    out.push(...page.data);
    url = page.paging?.next;
  }
  return out;
}

export const meta: PlatformAdapter = {
  classify: classifyMeta,
  codeParam: "code",
  authorizeUrl(cfg, { state, redirectUri }) {
    const url = new URL(cfg.endpoints.authorize);
    url.search = form({
      client_id: cfg.client.id,
      redirect_uri: redirectUri,
      state,
      scope: "ads_read",
      response_type: "code",
    });
    return url.toString();
  },
  async exchangeCode(ctx, cfg, code, redirectUri, now) {
    const url = `${cfg.endpoints.token}?${form({
      client_id: cfg.client.id,
      client_secret: cfg.client.secret,
      redirect_uri: redirectUri,
      code,
    })}`;
    const short = await call(ctx, { url }, classifyMeta, metaTokenSchema);
    return longLived(ctx, cfg, short.access_token, now);
  },
  async refresh(ctx, cfg, tokens, now) {
    try {
      return await longLived(ctx, cfg, tokens.accessToken, now);
    } catch (error) {
      // An expired or invalidated long-lived token cannot be exchanged: the merchant reconnects.
      if (error instanceof PlatformError && error.kind === "unauthorized")
        throw new PlatformError("revoked", error.message);
      throw error;
    }
  },
  async revoke(ctx, cfg, tokens) {
    if (!cfg.endpoints.revoke) return;
    await call(
      ctx,
      { url: `${cfg.endpoints.revoke}?${form({ access_token: tokens.accessToken })}`, method: "DELETE" },
      classifyMeta,
      z.object({ success: z.boolean() }),
    );
  },
  async listAccounts(ctx, cfg, accessToken) {
    const rows = await pages(
      ctx,
      `${cfg.endpoints.api}/me/adaccounts?${form({ fields: "account_id,name,currency", limit: "100", access_token: accessToken })}`,
      metaAccountsSchema,
    );
    return rows.map((a) => ({ accountId: a.account_id, name: a.name || a.id, currency: a.currency }));
  },
  async campaignDays(ctx, cfg, accessToken, account, range) {
    const params = form({
      level: "campaign",
      time_increment: "1",
      fields: "campaign_id,campaign_name,spend,clicks,impressions,actions,action_values",
      time_range: JSON.stringify({ since: range.from, until: range.to }),
      limit: "500",
      access_token: accessToken,
    });
    const rows = await pages(
      ctx,
      `${cfg.endpoints.api}/act_${account.accountId}/insights?${params}`,
      metaInsightsSchema,
    );
    return rows.map((r): CampaignDayRow => ({
      accountId: account.accountId,
      campaignId: r.campaign_id,
      campaignName: r.campaign_name ?? r.campaign_id,
      day: r.date_start,
      spendMicros: decimalToMicros(r.spend),
      clicks: toInt(r.clicks),
      impressions: toInt(r.impressions),
      conversions: purchases(r.actions),
      conversionValue: purchases(r.action_values),
    }));
  },
};
