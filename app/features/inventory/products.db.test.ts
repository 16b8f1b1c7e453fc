// Add Product: stored locally in the demo; in a connected store created in Shopify first
// (recorded response shapes), its userErrors shown as field errors with nothing stored.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { addProduct } from "./products.server";
import { addProductSchema } from "./product-schema";

const staff = { email: "owner@example.com", name: "Owner" };
const input = (over: Record<string, string> = {}) =>
  addProductSchema.parse({
    title: "Desk Fan",
    category: "Electronics",
    sku: "FAN-1",
    price: "29.99",
    cost: "11.00",
    stock: "40",
    ...over,
  });

/** An Admin API client answering each document with a recorded response shape. */
function fakeAdmin(answers: Record<string, unknown>) {
  const calls: { query: string; variables: unknown }[] = [];
  return {
    calls,
    admin: {
      graphql: async (query: string, options?: { variables?: Record<string, unknown> }) => {
        calls.push({ query, variables: options?.variables });
        const key = Object.keys(answers).find((k) => query.includes(k))!;
        return new Response(JSON.stringify({ data: answers[key] }), {
          headers: { "Content-Type": "application/json" },
        });
      },
    },
  };
}

describe("addProduct", () => {
  it("stores the product, variant, stock and planning figures in the demo; a duplicate SKU is a field error", async () => {
    const shop = await createShop();
    const { variantId } = await addProduct({ shop, staff, admin: null }, input());
    const variant = await prisma.variant.findUniqueOrThrow({ where: { id: variantId }, include: { inventory: true } });
    expect(variant).toMatchObject({
      sku: "FAN-1",
      priceMinor: 2999,
      unitCostMinor: 1100,
      inventory: { available: 40 },
    });
    expect(await prisma.inventoryPlan.findUniqueOrThrow({ where: { variantId } })).toMatchObject({
      title: "Desk Fan",
      available: 40,
    });
    await expect(addProduct({ shop, staff, admin: null }, input())).rejects.toMatchObject({
      fieldErrors: { sku: ["Another variant has this SKU"] },
    });
    expect(await prisma.product.count({ where: { shopId: shop.id } })).toBe(1);
  });

  it("rejects bad input with field errors before anything is written", () => {
    const bad = addProductSchema.safeParse({ title: "", category: "Audio", sku: "x y", price: "-1", stock: "2.5" });
    expect(bad.success).toBe(false);
    expect(Object.keys(bad.error!.flatten().fieldErrors).sort()).toEqual(["price", "sku", "stock", "title"]);
  });

  it("creates the product in Shopify first in a connected store, and shows Shopify's userErrors", async () => {
    const shop = await createShop();
    await prisma.inventoryLocationLevel.create({
      data: {
        shopId: shop.id,
        inventoryItemId: "gid://shopify/InventoryItem/1",
        locationId: "gid://shopify/Location/9",
        available: 5,
      },
    });
    const ok = fakeAdmin({
      productCreate: {
        productCreate: { product: { id: "gid://shopify/Product/77", title: "Desk Fan" }, userErrors: [] },
      },
      productVariantsBulkCreate: {
        productVariantsBulkCreate: {
          productVariants: [
            {
              id: "gid://shopify/ProductVariant/88",
              sku: "FAN-1",
              inventoryItem: { id: "gid://shopify/InventoryItem/99" },
            },
          ],
          userErrors: [],
        },
      },
    });
    const { variantId } = await addProduct({ shop, staff, admin: ok.admin }, input());
    expect(ok.calls).toHaveLength(2);
    expect(ok.calls[1].variables).toMatchObject({
      productId: "gid://shopify/Product/77",
      variants: [
        {
          price: "29.99",
          inventoryItem: { sku: "FAN-1", cost: "11.00" },
          inventoryQuantities: [{ availableQuantity: 40, locationId: "gid://shopify/Location/9" }],
        },
      ],
    });
    expect(await prisma.variant.findUniqueOrThrow({ where: { id: variantId } })).toMatchObject({
      shopifyId: "gid://shopify/ProductVariant/88",
      inventoryItemId: "gid://shopify/InventoryItem/99",
    });

    const refused = fakeAdmin({
      productCreate: {
        productCreate: { product: null, userErrors: [{ field: ["title"], message: "Title is too long" }] },
      },
    });
    await expect(addProduct({ shop, staff, admin: refused.admin }, input({ sku: "FAN-2" }))).rejects.toMatchObject({
      fieldErrors: { title: ["Shopify: Title is too long"] },
    });
    expect(await prisma.product.count({ where: { shopId: shop.id } })).toBe(1);
  });
});
