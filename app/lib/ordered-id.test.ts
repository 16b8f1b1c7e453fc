import { describe, expect, it } from "vitest";
import { uuidV7 } from "./ordered-id";

const FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("uuidV7", () => {
  it("writes the milliseconds first, then the version and variant (RFC 9562 §5.7)", () => {
    const id = uuidV7(0x0190_1234_5678, new Uint8Array(10).fill(0xff));
    expect(id).toBe("01901234-5678-7fff-bfff-ffffffffffff");
    expect(id).toMatch(FORMAT);
  });

  it("sorts by time as text, and differs within one millisecond", () => {
    const a = uuidV7(1_764_500_000_000);
    const b = uuidV7(1_764_500_000_001);
    expect(a < b).toBe(true);
    expect(uuidV7(1_764_500_000_000)).not.toBe(a);
  });

  it("orders a batch made in one millisecond by its sequence, across the counter's two fields", () => {
    const random = new Uint8Array(10).fill(0xff);
    const ids = [0, 1, 16_383, 16_384, 100_000, 2 ** 26 - 1].map((n) => uuidV7(1_764_500_000_000, random, n));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(FORMAT);
    expect(() => uuidV7(0, random, 2 ** 26)).toThrow(RangeError);
  });
});
