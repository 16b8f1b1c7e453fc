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

  it("aligns weekly buckets to calendar weeks starting Monday, the last one so far", () => {
    // 2025-07-01 is a Tuesday; 2026-06-30 (today) a Tuesday too.
    const days = daily("2025-07-01", 365);
    const t = bucketTrend(days, 7, "2026-06-30", "monday");
    expect(t.leftOutDays).toBe(6);
    expect(t.points).toHaveLength(52);
    expect(t.points[0]).toMatchObject({ day: "2025-07-07", to: "2025-07-13", days: 7, soFar: false });
    expect(t.points.slice(0, -1).every((p) => p.days === 7 && new Date(`${p.day}T00:00:00Z`).getUTCDay() === 1)).toBe(
      true,
    );
    expect(t.points.at(-1)).toMatchObject({ day: "2026-06-29", to: "2026-06-30", days: 2, soFar: true });
    // Nothing is lost: the chart plus the left-out days are the whole period.
    const charted = t.points.reduce((s, p) => s + p.revenueMinor, 0);
    const leftOut = days.slice(0, 6).reduce((s, p) => s + p.revenueMinor, 0);
    expect(charted + leftOut).toBe(days.reduce((s, p) => s + p.revenueMinor, 0));
    expect(trendPointLabel(t.points.at(-1)!)).toBe("Jun 29 – Jun 30 (so far)");
    expect(trendNote(t)).toBe(
      "Weekly totals, weeks starting Monday; the last point is this week so far (2 days); the period's first 6 days are in the totals, not the chart.",
    );
  });

  it("aligns weekly buckets to weeks starting Sunday when the toggle is off", () => {
    const t = bucketTrend(daily("2025-07-01", 365), 7, "2026-06-30", "sunday");
    expect(t.leftOutDays).toBe(5);
    expect(t.points[0].day).toBe("2025-07-06");
    expect(t.points.at(-1)).toMatchObject({ day: "2026-06-28", to: "2026-06-30", days: 3, soFar: true });
    expect(trendNote(t)).toMatch(
      /^Weekly totals, weeks starting Sunday; the last point is this week so far \(3 days\)/,
    );
  });

  it("says when a finished period ends on a partial calendar week", () => {
    // Monday 2026-06-01 to Wednesday 2026-06-10: one whole week and three days.
    const t = bucketTrend(daily("2026-06-01", 10), 7, "2026-07-31", "monday");
    expect(t.leftOutDays).toBe(0);
    expect(t.points.map((p) => p.days)).toEqual([7, 3]);
    expect(trendNote(t)).toBe("Weekly totals, weeks starting Monday; the last week has only 3 days.");
  });

  it("a period ending on the last day of a week has no partial bucket", () => {
    // Monday 2026-06-01 to Sunday 2026-06-14, today being that Sunday.
    const t = bucketTrend(daily("2026-06-01", 14), 7, "2026-06-14", "monday");
    expect(t.points.map((p) => [p.days, p.soFar])).toEqual([
      [7, false],
      [7, true],
    ]);
    expect(trendNote(t)).toBe("Weekly totals, weeks starting Monday; the last point is this week so far.");
  });
});
