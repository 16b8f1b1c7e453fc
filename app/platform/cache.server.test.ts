import { describe, expect, it } from "vitest";
import { REFRESH_AFTER_MS, VersionedCache, WindowedCache } from "~/platform/cache.server";

describe("VersionedCache", () => {
  it("reuses a value for the same version until it expires", async () => {
    let now = 0;
    const cache = new VersionedCache({ now: () => now });
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get("k", 1, 1000, compute)).toBe(1);
    now = 500;
    expect(await cache.get("k", 1, 1000, compute)).toBe(1);
    now = 600;
    expect(await cache.get("k", 2, 1000, compute)).toBe(2);
    now = 1599;
    expect(await cache.get("k", 2, 1000, compute)).toBe(2);
    now = 1601;
    expect(await cache.get("k", 2, 1000, compute)).toBe(3);
  });

  it("shares one computation between callers asking at once", async () => {
    const cache = new VersionedCache();
    let calls = 0;
    const compute = async () => ++calls;
    expect(await Promise.all([cache.get("k", 1, 1000, compute), cache.get("k", 1, 1000, compute)])).toEqual([1, 1]);
  });

  it("forgets failures and evicts the least recently used", async () => {
    const cache = new VersionedCache({ max: 2 });
    await expect(cache.get("bad", 1, 1000, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.get("bad", 1, 1000, async () => "ok")).toBe("ok");
    await cache.get("a", 1, 1000, async () => "a");
    await cache.get("bad", 1, 1000, async () => "new");
    await cache.get("b", 1, 1000, async () => "b");
    expect(await cache.get("bad", 1, 1000, async () => "recomputed")).toBe("ok");
    expect(await cache.get("a", 1, 1000, async () => "recomputed")).toBe("recomputed");
  });
});

describe("WindowedCache", () => {
  const WINDOW = 300_000;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("answers with held figures while younger than the window, refreshing them behind the answer after a minute", async () => {
    let now = 0;
    const cache = new WindowedCache({ now: () => now });
    let figure = 1;
    const compute = async () => figure;
    expect(await cache.get("k", WINDOW, compute)).toEqual({ value: 1, computedAt: 0 });
    figure = 2; // a write
    now = REFRESH_AFTER_MS - 1;
    expect((await cache.get("k", WINDOW, compute)).value).toBe(1);
    now = REFRESH_AFTER_MS;
    expect((await cache.get("k", WINDOW, compute)).value).toBe(1);
    await settle();
    expect(await cache.get("k", WINDOW, compute)).toEqual({ value: 2, computedAt: REFRESH_AFTER_MS });
  });

  it("never answers with figures as old as the window: a write shows within it", async () => {
    let now = 0;
    const cache = new WindowedCache({ now: () => now });
    let figure = 1;
    await cache.get("k", WINDOW, async () => figure);
    figure = 2;
    // No request in between, so nothing was refreshed behind an answer.
    now = WINDOW;
    expect(await cache.get("k", WINDOW, async () => figure)).toEqual({ value: 2, computedAt: WINDOW });
  });

  it("keeps the held figures when a refresh fails, and callers asking at once share one computation", async () => {
    let now = 0;
    const cache = new WindowedCache({ now: () => now });
    let calls = 0;
    const [a, b] = await Promise.all([
      cache.get("k", WINDOW, async () => ++calls),
      cache.get("k", WINDOW, async () => ++calls),
    ]);
    expect([a.value, b.value, calls]).toEqual([1, 1, 1]);
    now = REFRESH_AFTER_MS;
    expect((await cache.get("k", WINDOW, async () => Promise.reject(new Error("boom")))).value).toBe(1);
    await settle();
    expect((await cache.get("k", WINDOW, async () => 9)).value).toBe(1);
    await settle();
    expect((await cache.get("k", WINDOW, async () => 10)).value).toBe(9);
    now = 10 * WINDOW;
    await expect(cache.get("k", WINDOW, async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  });
});
