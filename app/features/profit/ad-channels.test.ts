import { describe, expect, it } from "vitest";
import { adChannelOf, channelLabel } from "~/features/profit/ad-channels";

describe("one vocabulary of ad channels (decision 093)", () => {
  it.each([
    // The spend side: the platform sync's channels, CSV and manual names.
    ["google_ads", "google"],
    ["Google Ads", "google"],
    ["googleads", "google"],
    ["adwords", "google"],
    ["meta_ads", "meta"],
    ["Facebook", "meta"],
    ["facebook_ads", "meta"],
    ["instagram", "meta"],
    ["tiktok_ads", "tiktok"],
    ["TikTok", "tiktok"],
    ["bing", "microsoft"],
    ["Microsoft Ads", "microsoft"],
    // The order side: referrer hosts and utm_source values.
    ["l.facebook.com", "meta"],
    ["www.instagram.com", "meta"],
    ["m.youtube.com", "google"],
    ["fb", "meta"],
    ["ig", "meta"],
  ])("%s → %s", (name, key) => {
    expect(adChannelOf(name)).toBe(key);
  });

  it("knows no channel for names that are not ad platforms", () => {
    for (const name of ["newsletter_sponsor", "partner-blog", "", "unknown", "facebookish", "ads", "email"])
      expect(adChannelOf(name)).toBeNull();
    expect(adChannelOf(null)).toBeNull();
  });

  it("labels channels the same way on every screen", () => {
    expect(channelLabel("google_ads")).toBe("Google Ads");
    expect(channelLabel("facebook")).toBe("Meta Ads");
    expect(channelLabel("tiktok_ads")).toBe("TikTok Ads");
    expect(channelLabel("newsletter_sponsor")).toBe("Newsletter sponsor");
  });
});
