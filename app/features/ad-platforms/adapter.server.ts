// What the sync and the connection code need from each platform, and the pure helpers the
// three adapters share. Each adapter (google.server.ts, meta.server.ts, tiktok.server.ts)
// validates every answer with the zod schemas beside it.
import type { DayRange } from "~/lib/dates";
import type { CallContext, Classify } from "~/features/ad-platforms/http.server";
import type { PlatformConfig } from "~/features/ad-platforms/config.server";

export type TokenSet = { accessToken: string; refreshToken: string | null; expiresAt: Date | null };
export type AccountInfo = { accountId: string; name: string; currency: string };
export type CampaignDayRow = {
  accountId: string;
  campaignId: string;
  campaignName: string;
  day: string;
  spendMicros: bigint;
  clicks: number;
  impressions: number;
  conversions: number;
  conversionValue: number;
};

export type Configured = PlatformConfig & { client: NonNullable<PlatformConfig["client"]> };

export interface PlatformAdapter {
  classify: Classify;
  authorizeUrl(cfg: Configured, p: { state: string; redirectUri: string }): string;
  /** The code parameter's name on the callback (TikTok sends auth_code). */
  codeParam: string;
  exchangeCode(ctx: CallContext, cfg: Configured, code: string, redirectUri: string, now: Date): Promise<TokenSet>;
  /** New tokens from the stored ones; throws PlatformError("revoked") when the platform refuses. */
  refresh(ctx: CallContext, cfg: Configured, tokens: TokenSet, now: Date): Promise<TokenSet>;
  /** Revokes at the platform; a platform without revocation does nothing. */
  revoke(ctx: CallContext, cfg: Configured, tokens: TokenSet): Promise<void>;
  listAccounts(ctx: CallContext, cfg: Configured, accessToken: string): Promise<AccountInfo[]>;
  campaignDays(
    ctx: CallContext,
    cfg: Configured,
    accessToken: string,
    account: AccountInfo,
    range: DayRange,
  ): Promise<CampaignDayRow[]>;
}

/** "12.34" → 12_340_000n exactly (a decimal string as the platforms send money), no float rounding. */
export function decimalToMicros(value: string | number | undefined | null): bigint {
  if (value === undefined || value === null || value === "") return 0n;
  const text = typeof value === "number" ? value.toFixed(6) : value.trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return 0n;
  const whole = BigInt(m[2] || "0");
  const frac = BigInt(((m[3] ?? "") + "000000").slice(0, 6));
  const micros = whole * 1_000_000n + frac;
  return m[1] ? -micros : micros;
}

export const toInt = (v: string | number | undefined | null) => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? Math.round(n) : 0;
};
export const toNumber = (v: string | number | undefined | null) => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

export const expiresAtFrom = (now: Date, seconds: number | string | undefined | null) =>
  seconds === undefined || seconds === null || Number(seconds) <= 0
    ? null
    : new Date(now.getTime() + Number(seconds) * 1000);

/** Splits a range into spans of at most `days` days (TikTok's daily report takes 30 at a time). */
export function spans(range: DayRange, days: number): DayRange[] {
  const out: DayRange[] = [];
  let from = range.from;
  while (from <= range.to) {
    const end = new Date(`${from}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + days - 1);
    const to = end.toISOString().slice(0, 10) < range.to ? end.toISOString().slice(0, 10) : range.to;
    out.push({ from, to });
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    from = next.toISOString().slice(0, 10);
  }
  return out;
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM_HEADERS = { "content-type": "application/x-www-form-urlencoded" };
export const JSON_HEADERS = { "content-type": "application/json" };
