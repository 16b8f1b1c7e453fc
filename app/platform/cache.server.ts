// The in-process cache for figures computed from a shop's data, on lru-cache. Entries are
// keyed by the shop's dataVersion (bumped in the same transaction as every write that
// changes the figures), so a write is never served stale, even from another worker
// process; the TTL bounds what a version cannot see (e.g. a renamed product).
import { LRUCache } from "lru-cache";

type Entry = { version: number; value: Promise<unknown> };

export class VersionedCache {
  private readonly entries: LRUCache<string, Entry>;

  /** `now` (milliseconds) is the clock the TTLs are measured on. */
  constructor({ max = 1000, now }: { max?: number; now?: () => number } = {}) {
    this.entries = new LRUCache<string, Entry>({ max, ...(now && { perf: { now }, ttlResolution: 0 }) });
  }

  /**
   * The value computed for `key` at this `version` less than `ttlMs` ago, else `compute()`'s
   * (remembered unless it fails). Callers asking at once share one computation.
   */
  get<T>(key: string, version: number, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit?.version === version) return hit.value as Promise<T>;
    const entry: Entry = { version, value: compute() };
    this.entries.set(key, entry, { ttl: ttlMs });
    entry.value.catch(() => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    });
    return entry.value as Promise<T>;
  }

  clear() {
    this.entries.clear();
  }
}

export const figuresCache = new VersionedCache();

/** How long a dashboard card's figures are reused at one data version (the notifications' window too). */
export const CARD_TTL_MS = 60_000;

/**
 * A dashboard card's figures for the shop, reused for CARD_TTL_MS at the shop's data version: a
 * write that moves dataVersion (orders, refunds, costs) is never served stale; one that does not
 * (a privacy request acted on, a campaign sent) shows within the minute, inside the spec's
 * freshness windows (5–10 minutes for these figures).
 */
export function cardFigures<T>(
  shop: { id: string; dataVersion: number },
  card: string,
  compute: () => Promise<T>,
): Promise<T> {
  return figuresCache.get(`card|${card}|${shop.id}`, shop.dataVersion, CARD_TTL_MS, compute);
}
