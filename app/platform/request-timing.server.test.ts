import { afterEach, describe, expect, it } from "vitest";
import {
  identifyRequest,
  observeRequest,
  outsideRequest,
  requestKind,
  setRequestObserver,
  skipRequestTiming,
  timeQueries,
  type ObservedRequest,
} from "~/platform/request-timing.server";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A driver adapter factory whose statements take `ms` each. */
function fakeFactory(ms: number) {
  const tx = { queryRaw: async () => (await wait(ms), []), commit: async () => {}, rollback: async () => {} };
  const adapter = {
    provider: "sqlite",
    queryRaw: async () => (await wait(ms), []),
    executeRaw: async () => (await wait(ms), 1),
    startTransaction: async () => tx,
  };
  return { adapterName: "fake", connect: async () => adapter };
}

afterEach(() => setRequestObserver(null));

describe("requestKind", () => {
  it("tells API calls, actions, loader data and pages apart", () => {
    expect(requestKind("GET", "/api/search")).toBe("api");
    expect(requestKind("POST", "/api/vitals")).toBe("api");
    expect(requestKind("POST", "/settings")).toBe("action");
    expect(requestKind("GET", "/dashboard.data")).toBe("data");
    expect(requestKind("GET", "/_root.data")).toBe("data");
    expect(requestKind("GET", "/dashboard")).toBe("page");
  });
});

describe("observeRequest", () => {
  it("adds every statement of the request, transactions included, to its database time", async () => {
    const seen: ObservedRequest[] = [];
    setRequestObserver((r) => seen.push(r));
    const factory = timeQueries(fakeFactory(15));
    expect(factory.adapterName).toBe("fake");
    const adapter = await factory.connect();
    expect(adapter.provider).toBe("sqlite");
    await observeRequest(new Request("http://x/costs"), async () => {
      identifyRequest("shop-1", "Ann");
      await adapter.queryRaw();
      await adapter.executeRaw();
      const tx = await adapter.startTransaction();
      await tx.queryRaw();
      await tx.commit();
      return new Response(null, { status: 204 });
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ shopId: "shop-1", kind: "page", status: 204, dbQueries: 5 });
    expect(seen[0].dbMs).toBeGreaterThanOrEqual(40);
    expect(seen[0].serverMs).toBeGreaterThanOrEqual(seen[0].dbMs);
    expect(seen[0].staffKey).not.toContain("Ann");
  });

  it("keeps concurrent requests' database time apart", async () => {
    const seen: ObservedRequest[] = [];
    setRequestObserver((r) => seen.push(r));
    const adapter = await timeQueries(fakeFactory(10)).connect();
    const run = (shop: string, statements: number) =>
      observeRequest(new Request(`http://x/${shop}`), async () => {
        identifyRequest(shop, null);
        for (let i = 0; i < statements; i++) await adapter.queryRaw();
        return new Response("ok");
      });
    await Promise.all([run("a", 1), run("b", 4)]);
    const byShop = Object.fromEntries(seen.map((r) => [r.shopId, r.dbQueries]));
    expect(byShop).toEqual({ a: 1, b: 4 });
  });

  it("does not count work started outside the request, skipped requests, or anything without an observer", async () => {
    const seen: ObservedRequest[] = [];
    const adapter = await timeQueries(fakeFactory(1)).connect();
    await observeRequest(new Request("http://x/a"), async () => {
      identifyRequest("a", null);
      return new Response("ok");
    });
    setRequestObserver((r) => seen.push(r));
    await observeRequest(new Request("http://x/api/vitals"), async () => {
      identifyRequest("a", null);
      skipRequestTiming();
      return new Response(null, { status: 204 });
    });
    await observeRequest(new Request("http://x/b"), async () => {
      identifyRequest("b", null);
      await outsideRequest(() => adapter.queryRaw());
      return new Response("ok");
    });
    expect(seen.map((r) => [r.shopId, r.dbQueries])).toEqual([["b", 0]]);
  });
});
