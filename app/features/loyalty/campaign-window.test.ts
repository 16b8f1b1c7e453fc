import { describe, expect, it } from "vitest";
import { dayInZone } from "~/lib/dates";
import { campaignDays, liftWindow } from "~/features/loyalty/campaign-window";

/** A campaign as createCampaign stores the form's days. */
const stored = (startsOn: string, endsOn: string) => ({
  startsAt: new Date(`${startsOn}T00:00:00.000Z`),
  endsAt: new Date(`${endsOn}T23:59:59.999Z`),
});

describe("a campaign's lift window, in whole store days, inclusive", () => {
  it("counts Double Points Weekend 09-15 to 09-18 as 4 days, in New York as anywhere", () => {
    const weekend = stored("2026-09-15", "2026-09-18");
    expect(campaignDays(weekend)).toEqual({ start: "2026-09-15", end: "2026-09-18" });
    expect(liftWindow(weekend, "2026-11-28")).toEqual({ start: "2026-09-15", end: "2026-09-18", days: 4 });
    // What the report did: the bounds read in the store's zone start a day early.
    expect(dayInZone(weekend.startsAt, "America/New_York")).toBe("2026-09-14");
  });

  it("counts a window across a clock change by calendar days (America/New_York springs forward on 2026-03-08)", () => {
    expect(liftWindow(stored("2026-03-06", "2026-03-09"), "2026-04-01").days).toBe(4);
    // Falls back on 2026-11-01: a 25-hour day is still one day.
    expect(liftWindow(stored("2026-10-31", "2026-11-02"), "2026-12-01").days).toBe(3);
    expect(liftWindow(stored("2026-03-08", "2026-03-08"), "2026-03-08").days).toBe(1);
  });

  it("stops at the store's today while the campaign runs, and is empty before it starts", () => {
    expect(liftWindow(stored("2026-03-06", "2026-03-31"), "2026-03-09")).toEqual({
      start: "2026-03-06",
      end: "2026-03-09",
      days: 4,
    });
    // Started by UTC's clock (00:00Z is 19:00 the evening before in New York) but not yet in the store's day.
    expect(liftWindow(stored("2026-03-10", "2026-03-12"), "2026-03-09").days).toBe(0);
  });
});
