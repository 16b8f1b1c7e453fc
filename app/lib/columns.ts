// Rows into columns: numbers into Float64Arrays (null as NaN), other values into arrays, for
// reads of 100,000 rows that are then worked on by position (decision 067, fourth pass). Pure;
// also runs in the SQLite read worker (app/platform/sqlite-read-worker.ts).

/** "number": a Float64Array, null (or a missing value) as NaN; "value": the values as read. */
export type ColumnKind = "number" | "value";
export type Column = Float64Array | unknown[];
export type Columns = { rows: number; columns: Column[] };

/** Collects rows (arrays in the order of `kinds`) into columns: `add` each row, then `done`. */
export function columnBuilder(kinds: readonly ColumnKind[]) {
  let capacity = 1024;
  let rows = 0;
  let numbers = kinds.map((k) => (k === "number" ? new Float64Array(capacity) : null));
  const values = kinds.map((k) => (k === "number" ? null : ([] as unknown[])));
  return {
    add(v: readonly unknown[]) {
      if (rows === capacity) {
        capacity *= 2;
        numbers = numbers.map((a) => {
          if (!a) return a;
          const b = new Float64Array(capacity);
          b.set(a);
          return b;
        });
      }
      for (let k = 0; k < kinds.length; k++) {
        const a = numbers[k];
        const x = v[k];
        if (a) a[rows] = x === null || x === undefined ? NaN : Number(x);
        else values[k]!.push(x);
      }
      rows++;
    },
    done(): Columns {
      return { rows, columns: kinds.map((_, k) => numbers[k]?.slice(0, rows) ?? values[k]!) };
    },
  };
}

/** Two reads of the same columns, one after the other. */
export function joinColumns(first: Columns, second: Columns): Columns {
  if (first.columns.length !== second.columns.length) throw new Error("joinColumns: the reads differ in columns");
  return {
    rows: first.rows + second.rows,
    columns: first.columns.map((a, k) => {
      const b = second.columns[k]!;
      if (a instanceof Float64Array && b instanceof Float64Array) {
        const joined = new Float64Array(a.length + b.length);
        joined.set(a);
        joined.set(b, a.length);
        return joined;
      }
      if (Array.isArray(a) && Array.isArray(b)) return a.concat(b);
      throw new Error("joinColumns: the reads differ in column kinds");
    }),
  };
}
