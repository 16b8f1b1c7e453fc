// Bulk Actions → Export CSV: the shop's own figures, the list's filters or the selection,
// cells that look like formulas guarded, bad filters 400.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createProduct, createShop } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import { recomputeShop } from "~/features/inventory/index.server";
import { loader } from "~/routes/inventory.export";

let shop: { id: string; domain: string; timezone: string };
const ids: string[] = [];

async function csv(query: string) {
  const res = (await loader({
    request: await requestAs("owner", shop.domain, `/inventory/export${query}`),
    params: {},
    context: {},
  })) as Response;
  return { status: res.status, text: await res.text(), type: res.headers.get("Content-Type") };
}

beforeAll(async () => {
  shop = await createShop({ domain: "inventory-export.myshopify.com" });
  const other = await createShop();
  await installTeam(shop);
  for (const [title, available] of [
    ["=HYPERLINK(1)", 0],
    ["Calm Lamp", 40],
  ] as const) {
    const p = await createProduct(shop.id, { title, category: "Electronics" });
    await prisma.inventoryLevel.create({ data: { shopId: shop.id, variantId: p.variant.id, available } });
    ids.push(p.variant.id);
  }
  await createProduct(other.id, { title: "Not Mine" });
  await recomputeShop(shop);
  await recomputeShop({ id: other.id, timezone: "UTC" });
});

describe("GET /inventory/export", () => {
  it("streams the filtered list as CSV with formula-like cells guarded", async () => {
    const all = await csv("");
    expect(all.status).toBe(200);
    expect(all.type).toMatch(/text\/csv/);
    const lines = all.text.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^SKU,Product,Category,Supplier,Status,Available/);
    expect(lines).toHaveLength(3);
    expect(all.text).toContain("'=HYPERLINK(1)");
    expect(all.text).not.toContain("Not Mine");
    const out = await csv("?status=out");
    expect(out.text.trim().split(/\r?\n/)).toHaveLength(2);
    const picked = await csv(`?ids=${ids[1]}`);
    expect(picked.text).toContain("Calm Lamp");
    expect(picked.text).not.toContain("HYPERLINK");
  });

  it("answers 400 for bad filters", async () => {
    expect((await csv("?velocityMin=abc")).status).toBe(400);
    expect((await csv("?ids=bad id")).status).toBe(400);
  });
});
