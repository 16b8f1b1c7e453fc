// storeApi's contract, the same for every /api/stores/{storeId}/… route: who may call,
// which store, which method, what body, and how a refused request answers.
import { beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { FieldError } from "~/lib/forms";
import { json } from "~/platform/http.server";
import { createShop } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { answeringRefusals, storeApi } from "~/features/shop/index.server";

const A = "store-api-a.myshopify.com";
const B = "store-api-b.myshopify.com";
let shopA: { id: string };
let shopB: { id: string };

beforeAll(async () => {
  shopA = await createShop({ domain: A });
  shopB = await createShop({ domain: B });
  await installSession(A);
  await installSession(B);
});

/** A refusal with its own HTTP answer, as a feature's rule would raise it. */
class Refused extends Error {
  readonly status = 409;
  responseBody() {
    return { error: this.message, code: "refused", limit: 3 };
  }
}

const schema = z.object({ name: z.string().min(1, "Name is required"), qty: z.coerce.number().int() });

const route = storeApi({
  permission: "write",
  methods: ["POST"],
  allow: ["GET", "POST"],
  body: schema,
  handle: async ({ ctx, body, params }) => {
    expectTypeOf(body).toEqualTypeOf<{ name: string; qty: number }>();
    if (body.name === "field") throw new FieldError({ name: ["Already taken"] });
    if (body.name === "refuse") throw new Refused("Over the limit");
    if (body.name === "crash") throw new Error("a real fault");
    // Prisma's "transaction could not start in time" (a write held the database past the wait).
    if (body.name === "busy") throw Object.assign(new Error("Transaction API error"), { code: "P2028" });
    return json({ shop: ctx.shop.id, params, body }, { status: 201 });
  },
});

async function call(
  path: { storeId: string; itemId?: string },
  init: RequestInit & { json?: unknown } = { method: "POST" },
  handler = route,
) {
  const { json: payload, ...rest } = init;
  const request = await bearerRequest(A, `/api/stores/${path.storeId}/items`, {
    ...rest,
    headers: { "Content-Type": "application/json" },
    body: payload === undefined ? rest.body : JSON.stringify(payload),
  });
  try {
    return await handler({ request, params: path, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("storeApi", () => {
  it("hands the handler the caller's shop, the checked params and the parsed body", async () => {
    const res = await call({ storeId: shopA.id, itemId: "it_1" }, { method: "POST", json: { name: "Mug", qty: "2" } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      shop: shopA.id,
      params: { storeId: shopA.id, itemId: "it_1" },
      body: { name: "Mug", qty: 2 },
    });
  });

  it("answers 404 for another shop's store id and for a malformed id, before the method or body", async () => {
    for (const path of [{ storeId: shopB.id }, { storeId: shopA.id, itemId: "../etc" }]) {
      const res = await call(path, { method: "GET" });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Not found" });
    }
  });

  it("answers 405 with the route's Allow header for a method this export does not take", async () => {
    const res = await call({ storeId: shopA.id }, { method: "PUT", json: { name: "Mug", qty: 1 } });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, POST");
    expect(await res.json()).toEqual({ error: "Method not allowed" });
  });

  it("answers 400 for a body that is not JSON, for unstorable text and for a body the schema refuses", async () => {
    const malformed = await call({ storeId: shopA.id }, { method: "POST", body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The request body must be JSON." });

    const nul = await call({ storeId: shopA.id }, { method: "POST", json: { name: "a\u0000b", qty: 1 } });
    expect(nul.status).toBe(400);
    expect(Object.keys((await nul.json()).fieldErrors)).toEqual(["name"]);

    const invalid = await call({ storeId: shopA.id }, { method: "POST", json: { name: "", qty: 1.5 } });
    expect(invalid.status).toBe(400);
    const body = await invalid.json();
    expect(body.error).toBe("Please correct the highlighted fields.");
    expect(body.fieldErrors.name).toEqual(["Name is required"]);
    expect(body.fieldErrors.qty).toHaveLength(1);
  });

  it("answers a FieldError as 400 with its field errors", async () => {
    const res = await call({ storeId: shopA.id }, { method: "POST", json: { name: "field", qty: 1 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "Please correct the highlighted fields.",
      fieldErrors: { name: ["Already taken"] },
    });
  });

  it("answers an error that knows its HTTP answer with its status and body", async () => {
    const res = await call({ storeId: shopA.id }, { method: "POST", json: { name: "refuse", qty: 1 } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "Over the limit", code: "refused", limit: 3 });
  });

  it("answers a write that lost a race for the database with 503 and Retry-After, not a 500", async () => {
    const res = await call({ storeId: shopA.id }, { method: "POST", json: { name: "busy", qty: 1 } });
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("1");
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^The store's database is busy/) });
  });

  it("lets any other error propagate (a real fault, not an answer)", async () => {
    await expect(call({ storeId: shopA.id }, { method: "POST", json: { name: "crash", qty: 1 } })).rejects.toThrow(
      "a real fault",
    );
  });

  it("without a schema: GET by default, and the body is not read", async () => {
    const loader = storeApi({
      permission: "read",
      handle: async ({ body }) => {
        expectTypeOf(body).toEqualTypeOf<undefined>();
        return json({ body: body ?? null });
      },
    });
    const ok = await call({ storeId: shopA.id }, { method: "GET" }, loader);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ body: null });
    const post = await call({ storeId: shopA.id }, { method: "POST", body: "{not json" }, loader);
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
  });
});

describe("answeringRefusals (an admin page's action)", () => {
  it("answers a write that lost a race for the database as a refusal with 503, and lets a real fault through", async () => {
    const busy = answeringRefusals(async () => {
      throw Object.assign(new Error("Transaction API error"), { code: "P2028" });
    });
    const answer = (await busy({})) as { type: string; data: unknown; init: { status: number; headers: unknown } };
    expect(answer.init.status).toBe(503);
    expect(answer.data).toEqual({
      ok: false,
      refused: expect.stringMatching(/^The store's database is busy/),
      fieldErrors: {},
    });
    const fault = answeringRefusals(async () => {
      throw new Error("a real fault");
    });
    await expect(fault({})).rejects.toThrow("a real fault");
  });
});
