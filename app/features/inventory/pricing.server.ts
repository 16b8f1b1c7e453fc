// Edit's price and unit cost, both owned by Shopify: in a connected store written there first
// (productVariantsBulkUpdate, the cost through the variant's inventoryItem; write_products and
// write_inventory), its userErrors shown next to the fields with nothing stored; in the demo
// only here. A cost change is also entered as a product cost from its effective day, through the
// Costs screen's own rule, so profit moves from that day on (docs/decisions/062-edit-price-and-cost.md).
import { prisma } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { FieldError, userErrorFields } from "~/lib/forms";
import { decimalStringToMinor, minorToDecimalString, tooManyDecimals } from "~/lib/money";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { addProductCost } from "~/features/profit/index.server";
import { adminOperation } from "~/features/store-sync/index.server";
import { PoError } from "./errors";
import type { PriceCostInput } from "./product-schema";
import { reevaluateVariants } from "./recompute.server";
import type { ShopifyAdmin } from "./shopify.server";

export const VARIANT_PRICE_COST_UPDATE = `#graphql
  mutation InventoryVariantPriceCostUpdate($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      productVariants { id price inventoryItem { id unitCost { amount currencyCode } } }
      userErrors { code field message }
    }
  }
`;

type Shop = { id: string; currency: string; timezone: string };

function toMinor(field: "price" | "cost", value: string, currency: string) {
  const finer = tooManyDecimals(value, currency);
  if (finer) throw new FieldError({ [field]: [finer] });
  const minor = decimalStringToMinor(value, currency);
  if (minor === null) throw new FieldError({ [field]: [`Too large for ${currency}`] });
  return minor;
}

export async function updatePriceCost(
  actor: Actor & { shop: Shop; admin: ShopifyAdmin | null },
  variantId: string,
  input: PriceCostInput,
  now = new Date(),
) {
  const shop = actor.shop;
  const variant = await prisma.variant.findFirst({
    where: { shopId: shop.id, id: variantId },
    include: { product: { select: { title: true, shopifyId: true } } },
  });
  if (!variant) throw new PoError(404, "Not found");
  const priceMinor = toMinor("price", input.price, shop.currency);
  const costMinor = input.cost === undefined ? null : toMinor("cost", input.cost, shop.currency);
  const today = dayInZone(now, shop.timezone);
  const effectiveFrom = input.costEffectiveFrom ?? today;
  // Shopify's cost changes now: a cost from a later day is entered on the Costs screen.
  if (effectiveFrom > today) throw new FieldError({ costEffectiveFrom: ["The effective date cannot be after today"] });

  const priceChanged = priceMinor !== variant.priceMinor;
  const shopifyCostChanged = costMinor !== null && costMinor !== variant.unitCostMinor;
  // The same cost from an earlier day still corrects past profit.
  const costEntry = costMinor !== null && (shopifyCostChanged || effectiveFrom < today);
  if (!priceChanged && !costEntry) throw new FieldError({ _form: ["Change the price or the cost first"] });

  if (actor.admin && (priceChanged || shopifyCostChanged)) {
    if (!variant.shopifyId || !variant.product.shopifyId)
      throw new FieldError({ _form: ["This variant is not in Shopify yet: import the store first"] });
    const result = await adminOperation(actor.admin.graphql, VARIANT_PRICE_COST_UPDATE, {
      productId: variant.product.shopifyId,
      variants: [
        {
          id: variant.shopifyId,
          ...(priceChanged ? { price: input.price } : {}),
          ...(shopifyCostChanged ? { inventoryItem: { cost: input.cost } } : {}),
        },
      ],
    });
    const errors = result.productVariantsBulkUpdate?.userErrors ?? [];
    // Shopify's error path (["variants", "0", "inventoryItem", "cost"]) ends with the form's field.
    if (errors.length || !result.productVariantsBulkUpdate?.productVariants?.length)
      throw new FieldError(
        errors.length
          ? userErrorFields(errors, { price: "price", cost: "cost" }, "Shopify: ")
          : { _form: ["Shopify did not update the variant"] },
      );
  }

  await prisma.variant.update({
    where: { id: variant.id },
    data: {
      priceMinor,
      ...(shopifyCostChanged ? { unitCostMinor: costMinor, costUpdatedAt: now } : {}),
    },
  });
  if (costEntry) {
    const supplier = await supplierNameOf(shop.id, variant.id, variant.productId);
    await addProductCost(shop, {
      productName: variant.product.title,
      sku: variant.sku ?? undefined,
      costPerUnit: minorToDecimalString(costMinor!, shop.currency),
      supplier: supplier ?? undefined,
      effectiveFrom,
    });
  }
  await reevaluateVariants(prisma, shop, [variant.id], now);
  await recordAudit(
    actor,
    "inventory.variant.price_cost",
    "Variant",
    variant.id,
    { priceMinor: variant.priceMinor, unitCostMinor: variant.unitCostMinor },
    {
      priceMinor,
      unitCostMinor: shopifyCostChanged ? costMinor : variant.unitCostMinor,
      ...(costEntry ? { costEffectiveFrom: effectiveFrom } : {}),
      shopify: !!actor.admin,
    },
  );
  return { priceChanged, costChanged: costEntry, effectiveFrom };
}

async function supplierNameOf(shopId: string, variantId: string, productId: string) {
  const own = await prisma.variantPlanning.findFirst({ where: { shopId, variantId }, select: { supplierId: true } });
  const product = own?.supplierId
    ? null
    : await prisma.productSupplier.findFirst({ where: { shopId, productId }, select: { supplierId: true } });
  const id = own?.supplierId ?? product?.supplierId;
  if (!id) return null;
  return (await prisma.supplier.findFirst({ where: { shopId, id }, select: { name: true } }))?.name ?? null;
}
