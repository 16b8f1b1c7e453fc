import { describe, expect, it } from "vitest";
import { htmlCacheKey } from "~/platform/html-cache.server";

const get = (url: string) => new Request(url);
const ctx = (loaderData: unknown, extra: Partial<{ actionData: unknown; errors: unknown }> = {}) => ({
  loaderData,
  actionData: null,
  errors: null,
  ...extra,
});

describe("htmlCacheKey", () => {
  it("is the same only for the same URL and the same loader data", () => {
    const a = htmlCacheKey(get("https://app.test/dashboard"), 200, ctx({ shop: "A", revenue: 1 }));
    expect(a).toBe(htmlCacheKey(get("https://app.test/dashboard"), 200, ctx({ shop: "A", revenue: 1 })));
    expect(a).not.toBe(htmlCacheKey(get("https://app.test/dashboard"), 200, ctx({ shop: "B", revenue: 1 })));
    expect(a).not.toBe(htmlCacheKey(get("https://app.test/dashboard"), 200, ctx({ shop: "A", revenue: 2 })));
    expect(a).not.toBe(htmlCacheKey(get("https://app.test/dashboard?days=90"), 200, ctx({ shop: "A", revenue: 1 })));
  });

  it("never caches errors, actions, other statuses or data JSON cannot represent faithfully", () => {
    expect(htmlCacheKey(get("https://app.test/x"), 404, ctx({}))).toBeNull();
    expect(htmlCacheKey(get("https://app.test/x"), 200, ctx({}, { errors: { root: "boom" } }))).toBeNull();
    expect(htmlCacheKey(get("https://app.test/x"), 200, ctx({}, { actionData: { ok: true } }))).toBeNull();
    expect(htmlCacheKey(new Request("https://app.test/x", { method: "POST" }), 200, ctx({}))).toBeNull();
    expect(htmlCacheKey(get("https://app.test/x"), 200, ctx({ m: new Map([[1, 2]]) }))).toBeNull();
  });
});
