import { describe, expect, it } from "vitest";
import { columnBuilder, joinColumns } from "./columns";

describe("columnBuilder", () => {
  it("keeps numbers as doubles (null and missing as NaN) and other values as read, past its first capacity", () => {
    const b = columnBuilder(["value", "number", "number"]);
    const n = 3000;
    for (let i = 0; i < n; i++) b.add([`c${i}`, i % 7 === 0 ? null : i * 1.5, i % 5 === 0 ? undefined : "12"]);
    const { rows, columns } = b.done();
    expect(rows).toBe(n);
    const [ids, a, c] = columns as [unknown[], Float64Array, Float64Array];
    expect(ids).toHaveLength(n);
    expect(ids[2999]).toBe("c2999");
    expect(a).toBeInstanceOf(Float64Array);
    expect(a.length).toBe(n);
    expect(Number.isNaN(a[0]!)).toBe(true);
    expect(a[1]).toBe(1.5);
    expect(a[2999]).toBe(4498.5);
    expect(Number.isNaN(c[0]!)).toBe(true);
    expect(c[1]).toBe(12);
  });

  it("reads nothing as empty columns", () => {
    expect(columnBuilder(["number", "value"]).done()).toEqual({ rows: 0, columns: [new Float64Array(0), []] });
  });
});

describe("joinColumns", () => {
  it("puts the second read after the first, column by column", () => {
    const first = columnBuilder(["value", "number"]);
    const second = columnBuilder(["value", "number"]);
    const whole = columnBuilder(["value", "number"]);
    for (let i = 0; i < 10; i++) {
      (i < 4 ? first : second).add([`c${i}`, i === 6 ? null : i]);
      whole.add([`c${i}`, i === 6 ? null : i]);
    }
    expect(joinColumns(first.done(), second.done())).toEqual(whole.done());
  });

  it("refuses reads of different shapes", () => {
    const a = columnBuilder(["number"]).done();
    expect(() => joinColumns(a, columnBuilder(["value"]).done())).toThrow(/kinds/);
    expect(() => joinColumns(a, columnBuilder(["number", "number"]).done())).toThrow(/columns/);
  });
});
