/** Consecutive slices of at most `size` items (the last may be shorter), for bounded batches. */
export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError("chunk size must be a positive integer");
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
