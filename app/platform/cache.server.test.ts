import { describe, expect, it } from "vitest";
import { VersionedCache } from "~/platform/cache.server";

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
