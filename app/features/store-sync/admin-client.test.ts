import { describe, expect, it } from "vitest";
import {
  adminRequest,
  AdminApiError,
  assertNoUserErrors,
  throttleWaitMs,
} from "~/features/store-sync/admin-client.server";
import { lines } from "~/features/store-sync/bulk.server";

const json = (body: unknown) => new Response(JSON.stringify(body));
const throttled = {
  errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
  extensions: {
    cost: {
      requestedQueryCost: 502,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2, restoreRate: 100 },
    },
  },
};

describe("adminRequest", () => {
  it("waits for the bucket to refill and retries when THROTTLED", async () => {
    const answers = [json(throttled), json({ data: { shop: { name: "Fixture" } } })];
    const waits: number[] = [];
    const data = await adminRequest<{ shop: { name: string } }>(
      async () => answers.shift()!,
      "query { shop { name } }",
      {},
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(data.shop.name).toBe("Fixture");
    expect(waits).toEqual([5_250]); // (502 − 2) / 100 per second, plus a margin
  });

  it("retries a throttled error thrown by the Shopify client (HTTP 429 with Retry-After)", async () => {
    let calls = 0;
    const waits: number[] = [];
    const graphql = async () => {
      if (++calls === 1) throw Object.assign(new Error("Shopify is throttling requests"), { code: 429, retryAfter: 2 });
      return json({ data: { ok: true } });
    };
    await expect(
      adminRequest(graphql, "query { ok }", {}, { sleep: async (ms) => void waits.push(ms) }),
    ).resolves.toEqual({ ok: true });
    expect(waits).toEqual([2_000]);
  });

  it("gives up after the retries and reports other errors with their code", async () => {
    await expect(
      adminRequest(async () => json(throttled), "q", {}, { maxRetries: 2, sleep: async () => {} }),
    ).rejects.toMatchObject({ code: "THROTTLED" });
    await expect(
      adminRequest(
        async () => json({ errors: [{ message: "Access denied", extensions: { code: "ACCESS_DENIED" } }] }),
        "q",
      ),
    ).rejects.toMatchObject({
      name: "AdminApiError",
      code: "ACCESS_DENIED",
      message: "Access denied",
    });
  });

  it("falls back to exponential waits without a cost extension", () => {
    expect(throttleWaitMs(undefined, 0)).toBe(1000);
    expect(throttleWaitMs(undefined, 3)).toBe(8000);
    expect(throttleWaitMs(undefined, 10)).toBe(30_000);
  });
});

describe("userErrors", () => {
  it("are never ignored", () => {
    expect(() =>
      assertNoUserErrors([{ field: ["query"], message: "Invalid bulk query", code: "INVALID" }], "Could not start"),
    ).toThrow(AdminApiError);
    expect(() => assertNoUserErrors([], "x")).not.toThrow();
  });
});

describe("lines", () => {
  it("splits a byte stream into lines across chunk boundaries, multi-byte characters included", async () => {
    const text = '{"title":"Café ☕"}\n{"id":2}\n\n{"id":3}';
    const bytes = new TextEncoder().encode(text);
    async function* chunks() {
      for (let i = 0; i < bytes.length; i += 3) yield bytes.slice(i, i + 3);
    }
    const out: string[] = [];
    for await (const line of lines(chunks())) out.push(line);
    expect(out.map((l) => JSON.parse(l))).toEqual([{ title: "Café ☕" }, { id: 2 }, { id: 3 }]);
  });
});
