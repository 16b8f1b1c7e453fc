// Test data builders on the real database (the demo seed uses the same models).
import { prisma } from "~/db.server";
import { recordOrder, type OrderLineInput } from "~/features/profit/rollups.server";

let counter = 0;
const next = () => ++counter;

export async function createShop(
  overrides: Partial<{ domain: string; name: string; currency: string; timezone: string; ownerName: string }> = {},
) {
  const n = next();
  return prisma.shop.create({
    data: {
      domain: overrides.domain ?? `shop-${n}-${Date.now()}.myshopify.com`,
      name: overrides.name ?? `Shop ${n}`,
      currency: overrides.currency ?? "USD",
      timezone: overrides.timezone ?? "UTC",
      ownerName: overrides.ownerName ?? "Sam Owner",
    },
  });
}

export async function createProduct(
  shopId: string,
  input: { title?: string; category?: string; sku?: string; priceMinor?: number; unitCostMinor?: number | null } = {},
) {
  const n = next();
  const product = await prisma.product.create({
    data: { shopId, title: input.title ?? `Product ${n}`, category: input.category ?? "Electronics" },
  });
  const variant = await prisma.variant.create({
    data: {
      shopId,
      productId: product.id,
      title: "Default",
      sku: input.sku ?? `SKU-${n}`,
      priceMinor: input.priceMinor ?? 10_000,
      unitCostMinor: input.unitCostMinor === undefined ? 4_000 : input.unitCostMinor,
    },
  });
  return { product, variant };
}

type Item = {
  product: { id: string; title: string };
  variant: { id: string; sku: string | null; priceMinor: number; unitCostMinor: number | null };
};

export function line(item: Item, quantity = 1): OrderLineInput {
  return {
    productId: item.product.id,
    variantId: item.variant.id,
    title: item.product.title,
    sku: item.variant.sku,
    quantity,
    unitPriceMinor: item.variant.priceMinor,
    unitCostMinor: item.variant.unitCostMinor,
  };
}

export async function createOrder(
  shopId: string,
  day: string,
  lines: OrderLineInput[],
  extra: Partial<Parameters<typeof recordOrder>[2]> = {},
) {
  const n = next();
  return recordOrder(prisma, shopId, {
    name: `#${1000 + n}`,
    processedAt: new Date(`${day}T12:00:00Z`),
    day,
    currency: "USD",
    lines,
    ...extra,
  });
}
