import { describe, expect, it } from "vitest";
import { VersionedCache } from "~/platform/cache.server";

describe("VersionedCache", () => {
  it("reuses a value for the same version until it expires", async () => {
    const cache = new VersionedCache();
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get("k", 1, 1000, compute, 0)).toBe(1);
    expect(await cache.get("k", 1, 1000, compute, 500)).toBe(1);
    expect(await cache.get("k", 2, 1000, compute, 600)).toBe(2);
    expect(await cache.get("k", 2, 1000, compute, 1601)).toBe(3);
  });

  it("forgets failures and evicts the least recently used", async () => {
    const cache = new VersionedCache(2);
    await expect(cache.get("bad", 1, 1000, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.get("bad", 1, 1000, async () => "ok")).toBe("ok");
    await cache.get("a", 1, 1000, async () => "a");
    await cache.get("bad", 1, 1000, async () => "new");
    await cache.get("b", 1, 1000, async () => "b");
    expect(await cache.get("a", 1, 1000, async () => "recomputed")).toBe("recomputed");
  });
});
