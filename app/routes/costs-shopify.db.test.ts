// The "Cost per item in Shopify" card's route as the browser calls it (a signed form post):
// a Viewer gets 403 and nothing written, bad input is a 400 with field errors, and while
// Shopify is the source of truth an edit on /costs is a 409 with the reason, nothing written.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createProduct, createShop } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import { tableCounts } from "~tests/table-counts";
import { action as shopifyCostsAction } from "~/routes/costs.shopify-costs";
import { action as costsAction } from "~/routes/_admin.costs";

type Handler = (args: { request: Request; params: object; context: object }) => Promise<unknown>;
let shop: { id: string; domain: string };
let other: { id: string };

async function post(
  handler: Handler,
  role: "owner" | "admin" | "viewer",
  path: string,
  fields: Record<string, string>,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = await requestAs(role, shop.domain, path, { method: "POST", body: form });
  const result = (await handler({ request, params: {}, context: {} })) as {
    data?: unknown;
    init?: { status?: number };
  };
  return { status: result.init?.status ?? 200, body: (result.data ?? result) as Record<string, unknown> };
}

const sourceOf = async (shopId: string) =>
  (await prisma.shopSettings.findUnique({ where: { shopId } }))?.costSource ?? "app";

beforeAll(async () => {
  shop = await createShop({ domain: "cost-source.myshopify.com" });
  other = await createShop({ domain: "cost-source-other.myshopify.com" });
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "pro" } });
  await installTeam(shop);
  await createProduct(shop.id, { title: "Alpha", sku: "A", priceMinor: 10_00, unitCostMinor: 4_00 });
});

describe("cost per item in Shopify route", () => {
  it("refuses a Viewer (403) and bad input (400), writing nothing", async () => {
    const before = await tableCounts();
    for (const intent of ["source", "preview", "import", "undo", "push"]) {
      const refused = await post(shopifyCostsAction as never, "viewer", "/costs/shopify-costs", {
        intent,
        costSource: "shopify",
      });
      expect(refused.status).toBe(403);
    }
    const badDate = await post(shopifyCostsAction as never, "admin", "/costs/shopify-costs", {
      intent: "preview",
      effectiveDate: "2026-13-45",
    });
    expect(badDate).toMatchObject({
      status: 400,
      body: { fieldErrors: { effectiveDate: ["Use a date as YYYY-MM-DD"] } },
    });
    const badSource = await post(shopifyCostsAction as never, "admin", "/costs/shopify-costs", {
      intent: "source",
      costSource: "elsewhere",
    });
    expect(badSource.status).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });

  it("an Admin makes Shopify the source; then a cost edit on /costs is a 409 with the reason; the other shop is untouched", async () => {
    const set = await post(shopifyCostsAction as never, "admin", "/costs/shopify-costs", {
      intent: "source",
      costSource: "shopify",
    });
    expect(set).toMatchObject({ status: 200, body: { ok: true, costSource: "shopify" } });
    expect(await sourceOf(shop.id)).toBe("shopify");
    expect(await sourceOf(other.id)).toBe("app");
    const audit = await prisma.auditEntry.findFirst({ where: { shopId: shop.id, action: "costs.cost_source.update" } });
    expect(audit).not.toBeNull();

    const before = await tableCounts();
    const edit = await post(costsAction as never, "admin", "/costs", {
      intent: "addProductCost",
      productName: "Alpha",
      sku: "A",
      costPerUnit: "5.00",
      effectiveFrom: "2026-06-01",
    });
    expect(edit.status).toBe(409);
    expect(JSON.stringify(edit.body)).toContain("come from Shopify's cost per item");
    expect(await tableCounts()).toEqual(before);
  });
});
