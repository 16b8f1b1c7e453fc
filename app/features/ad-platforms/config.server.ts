// The ad platforms' configuration, read from the environment when the feature is used (not at
// boot: a missing AD_TOKENS_KEY stops this feature with a message, never the app).
//   AD_TOKENS_KEY               32 bytes, base64: encrypts tokens at rest (AES-256-GCM)
//   GOOGLE_ADS_CLIENT_ID/SECRET, GOOGLE_ADS_DEVELOPER_TOKEN, META_APP_ID/SECRET, TIKTOK_APP_ID/SECRET
//   AD_PLATFORMS_BASE_URL       points every platform's endpoints at one server (tests, a proxy)
//   AD_FX_RATES_URL             the ECB reference-rate XML (eurofxref-hist.xml by default)
import { createHash } from "node:crypto";
import { AD_PLATFORMS, PLATFORM_ENV, type AdPlatform } from "~/features/ad-platforms/platforms";

export type Endpoints = { authorize: string; token: string; revoke: string | null; api: string };
export type Client = { id: string; secret: string; developerToken?: string };
export type PlatformConfig = { endpoints: Endpoints; client: Client | null; missing: string[] };

export type AdConfig = {
  /** The token key, or the sentence saying why the feature is off. */
  key: Buffer | { error: string };
  platforms: Record<AdPlatform, PlatformConfig>;
  fxRatesUrl: string;
  /** Where the platforms send the merchant back (the app's public origin). */
  appUrl: string;
  /** The demo store connects replayed accounts instead of calling the platforms. */
  demo: boolean;
};

/** The documented production endpoints (docs/decisions/087-ad-platforms.md records the shapes). */
export const REAL_ENDPOINTS: Record<AdPlatform, Endpoints> = {
  google_ads: {
    authorize: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    revoke: "https://oauth2.googleapis.com/revoke",
    api: "https://googleads.googleapis.com/v21",
  },
  meta_ads: {
    authorize: "https://www.facebook.com/v21.0/dialog/oauth",
    token: "https://graph.facebook.com/v21.0/oauth/access_token",
    revoke: "https://graph.facebook.com/v21.0/me/permissions",
    api: "https://graph.facebook.com/v21.0",
  },
  tiktok_ads: {
    authorize: "https://business-api.tiktok.com/portal/auth",
    token: "https://business-api.tiktok.com/open_api/v1.3/oauth2/access_token/",
    revoke: "https://business-api.tiktok.com/open_api/v1.3/oauth2/revoke_token/",
    api: "https://business-api.tiktok.com/open_api/v1.3",
  },
};

export const ECB_HIST_URL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.xml";

/** Every endpoint of a platform moved onto one base, keeping its path: `${base}/${platform}${path}`. */
export function endpointsAt(base: string, platform: AdPlatform): Endpoints {
  const move = (url: string) => {
    const u = new URL(url);
    return `${base.replace(/\/+$/, "")}/${platform}${u.pathname}`;
  };
  const real = REAL_ENDPOINTS[platform];
  return {
    authorize: move(real.authorize),
    token: move(real.token),
    revoke: real.revoke && move(real.revoke),
    api: move(real.api),
  };
}

// A fixed key, derived from a public phrase, for the demo and tests only: never a secret.
const DEV_KEY = createHash("sha256").update("profit-pilot dev ad tokens key").digest();

function parseKey(source: Record<string, string | undefined>): AdConfig["key"] {
  const raw = source.AD_TOKENS_KEY?.trim();
  if (raw) {
    const key = Buffer.from(raw, "base64");
    return key.length === 32
      ? key
      : { error: "AD_TOKENS_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)." };
  }
  if (source.DEMO_MODE === "1" || source.NODE_ENV === "test") return DEV_KEY;
  return { error: "Ad platforms are off: set AD_TOKENS_KEY (32 bytes, base64) to store their tokens encrypted." };
}

const CLIENT_VARS: Record<AdPlatform, { id: string; secret: string; developerToken?: string }> = {
  google_ads: {
    id: "GOOGLE_ADS_CLIENT_ID",
    secret: "GOOGLE_ADS_CLIENT_SECRET",
    developerToken: "GOOGLE_ADS_DEVELOPER_TOKEN",
  },
  meta_ads: { id: "META_APP_ID", secret: "META_APP_SECRET" },
  tiktok_ads: { id: "TIKTOK_APP_ID", secret: "TIKTOK_APP_SECRET" },
};

/** The demo's platforms: served in-process by the replay transport (replay.server.ts). */
export const REPLAY_BASE = "http://ad-platforms.replay";

export function adConfig(source: Record<string, string | undefined> = process.env): AdConfig {
  const demo = source.DEMO_MODE === "1" && !source.SHOPIFY_API_KEY;
  const appUrl = (
    source.SHOPIFY_APP_URL ??
    source.PUBLIC_SITE_URL ??
    `http://localhost:${source.PORT ?? 3000}`
  ).replace(/\/+$/, "");
  const base = source.AD_PLATFORMS_BASE_URL?.trim() || (demo ? REPLAY_BASE : undefined);
  const platforms = Object.fromEntries(
    AD_PLATFORMS.map((p) => {
      const missing = PLATFORM_ENV[p].filter((name) => !source[name]?.trim());
      const vars = CLIENT_VARS[p];
      const client: Client | null = missing.length
        ? demo
          ? { id: `demo-${p}`, secret: "demo", developerToken: "demo" }
          : null
        : {
            id: source[vars.id]!.trim(),
            secret: source[vars.secret]!.trim(),
            developerToken: vars.developerToken && source[vars.developerToken]!.trim(),
          };
      const endpoints = base ? endpointsAt(base, p) : REAL_ENDPOINTS[p];
      // The demo's consent screen is the app's own page, which approves at once.
      if (demo) endpoints.authorize = `${appUrl}/ad-platforms/${p}/demo-consent`;
      return [p, { endpoints, client, missing: client ? [] : missing }];
    }),
  ) as Record<AdPlatform, PlatformConfig>;
  return {
    key: parseKey(source),
    platforms,
    fxRatesUrl: source.AD_FX_RATES_URL?.trim() || (base ? `${base}/ecb/eurofxref-hist.xml` : ECB_HIST_URL),
    appUrl,
    demo,
  };
}
