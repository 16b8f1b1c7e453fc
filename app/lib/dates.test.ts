import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayInZone, dayInZoneMapper, daysBetween, eachDay, isValidDay, periodsEndingOn } from "~/lib/dates";

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

  it("lists every day of a range as stepping one day at a time does (leap days, year ends, empty ranges)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 * 365 }), fc.integer({ min: -3, max: 800 }), (start, length) => {
        const from = addDays("1950-01-01", start);
        const to = addDays(from, length);
        const stepped: string[] = [];
        for (let d = from; d <= to; d = addDays(d, 1)) stepped.push(d);
        expect(eachDay({ from, to })).toEqual(stepped);
      }),
      { numRuns: 300 },
    );
    expect(() => eachDay({ from: "not a day", to: "2026-01-01" })).toThrow(RangeError);
  });

  it("compares a period with the one of the same length before it", () => {
    expect(periodsEndingOn("2026-06-30", 30)).toEqual({
      current: { from: "2026-06-01", to: "2026-06-30" },
      previous: { from: "2026-05-02", to: "2026-05-31" },
    });
  });
});

describe("dayInZoneMapper", () => {
  // Zones with half- and quarter-hour offsets and DST changes at odd times.
  const zones = [
    "UTC",
    "America/New_York",
    "Asia/Kathmandu",
    "Australia/Lord_Howe",
    "America/St_Johns",
    "Pacific/Chatham",
  ];

  it("gives the same day as dayInZone for any instant since 1970", () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 4_102_444_800_000 }), (zone, ms) => {
        const at = new Date(ms);
        expect(dayInZoneMapper(zone)(at)).toBe(dayInZone(at, zone));
      }),
      { numRuns: 2_000 },
    );
  });

  it("is right on both sides of a local midnight, reusing its cache", () => {
    const dayOf = dayInZoneMapper("Asia/Kathmandu"); // UTC+5:45: midnight is 18:15 UTC
    expect(dayOf(new Date("2026-03-01T18:14:59.999Z"))).toBe("2026-03-01");
    expect(dayOf(new Date("2026-03-01T18:15:00.000Z"))).toBe("2026-03-02");
    expect(dayOf(new Date("2026-03-01T18:14:00.000Z"))).toBe("2026-03-01");
  });
});
