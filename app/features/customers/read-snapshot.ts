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

/**
 * The snapshot with every customer in `changed` taken out and the customers re-read (`fresh`,
 * those of `changed` that still exist) put in, in rowid order.
 */
export function mergeRead(base: CustomerRead, changed: ReadonlySet<string>, fresh: CustomerRead): CustomerRead {
  const order = Array.from({ length: fresh.n }, (_, k) => k).sort((a, b) => fresh.rowid[a]! - fresh.rowid[b]!);
  const capacity = base.n + fresh.n;
  const out: CustomerRead = {
    n: 0,
    ids: [],
    rowid: new Float64Array(capacity),
    createdMs: new Float64Array(capacity),
    digest: new Float64Array(capacity),
    summary: SUMMARY_FIELDS.map(() => new Float64Array(capacity)),
  };
  const take = (from: CustomerRead, p: number) => {
    const i = out.n++;
    out.ids.push(from.ids[p]!);
    out.rowid[i] = from.rowid[p]!;
    out.createdMs[i] = from.createdMs[p]!;
    out.digest[i] = from.digest[p]!;
    for (let f = 0; f < out.summary.length; f++) out.summary[f]![i] = from.summary[f]![p]!;
  };
  let k = 0;
  for (let p = 0; p < base.n; p++) {
    if (changed.has(base.ids[p]!)) continue;
    while (k < order.length && fresh.rowid[order[k]!]! < base.rowid[p]!) take(fresh, order[k++]!);
    take(base, p);
  }
  while (k < order.length) take(fresh, order[k++]!);
  const n = out.n;
  return {
    ...out,
    rowid: out.rowid.subarray(0, n),
    createdMs: out.createdMs.subarray(0, n),
    digest: out.digest.subarray(0, n),
    summary: out.summary.map((column) => column.subarray(0, n)),
  };
}
