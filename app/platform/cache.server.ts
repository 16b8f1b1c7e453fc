// A small in-process cache for figures computed from a shop's data. Entries are
// keyed by the shop's dataVersion (bumped in the same transaction as every write that
// changes the figures), so a write is never served stale, even from another worker
// process; the TTL bounds what a version cannot see (e.g. a renamed product).

type Entry = { version: number; expires: number; value: Promise<unknown> };

export class VersionedCache {
  private entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 1000) {}

  get<T>(key: string, version: number, ttlMs: number, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version && hit.expires > now) {
      // Refresh its place in the LRU order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = compute();
    this.entries.set(key, { version, expires: now + ttlMs, value });
    // A failed computation is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  clear() {
    this.entries.clear();
  }
}

export const figuresCache = new VersionedCache();
