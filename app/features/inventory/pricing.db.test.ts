// Edit's price and cost: stored locally in the demo, written to Shopify first in a connected
// store (recorded response shapes; the document is validated against the schema), and a cost
// counted in profit from its effective day through the Costs screen's rule.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { fixture, jsonResponse, schemaErrors } from "~tests/shopify-admin";
import { updatePriceCost } from "./pricing.server";
import { priceCostSchema } from "./product-schema";
import { reevaluateVariants } from "./recompute.server";

const staff = { email: "owner@example.com", name: "Owner" };
const NOW = new Date("2026-06-20T12:00:00Z");
const input = (over: Record<string, string> = {}) => priceCostSchema.parse({ price: "100.00", ...over });

/** Shopify's Admin API answering with a recorded response, after checking the document against the schema. */
function recordedAdmin(name: string) {
  const calls: { query: string; variables: unknown }[] = [];
  return {
    calls,
    admin: {
      graphql: async (query: string, options?: { variables?: Record<string, unknown> }) => {
        calls.push({ query, variables: options?.variables });
        return schemaErrors(query) ?? jsonResponse(fixture(name));
      },
    },
  };
}

const cogsOn = async (shopId: string, day: string) =>
  (await prisma.dailyRollup.findUnique({ where: { shopId_day: { shopId, day } } }))?.cogsMinor ?? 0;

describe("updatePriceCost", () => {
  it("in the demo changes the stored price and cost; profit moves from the effective day only", async () => {
    const shop = await createShop();
    const item = await createProduct(shop.id, {
      title: "Lamp",
      sku: "LAMP-1",
      priceMinor: 10_000,
      unitCostMinor: 4_000,
    });
    await createOrder(shop.id, "2026-06-01", [line(item, 2)]);
    await createOrder(shop.id, "2026-06-15", [line(item, 3)]);
    await reevaluateVariants(prisma, shop, [item.variant.id], NOW);

    const result = await updatePriceCost(
      { shop, staff, admin: null },
      item.variant.id,
      input({ price: "120.00", cost: "45.50", costEffectiveFrom: "2026-06-10" }),
      NOW,
    );
    expect(result).toMatchObject({ priceChanged: true, costChanged: true, effectiveFrom: "2026-06-10" });
    expect(await prisma.variant.findUniqueOrThrow({ where: { id: item.variant.id } })).toMatchObject({
      priceMinor: 12_000,
      unitCostMinor: 4_550,
    });
    // Before the effective day the old cost stands; from it on, the new one.
    expect(await cogsOn(shop.id, "2026-06-01")).toBe(2 * 4_000);
    expect(await cogsOn(shop.id, "2026-06-15")).toBe(3 * 4_550);
    expect(await prisma.productCost.findMany({ where: { shopId: shop.id } })).toMatchObject([
      { sku: "LAMP-1", costPerUnitMinor: 4_550, effectiveFrom: "2026-06-10" },
    ]);
    expect(await prisma.inventoryPlan.findUniqueOrThrow({ where: { variantId: item.variant.id } })).toMatchObject({
      priceMinor: 12_000,
    });
    const audit = await prisma.auditEntry.findFirstOrThrow({
      where: { shopId: shop.id, action: "inventory.variant.price_cost" },
    });
    expect(audit.entityId).toBe(item.variant.id);
  });

  it("a price change alone adds no product cost; a blank effective date means today", async () => {
    const shop = await createShop();
    const item = await createProduct(shop.id, { priceMinor: 10_000, unitCostMinor: 4_000 });
    await updatePriceCost({ shop, staff, admin: null }, item.variant.id, input({ price: "99.99" }), NOW);
    expect(await prisma.productCost.count({ where: { shopId: shop.id } })).toBe(0);
    const { effectiveFrom } = await updatePriceCost(
      { shop, staff, admin: null },
      item.variant.id,
      input({ price: "99.99", cost: "41" }),
      NOW,
    );
    expect(effectiveFrom).toBe("2026-06-20");
  });

  it("refuses another shop's variant (404), a future effective date and no change (400), writing nothing", async () => {
    const shop = await createShop();
    const other = await createShop();
    const theirs = await createProduct(other.id, { priceMinor: 5_000 });
    await expect(
      updatePriceCost({ shop, staff, admin: null }, theirs.variant.id, input({ price: "1.00" }), NOW),
    ).rejects.toMatchObject({ status: 404 });
    expect((await prisma.variant.findUniqueOrThrow({ where: { id: theirs.variant.id } })).priceMinor).toBe(5_000);

    const mine = await createProduct(shop.id, { priceMinor: 10_000, unitCostMinor: 4_000 });
    await expect(
      updatePriceCost(
        { shop, staff, admin: null },
        mine.variant.id,
        input({ cost: "50", costEffectiveFrom: "2026-06-21" }),
        NOW,
      ),
    ).rejects.toMatchObject({ fieldErrors: { costEffectiveFrom: ["The effective date cannot be after today"] } });
    await expect(
      updatePriceCost({ shop, staff, admin: null }, mine.variant.id, input({ cost: "40.00" }), NOW),
    ).rejects.toMatchObject({ fieldErrors: { _form: ["Change the price or the cost first"] } });
    await expect(
      updatePriceCost({ shop, staff, admin: null }, mine.variant.id, input({ price: "1.001" }), NOW),
    ).rejects.toMatchObject({ fieldErrors: { price: [expect.any(String)] } });
    expect(await prisma.variant.findUniqueOrThrow({ where: { id: mine.variant.id } })).toMatchObject({
      priceMinor: 10_000,
      unitCostMinor: 4_000,
    });
    expect(await prisma.productCost.count({ where: { shopId: shop.id } })).toBe(0);
  });

  it("rejects bad input with field errors", () => {
    const bad = priceCostSchema.safeParse({ price: "-3", cost: "abc", costEffectiveFrom: "2026-13-40" });
    expect(Object.keys(bad.error!.flatten().fieldErrors).sort()).toEqual(["cost", "costEffectiveFrom", "price"]);
  });

  it("writes a connected store's price and cost to Shopify first; its userErrors are field errors", async () => {
    const shop = await createShop();
    const item = await createProduct(shop.id, { priceMinor: 3_000, unitCostMinor: 1_100 });
    await prisma.product.update({ where: { id: item.product.id }, data: { shopifyId: "gid://shopify/Product/77" } });
    await prisma.variant.update({
      where: { id: item.variant.id },
      data: { shopifyId: "gid://shopify/ProductVariant/88", inventoryItemId: "gid://shopify/InventoryItem/99" },
    });

    const refused = recordedAdmin("variant-price-cost-update-user-errors.json");
    await expect(
      updatePriceCost(
        { shop, staff, admin: refused.admin },
        item.variant.id,
        input({ price: "34.50", cost: "12.25" }),
        NOW,
      ),
    ).rejects.toMatchObject({
      fieldErrors: {
        price: ["Shopify: Price must be greater than or equal to 0"],
        cost: ["Shopify: Cost is not a valid amount"],
      },
    });
    expect(await prisma.variant.findUniqueOrThrow({ where: { id: item.variant.id } })).toMatchObject({
      priceMinor: 3_000,
      unitCostMinor: 1_100,
    });
    expect(await prisma.productCost.count({ where: { shopId: shop.id } })).toBe(0);

    const ok = recordedAdmin("variant-price-cost-update.json");
    await updatePriceCost(
      { shop, staff, admin: ok.admin },
      item.variant.id,
      input({ price: "34.50", cost: "12.25" }),
      NOW,
    );
    expect(ok.calls).toHaveLength(1);
    expect(ok.calls[0].variables).toEqual({
      productId: "gid://shopify/Product/77",
      variants: [{ id: "gid://shopify/ProductVariant/88", price: "34.50", inventoryItem: { cost: "12.25" } }],
    });
    expect(await prisma.variant.findUniqueOrThrow({ where: { id: item.variant.id } })).toMatchObject({
      priceMinor: 3_450,
      unitCostMinor: 1_225,
    });

    // A variant not yet linked to Shopify is not changed here alone.
    const local = await createProduct(shop.id, { priceMinor: 3_000 });
    await expect(
      updatePriceCost({ shop, staff, admin: ok.admin }, local.variant.id, input({ price: "10.00" }), NOW),
    ).rejects.toMatchObject({ fieldErrors: { _form: [expect.stringContaining("not in Shopify")] } });
  });
});
