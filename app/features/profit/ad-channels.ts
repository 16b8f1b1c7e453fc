// One vocabulary of ad channels (docs/decisions/093-marketing-figures.md): the spend side names
// a channel as it was stored (AdSpendDay.channel: "google_ads" from the platform sync, "Facebook"
// or "meta" from a CSV or a manual entry), the order side as the visit told it (a click id, a
// utm_source, Shopify's source name). Both are mapped here to one key, so an order brought by a
// Facebook ad and the Meta Ads spend meet in the same row. Pure; the P&L and attribution use it.

export const AD_CHANNEL_KEYS = ["google", "meta", "tiktok", "microsoft", "pinterest", "snapchat"] as const;
export type AdChannelKey = (typeof AD_CHANNEL_KEYS)[number];

export const AD_CHANNEL_NAMES: Record<AdChannelKey, string> = {
  google: "Google Ads",
  meta: "Meta Ads",
  tiktok: "TikTok Ads",
  microsoft: "Microsoft Ads",
  pinterest: "Pinterest Ads",
  snapchat: "Snapchat Ads",
};

/** Whether the channel's ads are shown beside search results (else in a social feed). */
export const SEARCH_CHANNELS: ReadonlySet<AdChannelKey> = new Set(["google", "microsoft"]);

/** Names (a platform, a utm_source, a referrer's label) that mean each channel. */
const ALIASES: Record<AdChannelKey, string[]> = {
  google: ["google", "adwords", "googleads", "youtube", "gmail"],
  meta: ["meta", "facebook", "fb", "instagram", "ig", "messenger", "audience_network", "an"],
  tiktok: ["tiktok", "tt"],
  microsoft: ["microsoft", "bing", "msn"],
  pinterest: ["pinterest"],
  snapchat: ["snapchat", "snap"],
};

/** The click ids ad platforms add to the landing page, and whose ad each one marks. */
export const CLICK_IDS: Record<string, AdChannelKey> = {
  gclid: "google",
  gbraid: "google",
  wbraid: "google",
  dclid: "google",
  fbclid: "meta",
  ttclid: "tiktok",
  msclkid: "microsoft",
  epik: "pinterest",
  sccid: "snapchat",
};

const clean = (v: string) =>
  v
    .trim()
    .toLowerCase()
    .replace(/^[a-z-]+:\/\//, "")
    .replace(/^www\./, "");

/**
 * The channel a name means, or null: "google_ads", "Google Ads", "googleads", "google" → google;
 * "facebook", "Instagram", "meta_ads", "l.facebook.com" → meta. A name we do not know is no
 * channel (its spend stays its own line; its orders are paid without a channel).
 */
export function adChannelOf(name: string | null | undefined): AdChannelKey | null {
  if (!name) return null;
  const s = clean(name);
  const whole = s.replace(/[\s_-]*ads?$/, "").replace(/[\s-]+/g, "_");
  for (const key of AD_CHANNEL_KEYS) if (ALIASES[key].includes(whole)) return key;
  // A host such as "l.facebook.com" or "m.youtube.com": any of its labels.
  const labels = s.split(/[/?#:]/)[0].split(".");
  if (labels.length > 1)
    for (const key of AD_CHANNEL_KEYS) if (labels.some((l) => ALIASES[key].includes(l) && l.length > 2)) return key;
  return null;
}

/** "google_ads" → "Google Ads"; an unknown channel keeps its name, capitalised, underscores as spaces. */
export function channelLabel(channel: string): string {
  const key = adChannelOf(channel);
  if (key) return AD_CHANNEL_NAMES[key];
  const spaced = channel.replace(/_/g, " ");
  return spaced ? spaced[0].toUpperCase() + spaced.slice(1) : spaced;
}
