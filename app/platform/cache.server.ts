// The in-process caches for figures computed from a shop's data, on lru-cache. VersionedCache's
// entries are keyed by the shop's dataVersion (bumped in the same transaction as every write that
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

/** Held figures and the time (milliseconds, the cache's clock) their computation started. */
export type Computed<T> = { value: T; computedAt: number };

type Held = { settled?: Computed<unknown>; pending?: Promise<Computed<unknown>> };

/** How old held figures get before a request starts recomputing them behind its answer. */
export const REFRESH_AFTER_MS = 60_000;

/**
 * Figures served for up to a freshness window (milliseconds) without waiting on their
 * computation: a request finding them older than REFRESH_AFTER_MS is answered with them and
 * starts one recomputation behind its answer; figures as old as the window are never served
 * (that request waits for new ones). So what is shown was computed less than a window ago,
 * and a write shows within the window whatever it moved. Not keyed on the data version: every
 * order webhook moves that, and these figures would be recomputed on nearly every visit.
 */
export class WindowedCache {
  private readonly entries: LRUCache<string, Held>;
  private readonly now: () => number;

  constructor({ max = 1000, now = () => Date.now() }: { max?: number; now?: () => number } = {}) {
    this.entries = new LRUCache<string, Held>({ max });
    this.now = now;
  }

  get<T>(key: string, windowMs: number, compute: () => Promise<T>): Promise<Computed<T>> {
    let held = this.entries.get(key);
    if (!held) this.entries.set(key, (held = {}));
    const settled = held.settled as Computed<T> | undefined;
    const age = settled ? this.now() - settled.computedAt : Infinity;
    if (age < windowMs) {
      // Behind the answer; a failure leaves the held figures (and is retried by the next request).
      if (age >= REFRESH_AFTER_MS && !held.pending) this.refresh(held, compute).catch(() => undefined);
      return Promise.resolve(settled!);
    }
    return (held.pending as Promise<Computed<T>> | undefined) ?? this.refresh(held, compute);
  }

  private refresh<T>(held: Held, compute: () => Promise<T>): Promise<Computed<T>> {
    const computedAt = this.now();
    const pending = compute().then((value) => {
      const result = { value, computedAt };
      if (!held.settled || held.settled.computedAt <= computedAt) held.settled = result;
      return result;
    });
    held.pending = pending;
    const done = () => {
      if (held.pending === pending) held.pending = undefined;
    };
    pending.then(done, done);
    return pending;
  }

  clear() {
    this.entries.clear();
  }
}

export const cardsCache = new WindowedCache();

/**
 * A dashboard card's figures for the shop with the time they were computed, at most
 * `windowSeconds` old (the spec's freshness window for the card, `FRESHNESS` in
 * platform/http.server.ts); the card says when they were computed.
 */
export function cardFigures<T>(shop: { id: string }, card: string, windowSeconds: number, compute: () => Promise<T>) {
  return cardsCache.get(`${card}|${shop.id}`, windowSeconds * 1000, compute);
}
