import { describe, expect, it } from "vitest";
import { addDays, dayInZone, daysBetween, eachDay, isValidDay, periodsEndingOn } from "~/lib/dates";

describe("days in the shop's time zone", () => {
  it("buckets an instant by the zone, not UTC", () => {
    const instant = new Date("2026-03-01T03:30:00Z");
    expect(dayInZone(instant, "UTC")).toBe("2026-03-01");
    expect(dayInZone(instant, "America/New_York")).toBe("2026-02-28");
    expect(dayInZone(instant, "Asia/Tokyo")).toBe("2026-03-01");
  });

  it("does day arithmetic across month and DST boundaries", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(daysBetween("2026-01-01", "2026-12-31")).toBe(364);
    expect(eachDay({ from: "2026-01-30", to: "2026-02-02" })).toEqual([
      "2026-01-30",
      "2026-01-31",
      "2026-02-01",
      "2026-02-02",
    ]);
    expect(isValidDay("2026-02-30")).toBe(false);
  });

  it("compares a period with the one of the same length before it", () => {
    expect(periodsEndingOn("2026-06-30", 30)).toEqual({
      current: { from: "2026-06-01", to: "2026-06-30" },
      previous: { from: "2026-05-02", to: "2026-05-31" },
    });
  });
});
