import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DB_SAMPLE_GAP_MS,
  DB_SAMPLE_SHARE,
  identifyRequest,
  observeRequest,
  outsideRequest,
  requestKind,
  setRequestObserver,
  skipRequestTiming,
  TIMING_HEADER,
  timeQueries,
  type ObservedRequest,
} from "~/platform/request-timing.server";

// The clock the timing reads: each test moves it; nothing waits.
let now = 0;
const clock = { now: () => now };
/** Lets `ms` pass, after a turn of the event loop (so concurrent requests interleave). */
const pass = async (ms: number) => {
  await Promise.resolve();
  now += ms;
};

/** A driver adapter factory whose statements take `ms` each. */
function fakeFactory(ms: number) {
  const tx = { queryRaw: async () => (await pass(ms), []), commit: async () => pass(ms), rollback: async () => {} };
  const adapter = {
    provider: "sqlite",
    queryRaw: async () => (await pass(ms), []),
    executeRaw: async () => (await pass(ms), 1),
    startTransaction: async () => (await pass(ms), tx),
  };
  return { adapterName: "fake", connect: async () => adapter };
}

beforeEach(() => {
  now = 0;
});
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
    setRequestObserver((r) => seen.push(r), clock);
    const factory = timeQueries(fakeFactory(15));
    expect(factory.adapterName).toBe("fake");
    const adapter = await factory.connect();
    expect(adapter.provider).toBe("sqlite");
    const request = new Request("http://x/costs");
    await observeRequest(request, async () => {
      identifyRequest(request, "shop-1", "Ann");
      await adapter.queryRaw();
      await adapter.executeRaw();
      const tx = await adapter.startTransaction();
      await tx.queryRaw();
      await tx.commit();
      await pass(7); // the handler's own work
      return new Response(null, { status: 204 });
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      shopId: "shop-1",
      kind: "page",
      status: 204,
      dbQueries: 5,
      dbMs: 75,
      serverMs: 82,
    });
    expect(seen[0].staffKey).not.toContain("Ann");
  });

  it("times one request at a time for its database work, and still records the others with their shop", async () => {
    const seen: ObservedRequest[] = [];
    setRequestObserver((r) => seen.push(r), clock);
    const adapter = await timeQueries(fakeFactory(10)).connect();
    const run = (shop: string, statements: number) => {
      const request = new Request(`http://x/${shop}`);
      return observeRequest(request, async () => {
        // Remix hands loaders a copy of the request (single fetch): the id header goes with it.
        identifyRequest(new Request(request.url, request), shop, null);
        for (let i = 0; i < statements; i++) await adapter.queryRaw();
        return new Response("ok");
      });
    };
    await Promise.all([run("a", 1), run("b", 4)]);
    const byShop = Object.fromEntries(seen.map((r) => [r.shopId, r.dbQueries]));
    expect(byShop).toEqual({ a: 1, b: null });
    now += 60_000;
    await run("c", 2);
    expect(seen[2]).toMatchObject({ shopId: "c", dbQueries: 2, dbMs: 20 });
  });

  it("takes at most one database sample per gap", async () => {
    const seen: ObservedRequest[] = [];
    setRequestObserver((r) => seen.push(r), clock);
    for (const [shop, at] of [
      ["a", 0],
      ["b", DB_SAMPLE_GAP_MS - 1],
      ["c", DB_SAMPLE_GAP_MS],
    ] as const) {
      now = at;
      const request = new Request(`http://x/${shop}`);
      await observeRequest(request, async () => (identifyRequest(request, shop, null), new Response("ok")));
    }
    expect(seen.map((r) => [r.shopId, r.dbQueries])).toEqual([
      ["a", 0],
      ["b", null],
      ["c", 0],
    ]);
  });

  it("waits after a slow timed request so the timing is on at most its share of the time", async () => {
    const seen: ObservedRequest[] = [];
    setRequestObserver((r) => seen.push(r), clock);
    const run = async (ms: number) => {
      const request = new Request("http://x/");
      await observeRequest(
        request,
        async () => (identifyRequest(request, "a", null), await pass(ms), new Response("ok")),
      );
    };
    const took = 2 * DB_SAMPLE_GAP_MS * DB_SAMPLE_SHARE;
    await run(took); // timed: the next sample may start took / share = two gaps after this one started
    now = DB_SAMPLE_GAP_MS;
    await run(0);
    now = 2 * DB_SAMPLE_GAP_MS - 1;
    await run(0);
    now = 2 * DB_SAMPLE_GAP_MS;
    await run(0);
    expect(seen.map((r) => r.dbQueries)).toEqual([0, null, null, 0]);
  });

  it("ignores an id header the client sent", async () => {
    const seen: ObservedRequest[] = [];
    setRequestObserver((r) => seen.push(r), clock);
    const victim = new Request("http://x/victim");
    await observeRequest(victim, async () => {
      // A request that names the victim's id: it gets its own.
      const spoofed = new Request("http://x/spoof", {
        headers: { [TIMING_HEADER]: victim.headers.get(TIMING_HEADER)! },
      });
      await observeRequest(spoofed, async () => {
        identifyRequest(spoofed, "attacker", null);
        return new Response("ok");
      });
      return new Response("ok");
    });
    expect(seen.map((r) => r.shopId)).toEqual(["attacker"]);
  });

  it("does not count work started outside the request, skipped requests, or anything without an observer", async () => {
    const seen: ObservedRequest[] = [];
    const adapter = await timeQueries(fakeFactory(1)).connect();
    const first = new Request("http://x/a");
    await observeRequest(first, async () => {
      identifyRequest(first, "a", null);
      return new Response("ok");
    });
    setRequestObserver((r) => seen.push(r), clock);
    const vitals = new Request("http://x/api/vitals");
    await observeRequest(vitals, async () => {
      identifyRequest(vitals, "a", null);
      skipRequestTiming(vitals);
      return new Response(null, { status: 204 });
    });
    now += DB_SAMPLE_GAP_MS;
    const second = new Request("http://x/b");
    await observeRequest(second, async () => {
      identifyRequest(second, "b", null);
      await outsideRequest(() => adapter.queryRaw());
      return new Response("ok");
    });
    expect(seen.map((r) => [r.shopId, r.dbQueries])).toEqual([["b", 0]]);
  });
});
