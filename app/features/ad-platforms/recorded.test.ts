// The pages recorded in the platforms' documented shapes (recorded/*.json) pass the schemas the
// adapters read with, and the replay's answers are of the same shape.
import { describe, expect, it } from "vitest";
import googlePage from "~/features/ad-platforms/recorded/google-search-page.json";
import metaPage from "~/features/ad-platforms/recorded/meta-insights-page.json";
import tiktokPage from "~/features/ad-platforms/recorded/tiktok-report-page.json";
import { googleCampaignRow, googleSearchSchema } from "~/features/ad-platforms/google.server";
import { metaInsightsSchema } from "~/features/ad-platforms/meta.server";
import { tiktokReportSchema } from "~/features/ad-platforms/tiktok.server";
import { LocalAdPlatforms } from "~/features/ad-platforms/replay.server";
import { decimalToMicros, spans } from "~/features/ad-platforms/adapter.server";

describe("recorded pages", () => {
  it("validate against the schemas the sync reads with", () => {
    const g = googleSearchSchema(googleCampaignRow).parse(googlePage);
    expect(g.nextPageToken).toBe("CPjd2a8GEAAY");
    expect(g.results[1]!.metrics.costMicros).toBeUndefined(); // proto3 JSON omits zeros
    expect(metaInsightsSchema.parse(metaPage).paging?.next).toContain("after=");
    expect(tiktokReportSchema.parse(tiktokPage).data.page_info.total_page).toBe(1);
    expect(googleSearchSchema(googleCampaignRow).safeParse({ results: [{ segments: {} }] }).success).toBe(false);
  });

  it("the replay answers in the same shapes", async () => {
    const local = new LocalAdPlatforms({ campaignsPerAccount: 2 });
    const token = (p: string) => `replay.${p}.${Date.now() + 60_000}.1`;
    const g = await local.handle("http://x/google_ads/v21/customers/1234567890/googleAds:search", {
      method: "POST",
      headers: { authorization: `Bearer ${token("google_ads")}` },
      body: JSON.stringify({
        query: "SELECT … FROM campaign WHERE segments.date BETWEEN '2026-11-01' AND '2026-11-03'",
      }),
    });
    expect(googleSearchSchema(googleCampaignRow).safeParse(await g.json()).success).toBe(true);
    const m = await local.handle(
      `http://x/meta_ads/v21.0/act_100200300/insights?level=campaign&time_increment=1&time_range=${encodeURIComponent('{"since":"2026-11-01","until":"2026-11-03"}')}&access_token=${token("meta_ads")}`,
      { method: "GET", headers: {} },
    );
    expect(metaInsightsSchema.safeParse(await m.json()).success).toBe(true);
    const t = await local.handle(
      "http://x/tiktok_ads/open_api/v1.3/report/integrated/get/?advertiser_id=7000000001&data_level=AUCTION_CAMPAIGN&start_date=2026-11-01&end_date=2026-11-03",
      { method: "GET", headers: { "Access-Token": token("tiktok_ads") } },
    );
    expect(tiktokReportSchema.safeParse(await t.json()).success).toBe(true);
  });

  it("reads money exactly and splits TikTok's ranges into 30-day spans", () => {
    expect(decimalToMicros("5339.5")).toBe(5_339_500_000n);
    expect(decimalToMicros("0.000001")).toBe(1n);
    expect(decimalToMicros(undefined)).toBe(0n);
    expect(spans({ from: "2026-01-01", to: "2026-03-01" }, 30)).toEqual([
      { from: "2026-01-01", to: "2026-01-30" },
      { from: "2026-01-31", to: "2026-03-01" },
    ]);
  });
});
