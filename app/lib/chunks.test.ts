import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunks } from "~/lib/chunks";

describe("chunks", () => {
  it("splits into slices of the size, the last one shorter", () => {
    expect([...chunks([1, 2, 3, 4, 5], 2)]).toEqual([[1, 2], [3, 4], [5]]);
    expect([...chunks([], 3)]).toEqual([]);
  });

  it("keeps every item once, in order, and no slice over the size", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 50 }), (items, size) => {
        const slices = [...chunks(items, size)];
        expect(slices.flat()).toEqual(items);
        expect(slices.every((s) => s.length >= 1 && s.length <= size)).toBe(true);
      }),
    );
  });

  it("refuses a size that would never advance", () => {
    expect(() => [...chunks([1], 0)]).toThrow(RangeError);
  });
});
