import { describe, expect, it } from "vitest";
import { dayOf, funnelQuery, funnelRows, rowsOf, sourceOf, trafficQuery, trafficRows } from "./shopifyql";

describe("ShopifyQL answers", () => {
  it("reads rows sent as objects or as arrays by column", () => {
    const columns = [{ name: "day" }, { name: "referrer_source" }, { name: "sessions" }];
    expect(rowsOf({ columns, rows: [["2026-11-01", "Direct", "3"]] })).toEqual([
      { day: "2026-11-01", referrer_source: "Direct", sessions: "3" },
    ]);
    expect(rowsOf({ columns, rows: null })).toEqual([]);
  });

  it("maps Shopify's referrer sources to the app's and sums what maps together", () => {
    expect(
      ["Search", "Direct", "Social", "Email", "Paid search", "Paid social", "Ads", "Unknown", "", "Other"].map(
        sourceOf,
      ),
    ).toEqual([
      "organic_search",
      "direct",
      "social",
      "email",
      "paid_search",
      "paid_social",
      "paid",
      "unknown",
      "unknown",
      "referral",
    ]);
    const rows = trafficRows({
      columns: [],
      rows: [
        { day: "2026-11-01T00:00:00-05:00", referrer_source: "Unknown", sessions: 2 },
        { day: "2026-11-01", referrer_source: null, sessions: "1,000" },
        { day: "not a day", referrer_source: "Direct", sessions: 9 },
        { day: "2026-11-01", referrer_source: "Direct", sessions: 0 },
      ],
    });
    expect(rows).toEqual([{ day: "2026-11-01", source: "unknown", sessions: 1002 }]);
  });

  it("reads the funnel per day, and days in the shop's zone from ShopifyQL timestamps", () => {
    expect(dayOf("2026-11-03T00:00:00-05:00")).toBe("2026-11-03");
    expect(dayOf(null)).toBeNull();
    expect(
      funnelRows({
        columns: [],
        rows: [
          { day: "2026-11-03", sessions: 10, sessions_with_cart_additions: 2, sessions_that_completed_checkout: 1 },
        ],
      }),
    ).toEqual([{ day: "2026-11-03", visitors: 10, productViews: null, addToCart: 2, purchases: 1 }]);
    // Only columns of Shopify's sessions schema (decision 065).
    expect(funnelQuery("2026-11-01", "2026-11-07")).toBe(
      "FROM sessions SHOW sessions, sessions_with_cart_additions, sessions_that_completed_checkout " +
        "TIMESERIES day SINCE 2026-11-01 UNTIL 2026-11-07",
    );
    expect(trafficQuery("2026-11-01", "2026-11-07")).toContain("SINCE 2026-11-01 UNTIL 2026-11-07");
  });
});
