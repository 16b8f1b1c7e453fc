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

  it("writes re-read customers over their place when no one left or arrived", () => {
    const base = readOf([1, 2, 4, 6, 9]);
    const fresh = readOf([6, 2]);
    fresh.digest[0] = 42;
    fresh.summary[3]![1] = 7.25;
    const merged = mergeRead(base, new Set(["c2", "c6"]), fresh);
    const want = plain(readOf([1, 2, 4, 6, 9]));
    want.digest[3] = 42;
    want.summary[3]![1] = 7.25;
    expect(plain(merged)).toEqual(want);
  });

  it("a customer re-read at another rowid leaves their old place", () => {
    const base = readOf([1, 5, 8]);
    const fresh = { ...readOf([20]), ids: ["c5"] };
    const merged = mergeRead(base, new Set(["c5"]), fresh);
    expect(merged.ids).toEqual(["c1", "c8", "c5"]);
    expect([...merged.rowid]).toEqual([1, 8, 20]);
  });

  it("merges as filtering and sorting would, for random changes", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 200; trial++) {
      const rowids = Array.from({ length: Math.floor(random() * 60) }, (_, i) => i * 3 + 1).filter(
        () => random() < 0.8,
      );
      const base = readOf(rowids);
      const changed = new Set<string>();
      const freshRowids: number[] = [];
      for (const r of rowids) {
        const roll = random();
        if (roll < 0.15) {
          changed.add(`c${r}`); // re-read at their place
          freshRowids.push(r);
        } else if (roll < 0.2) changed.add(`c${r}`); // gone
      }
      for (let i = 0; i < random() * 4; i++) {
        const r = 1000 + Math.floor(random() * 100) * 3; // arrived
        if (!freshRowids.includes(r)) {
          changed.add(`c${r}`);
          freshRowids.push(r);
        }
      }
      freshRowids.sort(() => random() - 0.5);
      const fresh = readOf(freshRowids);
      fresh.digest.forEach((_, k) => (fresh.digest[k] = trial * 1000 + k));
      const byId = new Map(fresh.ids.map((id, k) => [id, k]));
      const expected = [
        ...rowids.filter((r) => !changed.has(`c${r}`)).map((r) => ({ r, digest: base.digest[rowids.indexOf(r)]! })),
        ...freshRowids.map((r) => ({ r, digest: fresh.digest[byId.get(`c${r}`)!]! })),
      ].sort((a, b) => a.r - b.r);
      const merged = plain(mergeRead(readOf(rowids), changed, fresh));
      expect(merged.ids).toEqual(expected.map((e) => `c${e.r}`));
      expect(merged.rowid).toEqual(expected.map((e) => e.r));
      expect(merged.digest).toEqual(expected.map((e) => e.digest));
      expect(merged.summary).toEqual(plain(readOf(expected.map((e) => e.r))).summary);
    }
  });
});
