import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, eachDay } from "~/lib/dates";
import { monthOf, splitRange } from "~/features/profit/rollup-ranges";

describe("splitRange", () => {
  it("reads whole months from the monthly table and the edges day by day", () => {
    expect(splitRange({ from: "2025-11-22", to: "2026-11-21" })).toEqual({
      months: { from: "2025-12", to: "2026-10" },
      days: [
        { from: "2025-11-22", to: "2025-11-30" },
        { from: "2026-11-01", to: "2026-11-21" },
      ],
    });
  });

  it("uses days only when no whole month fits", () => {
    expect(splitRange({ from: "2026-10-23", to: "2026-11-21" })).toEqual({
      months: null,
      days: [{ from: "2026-10-23", to: "2026-11-21" }],
    });
    expect(splitRange({ from: "2026-02-02", to: "2026-02-28" })).toEqual({
      months: null,
      days: [{ from: "2026-02-02", to: "2026-02-28" }],
    });
  });

  it("needs no days when the range is whole months, across a year end and a leap day", () => {
    expect(splitRange({ from: "2023-12-01", to: "2024-02-29" })).toEqual({
      months: { from: "2023-12", to: "2024-02" },
      days: [],
    });
    expect(splitRange({ from: "2026-06-01", to: "2026-06-30" })).toEqual({
      months: { from: "2026-06", to: "2026-06" },
      days: [],
    });
  });

  it("covers every day of the range exactly once (property)", () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays("2020-01-01", n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (from, length) => {
        const range = { from, to: addDays(from, length) };
        const { months, days } = splitRange(range);
        const covered = days.flatMap((d) => eachDay(d));
        const monthDays = months
          ? eachDay(range).filter((d) => monthOf(d) >= months.from && monthOf(d) <= months.to)
          : [];
        // Whole months only: each month taken is entirely inside the range.
        if (months) {
          for (const m of [months.from, months.to]) {
            const all = eachDay({ from: `${m}-01`, to: addDays(`${m}-01`, 40) }).filter((d) => monthOf(d) === m);
            expect(all.every((d) => d >= range.from && d <= range.to)).toBe(true);
          }
        }
        expect([...covered, ...monthDays].sort()).toEqual(eachDay(range));
      }),
      { numRuns: 300 },
    );
  });
});
