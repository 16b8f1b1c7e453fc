import { describe, expect, it } from "vitest";
import { addDays, eachDay } from "~/lib/dates";
import { bucketSizeFor, bucketTrend, trendNote, trendPointLabel } from "~/features/profit/trend-buckets";

const daily = (from: string, days: number) =>
  eachDay({ from, to: addDays(from, days - 1) }).map((day, i) => ({ day, revenueMinor: i + 1, netProfitMinor: 1 }));

describe("trend buckets", () => {
  it("keeps daily points up to 120 days and marks today as so far", () => {
    const t = bucketTrend(daily("2026-06-01", 30), bucketSizeFor(30), "2026-06-30");
    expect(t.points).toHaveLength(30);
    expect(t.leftOutDays).toBe(0);
    expect(t.points.filter((p) => p.soFar).map((p) => p.day)).toEqual(["2026-06-30"]);
    expect(trendPointLabel(t.points[29])).toBe("Jun 30 (so far)");
    expect(trendNote(t)).toBe("Daily totals; the last point is today so far.");
  });

  it("counts whole weeks back from the last day, so the chart never ends on a partial week", () => {
    const days = daily("2025-07-01", 365);
    const t = bucketTrend(days, bucketSizeFor(365), "2026-06-30");
    expect(t.bucketDays).toBe(7);
    expect(t.points).toHaveLength(52);
    expect(t.leftOutDays).toBe(1);
    expect(t.points.every((p) => p.days === 7)).toBe(true);
    expect(t.points.at(-1)).toMatchObject({ day: "2026-06-24", to: "2026-06-30", soFar: true });
    // The left-out first day is the only value missing from the chart.
    const charted = t.points.reduce((s, p) => s + p.revenueMinor, 0);
    expect(charted).toBe(days.reduce((s, p) => s + p.revenueMinor, 0) - days[0].revenueMinor);
    expect(trendPointLabel(t.points.at(-1)!)).toBe("Jun 24 – Jun 30 (so far)");
    expect(trendNote(t)).toBe(
      "Totals per 7 days; the last point is today so far; the period's first 1 day is in the totals, not the chart.",
    );
  });

  it("does not call a finished period so far", () => {
    const t = bucketTrend(daily("2026-05-01", 14), 7, "2026-06-30");
    expect(t.points.some((p) => p.soFar)).toBe(false);
  });
});
