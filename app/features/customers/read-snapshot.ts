// The whole-shop recompute's read, packed for CustomerReadSnapshot and merged with the customers
// re-read since (decision 067, sixth pass). Pure.
import { SUMMARY_FIELDS } from "./summary";

/**
 * Every customer of a shop (not redacted, not deleted) in Customer rowid order, as columns:
 * the rowid, the creation time (epoch ms), the score row's stored digest (NaN: no score row),
 * and the order summary's fields in SUMMARY_FIELDS order (NaN: null; `orders` NaN: no summary).
 */
export type CustomerRead = {
  n: number;
  ids: string[];
  rowid: Float64Array;
  createdMs: Float64Array;
  digest: Float64Array;
  summary: Float64Array[];
};

/** Columns per customer in a packed read. */
const COLUMNS = 3 + SUMMARY_FIELDS.length;

/**
 * The read as one Float64Array of its columns one after the other (unpacking takes views, not a
 * copy per customer), and the ids one per line; null when an id holds a line break.
 */
export function packRead(read: CustomerRead): { data: Uint8Array; ids: string } | null {
  if (read.ids.some((id) => id.includes("\n"))) return null;
  const { n } = read;
  const all = new Float64Array(COLUMNS * n);
  [read.rowid, read.createdMs, read.digest, ...read.summary].forEach((column, k) =>
    all.set(column.subarray(0, n), k * n),
  );
  return { data: new Uint8Array(all.buffer), ids: read.ids.join("\n") };
}

/** packRead's result read back; null when it does not hold `n` customers. */
export function unpackRead(data: Uint8Array, ids: string, n: number): CustomerRead | null {
  if (data.byteLength !== COLUMNS * n * 8) return null;
  const list = n ? ids.split("\n") : [];
  if (list.length !== n) return null;
  // A copy aligned for Float64Array (a Buffer from the driver may start at any byte).
  const all = new Float64Array(COLUMNS * n);
  new Uint8Array(all.buffer).set(data);
  const column = (k: number) => all.subarray(k * n, (k + 1) * n);
  return {
    n,
    ids: list,
    rowid: column(0),
    createdMs: column(1),
    digest: column(2),
    summary: SUMMARY_FIELDS.map((_, f) => column(3 + f)),
  };
}

/** The position of `rowid` in an ascending column, or -1. */
function positionOf(column: Float64Array, rowid: number): number {
  let lo = 0;
  let hi = column.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = column[mid]!;
    if (at === rowid) return mid;
    if (at < rowid) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The snapshot with every customer in `changed` taken out and the customers re-read (`fresh`,
 * those of `changed` that still exist) put in, in rowid order. A re-read customer still at their
 * place (same rowid, same id: the usual case) is written over it in `base`'s columns, which the
 * result may share; only when customers left or arrived is the read copied, a run of unchanged
 * customers at a time.
 */
export function mergeRead(base: CustomerRead, changed: ReadonlySet<string>, fresh: CustomerRead): CustomerRead {
  const from = [base.rowid, base.createdMs, base.digest, ...base.summary];
  const update = [fresh.rowid, fresh.createdMs, fresh.digest, ...fresh.summary];
  const patched = new Uint8Array(base.n);
  const arriving: number[] = [];
  let inPlace = 0;
  const rowids = base.rowid.subarray(0, base.n);
  for (let k = 0; k < fresh.n; k++) {
    const p = positionOf(rowids, fresh.rowid[k]!);
    if (p < 0 || base.ids[p] !== fresh.ids[k]) {
      arriving.push(k);
      continue;
    }
    for (let c = 0; c < from.length; c++) from[c]![p] = update[c]![k]!;
    patched[p] = 1;
    inPlace++;
  }
  // Every changed customer written over at their place: nothing else in the snapshot is theirs.
  if (inPlace === changed.size && !arriving.length) return base;
  const leaving = new Uint8Array(base.n);
  let left = 0;
  for (let p = 0; p < base.n; p++)
    if (!patched[p] && changed.has(base.ids[p]!)) {
      leaving[p] = 1;
      left++;
    }
  arriving.sort((a, b) => fresh.rowid[a]! - fresh.rowid[b]!);
  const n = base.n - left + arriving.length;
  const to = from.map(() => new Float64Array(n));
  const ids: string[] = new Array<string>(n);
  let o = 0;
  let k = 0;
  let p = 0;
  const arrive = () => {
    const q = arriving[k++]!;
    for (let c = 0; c < to.length; c++) to[c]![o] = update[c]![q]!;
    ids[o++] = fresh.ids[q]!;
  };
  while (p < base.n) {
    let end = p;
    while (end < base.n && !leaving[end] && !(k < arriving.length && fresh.rowid[arriving[k]!]! < base.rowid[end]!))
      end++;
    for (let c = 0; c < to.length; c++) to[c]!.set(from[c]!.subarray(p, end), o);
    for (let q = p; q < end; q++) ids[o + q - p] = base.ids[q]!;
    o += end - p;
    p = end;
    if (p < base.n && leaving[p]) p++;
    else if (k < arriving.length) arrive();
  }
  while (k < arriving.length) arrive();
  const [rowid, createdMs, digest, ...summary] = to as [Float64Array, Float64Array, Float64Array, ...Float64Array[]];
  return { n, ids, rowid, createdMs, digest, summary };
}
