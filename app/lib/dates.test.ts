import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  dayInZone,
  dayInZoneMapper,
  daysBetween,
  eachDay,
  formatDay,
  formatInstant,
  isValidDay,
  minuteInZone,
  periodsEndingOn,
  startOfDayInZone,
} from "~/lib/dates";

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

describe("instants shown in the shop's time zone", () => {
  // 02:30 UTC on Nov 29 is still the evening of Nov 28 in New York: the store's today.
  const lateEvening = new Date("2026-11-29T02:30:00Z");

  it("formats in the zone it is given, whatever zone the process runs in", () => {
    expect(formatInstant(lateEvening, "America/New_York")).toBe("Nov 28, 2026, 9:30 PM");
    expect(formatInstant(lateEvening, "Asia/Tokyo")).toBe("Nov 29, 2026, 11:30 AM");
    expect(formatInstant(lateEvening.toISOString(), "America/New_York", "date")).toBe("Nov 28, 2026");
    expect(formatInstant(lateEvening, "America/New_York", "time")).toBe("21:30:00");
    expect(minuteInZone(lateEvening, "America/New_York")).toBe("2026-11-28 21:30");
  });

  it("agrees with the day the shop's figures are bucketed in", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.constantFrom("America/New_York", "Asia/Tokyo", "Pacific/Chatham", "UTC"),
        (ms, zone) => {
          const instant = new Date(ms);
          expect(minuteInZone(instant, zone).slice(0, 10)).toBe(dayInZone(instant, zone));
          expect(formatInstant(instant, zone, "date")).toBe(formatDay(dayInZone(instant, zone)));
        },
      ),
    );
  });

  it("uses plain spaces, which every browser's ICU renders the same", () => {
    expect(formatInstant(lateEvening, "UTC")).not.toMatch(/\u202f/);
  });

  it("shows a calendar day as the same text in any zone", () => {
    expect(formatDay("2026-11-28")).toBe("Nov 28, 2026");
  });
});

describe("the start of a shop's day", () => {
  it("is the zone's midnight, across DST changes", () => {
    expect(startOfDayInZone("2026-11-28", "America/New_York").toISOString()).toBe("2026-11-28T05:00:00.000Z");
    expect(startOfDayInZone("2026-07-01", "America/New_York").toISOString()).toBe("2026-07-01T04:00:00.000Z");
    expect(startOfDayInZone("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDayInZone("2026-11-01", "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(startOfDayInZone("2026-11-29", "Asia/Tokyo").toISOString()).toBe("2026-11-28T15:00:00.000Z");
  });

  it("is the first instant whose shop-local day is that day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60_000 }),
        fc.constantFrom("America/New_York", "Asia/Tokyo", "America/Santiago", "Australia/Lord_Howe", "UTC"),
        (n, zone) => {
          const day = addDays("1990-01-01", n % 40_000);
          const start = startOfDayInZone(day, zone);
          expect(dayInZone(start, zone)).toBe(day);
          expect(dayInZone(new Date(start.getTime() - 1), zone)).toBe(addDays(day, -1));
        },
      ),
    );
  });
});
