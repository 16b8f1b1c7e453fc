// GET /api/stores/{storeId}/inventory: the authenticated shop's planning figures only, its
// filters applied, bad filters 400 with field errors, another shop's id 404.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createProduct, createShop } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { recomputeShop } from "~/features/inventory/index.server";
import { loader } from "~/routes/api.stores.$storeId.inventory";

const A = "inventory-api-a.myshopify.com";
const B = "inventory-api-b.myshopify.com";
let a: { id: string; timezone: string };
let b: { id: string; timezone: string };

async function get(domain: string, storeId: string, query = "") {
  const request = await bearerRequest(domain, `/api/stores/${storeId}/inventory${query}`);
  try {
    return (await loader({ request, params: { storeId }, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeAll(async () => {
  a = await createShop({ domain: A });
  b = await createShop({ domain: B });
  await installSession(A);
  await installSession(B);
  for (const [shop, available, title] of [
    [a, 0, "Empty Speaker"],
    [a, 50, "Full Speaker"],
    [b, 0, "Their Speaker"],
  ] as const) {
    const p = await createProduct(shop.id, { title, category: "Audio" });
    await prisma.inventoryLevel.create({ data: { shopId: shop.id, variantId: p.variant.id, available } });
  }
  await recomputeShop(a);
  await recomputeShop(b);
});

describe("GET /api/stores/{storeId}/inventory", () => {
  it("lists the shop's own variants with their planning figures and alert counts", async () => {
    const res = await get(A, a.id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(2);
    expect(body.variants.map((v: { title: string }) => v.title).sort()).toEqual(["Empty Speaker", "Full Speaker"]);
    expect(body.alerts.out.count).toBe(1);
    expect(body.variants[0]).toMatchObject({
      status: expect.any(String),
      reorderPoint: expect.any(Number),
      maths: expect.any(String),
    });
  });

  it("applies the filters", async () => {
    const body = await (await get(A, a.id, "?status=out")).json();
    expect(body.variants.map((v: { title: string }) => v.title)).toEqual(["Empty Speaker"]);
    const searched = await (await get(A, a.id, "?q=full")).json();
    expect(searched.variants.map((v: { title: string }) => v.title)).toEqual(["Full Speaker"]);
  });

  it("answers 400 with field errors for bad filters, 404 for another shop's id", async () => {
    const bad = await get(A, a.id, "?coverMin=-3&status=gone");
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).fieldErrors).sort()).toEqual(["coverMin", "status"]);
    expect((await get(A, a.id, "?pageSize=5000")).status).toBe(400);
    expect((await get(A, b.id)).status).toBe(404);
  });
});
