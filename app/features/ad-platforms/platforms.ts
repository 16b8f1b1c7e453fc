// The three ad platforms, their channel in AdSpendDay and the words the screens use.
// Browser-safe: the Integrations tab and the P&L read these.
export const AD_PLATFORMS = ["google_ads", "meta_ads", "tiktok_ads"] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];

export const isAdPlatform = (value: unknown): value is AdPlatform =>
  typeof value === "string" && (AD_PLATFORMS as readonly string[]).includes(value);

export const PLATFORM_NAMES: Record<AdPlatform, string> = {
  google_ads: "Google Ads",
  meta_ads: "Meta Ads",
  tiktok_ads: "TikTok Ads",
};

/** The variables each platform's OAuth client needs, named in the row when missing. */
export const PLATFORM_ENV: Record<AdPlatform, readonly string[]> = {
  google_ads: ["GOOGLE_ADS_CLIENT_ID", "GOOGLE_ADS_CLIENT_SECRET", "GOOGLE_ADS_DEVELOPER_TOKEN"],
  meta_ads: ["META_APP_ID", "META_APP_SECRET"],
  tiktok_ads: ["TIKTOK_APP_ID", "TIKTOK_APP_SECRET"],
};

/** A connection's state as stored: see AdConnection.status. */
export type ConnectionStatus = "connected" | "failed" | "revoked";
