/** Consecutive slices of at most `size` items (the last may be shorter), for bounded batches. */
export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError("chunk size must be a positive integer");
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Runs `query` over slices of an id list: SQLite binds at most 999 values per statement, so long `IN` lists are split. */
export async function inSlices<T>(
  ids: readonly string[],
  query: (slice: string[]) => Promise<T[]>,
  size = 500,
): Promise<T[]> {
  const out: T[] = [];
  for (const slice of chunks(ids, size)) out.push(...(await query(slice)));
  return out;
}
