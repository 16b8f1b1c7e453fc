// Add Product: created in Shopify first when the store is connected (productCreate, then the
// variant with its SKU, price, cost and initial stock; write_products), then stored here; in
// the demo only here. userErrors come back as field errors and nothing is stored.
import { prisma } from "~/db.server";
import { FieldError, userErrorFields } from "~/lib/forms";
import { decimalStringToMinor } from "~/lib/money";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { adminOperation } from "~/features/store-sync/index.server";
import type { AddProductInput } from "./product-schema";
import { reevaluateVariants } from "./recompute.server";
import type { ShopifyAdmin } from "./shopify.server";

export const PRODUCT_CREATE = `#graphql
  mutation InventoryProductCreate($product: ProductCreateInput!) {
    productCreate(product: $product) {
      product { id title }
      userErrors { field message }
    }
  }
`;

export const VARIANT_CREATE = `#graphql
  mutation InventoryVariantCreate($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkCreate(productId: $productId, variants: $variants, strategy: REMOVE_STANDALONE_VARIANT) {
      productVariants { id sku inventoryItem { id } }
      userErrors { code field message }
    }
  }
`;

const FIELD_OF: Record<string, string> = {
  title: "title",
  productType: "category",
  price: "price",
  sku: "sku",
  cost: "cost",
};

type Shop = { id: string; currency: string; timezone: string };

export async function addProduct(actor: Actor & { shop: Shop; admin: ShopifyAdmin | null }, input: AddProductInput) {
  const shop = actor.shop;
  const priceMinor = decimalStringToMinor(input.price, shop.currency);
  const costMinor = input.cost === undefined ? null : decimalStringToMinor(input.cost, shop.currency);
  if (priceMinor === null) throw new FieldError({ price: ["Price has too many decimals for the currency"] });
  if (input.cost !== undefined && costMinor === null) throw new FieldError({ cost: ["Cost has too many decimals"] });
  if (await prisma.variant.count({ where: { shopId: shop.id, sku: input.sku } }))
    throw new FieldError({ sku: ["Another variant has this SKU"] });
  if (input.supplierId && !(await prisma.supplier.count({ where: { shopId: shop.id, id: input.supplierId } })))
    throw new FieldError({ supplierId: ["Unknown supplier"] });

  // Where the initial stock goes: the location holding the most of the shop's stock.
  const top = await prisma.inventoryLocationLevel.groupBy({
    by: ["locationId"],
    where: { shopId: shop.id },
    _sum: { available: true },
    orderBy: { _sum: { available: "desc" } },
    take: 1,
  });
  const locationId = top[0]?.locationId ?? null;

  let shopifyProductId: string | null = null;
  let shopifyVariantId: string | null = null;
  let inventoryItemId: string | null = null;
  if (actor.admin) {
    if (!locationId) throw new FieldError({ stock: ["No Shopify location is known yet: import the store first"] });
    const created = await adminOperation(actor.admin.graphql, PRODUCT_CREATE, {
      product: { title: input.title, productType: input.category, status: "ACTIVE" },
    });
    const errors = created.productCreate?.userErrors ?? [];
    if (errors.length || !created.productCreate?.product)
      throw new FieldError(userErrorFields(errors, FIELD_OF, "Shopify: "));
    shopifyProductId = created.productCreate.product.id;
    const variants = await adminOperation(actor.admin.graphql, VARIANT_CREATE, {
      productId: shopifyProductId,
      variants: [
        {
          price: input.price,
          inventoryItem: { sku: input.sku, tracked: true, ...(input.cost !== undefined ? { cost: input.cost } : {}) },
          inventoryQuantities: [{ availableQuantity: input.stock, locationId }],
        },
      ],
    });
    const vErrors = variants.productVariantsBulkCreate?.userErrors ?? [];
    const variant = variants.productVariantsBulkCreate?.productVariants?.[0];
    if (vErrors.length || !variant) throw new FieldError(userErrorFields(vErrors, FIELD_OF, "Shopify: "));
    shopifyVariantId = variant.id;
    inventoryItemId = variant.inventoryItem.id;
  }

  const result = await prisma.$transaction(async (tx) => {
    const product = await tx.product.create({
      data: { shopId: shop.id, shopifyId: shopifyProductId, title: input.title, category: input.category },
    });
    const variant = await tx.variant.create({
      data: {
        shopId: shop.id,
        productId: product.id,
        shopifyId: shopifyVariantId,
        title: "Default Title",
        sku: input.sku,
        priceMinor,
        unitCostMinor: costMinor,
        inventoryItemId,
        costUpdatedAt: costMinor === null ? null : new Date(),
      },
    });
    await tx.inventoryLevel.create({ data: { shopId: shop.id, variantId: variant.id, available: input.stock } });
    if (inventoryItemId && locationId)
      await tx.inventoryLocationLevel.create({
        data: { shopId: shop.id, inventoryItemId, locationId, available: input.stock },
      });
    if (input.supplierId)
      await tx.productSupplier.create({
        data: { shopId: shop.id, productId: product.id, supplierId: input.supplierId },
      });
    return { productId: product.id, variantId: variant.id };
  });
  await reevaluateVariants(prisma, shop, [result.variantId]);
  await recordAudit(actor, "inventory.product.add", "Product", result.productId, null, {
    title: input.title,
    sku: input.sku,
    stock: input.stock,
    shopify: !!shopifyProductId,
  });
  return result;
}
