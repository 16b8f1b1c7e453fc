import { describe, expect, it } from "vitest";
import { mergeRead, packRead, unpackRead, type CustomerRead } from "./read-snapshot";
import { SUMMARY_FIELDS } from "./summary";

/** A read of customers with these rowids; every number derived from the rowid, the summary null for odd ones. */
function readOf(rowids: number[], tag = ""): CustomerRead {
  const n = rowids.length;
  const column = (f: (r: number) => number) => Float64Array.from(rowids, f);
  return {
    n,
    ids: rowids.map((r) => `c${r}${tag}`),
    rowid: column((r) => r),
    createdMs: column((r) => 1_700_000_000_000 + r),
    digest: column((r) => (r % 5 ? r * 1_000_003 : NaN)),
    summary: SUMMARY_FIELDS.map((_, f) => column((r) => (r % 2 ? NaN : r * 10 + f + 0.5))),
  };
}

const plain = (r: CustomerRead) => ({
  n: r.n,
  ids: r.ids,
  rowid: [...r.rowid],
  createdMs: [...r.createdMs],
  digest: [...r.digest],
  summary: r.summary.map((c) => [...c]),
});

describe("the recompute's read snapshot", () => {
  it("packs and unpacks every column, NaN included", () => {
    const read = readOf([3, 4, 7, 10, 11]);
    const packed = packRead(read)!;
    const back = unpackRead(packed.data, packed.ids, read.n)!;
    expect(plain(back)).toEqual(plain(read));
    expect(plain(unpackRead(packRead(readOf([]))!.data, "", 0)!)).toEqual(plain(readOf([])));
  });

  it("refuses what does not fit: a different count, an id with a line break", () => {
    const packed = packRead(readOf([1, 2]))!;
    expect(unpackRead(packed.data, packed.ids, 3)).toBeNull();
    expect(unpackRead(packed.data.subarray(8), packed.ids, 2)).toBeNull();
    expect(packRead({ ...readOf([1]), ids: ["a\nb"] })).toBeNull();
  });

  it("unpacks from a buffer that does not start on an 8-byte boundary", () => {
    const packed = packRead(readOf([2, 4]))!;
    const shifted = new Uint8Array(packed.data.byteLength + 3);
    shifted.set(packed.data, 3);
    expect(plain(unpackRead(shifted.subarray(3), packed.ids, 2)!)).toEqual(plain(readOf([2, 4])));
  });

  it("merges: changed customers out, re-read ones in, in rowid order", () => {
    const base = readOf([1, 2, 4, 6, 9]);
    // 2 changed and still there (re-read), 6 gone, 3 and 12 new; re-read rows arrive in any order.
    const fresh = readOf([12, 2, 3], "");
    const merged = mergeRead(base, new Set(["c2", "c6", "c3", "c12"]), fresh);
    expect(plain(merged)).toEqual(plain(readOf([1, 2, 3, 4, 9, 12])));
  });
});
