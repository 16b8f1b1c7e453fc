// The demo's inventory planning (issue 14): suppliers by category, two stock locations,
// stock-out history (so velocity leaves those days out), a few purchase orders, and the
// planning figures computed by app/features/inventory exactly as for a real store.
import type { PrismaClient } from "../generated/sqlite";

const DAY = 86_400_000;

const SUPPLIERS = [
  {
    name: "Northwind Electronics",
    email: "orders@northwind.example",
    leadTimeDays: 21,
    minOrderQty: 12,
    casePack: 6,
    category: "Electronics",
  },
  {
    name: "Pacific Audio Supply",
    email: "purchasing@pacific-audio.example",
    leadTimeDays: 14,
    minOrderQty: 10,
    casePack: 5,
    category: "Audio",
  },
  {
    name: "Wearable Works",
    email: "sales@wearable-works.example",
    leadTimeDays: 10,
    minOrderQty: 6,
    casePack: 3,
    category: "Wearables",
  },
  {
    name: "Compute Direct",
    email: "po@compute-direct.example",
    leadTimeDays: 28,
    minOrderQty: 5,
    casePack: 1,
    category: "Computers",
  },
];

/** Deterministic 0..1 from a string (the seed's variants have stable ids). */
function unit(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

export async function seedInventory(
  db: PrismaClient,
  shop: { id: string; currency: string; timezone: string },
  now = new Date(),
): Promise<{ suppliers: number; purchaseOrders: number; variants: number; alerts: number }> {
  const suppliers = [];
  for (const s of SUPPLIERS) {
    const { category: _c, ...data } = s;
    suppliers.push({
      ...(await db.supplier.create({ data: { shopId: shop.id, currency: shop.currency, ...data } })),
      category: s.category,
    });
  }
  const products = await db.product.findMany({ where: { shopId: shop.id }, select: { id: true, category: true } });
  const byCategory = new Map(suppliers.map((s) => [s.category, s.id]));
  await db.productSupplier.createMany({
    data: products.flatMap((p) => {
      const supplierId = byCategory.get(p.category);
      return supplierId ? [{ shopId: shop.id, productId: p.id, supplierId }] : [];
    }),
  });

  // Two locations: the warehouse holds 50–90% of each item (about 70% of the shop's units), so
  // the per-location figures differ from item to item.
  const variants = await db.variant.findMany({
    where: { shopId: shop.id },
    select: {
      id: true,
      shopifyId: true,
      inventoryItemId: true,
      priceMinor: true,
      unitCostMinor: true,
      inventory: { select: { available: true } },
    },
    orderBy: { id: "asc" },
  });
  const levels = [];
  for (const v of variants) {
    const item = v.inventoryItemId ?? `gid://shopify/InventoryItem/${v.shopifyId ?? v.id}`;
    if (!v.inventoryItemId) await db.variant.update({ where: { id: v.id }, data: { inventoryItemId: item } });
    const available = v.inventory?.available ?? 0;
    const warehouse = Math.round(available * (0.5 + 0.4 * unit(`${v.id}:location`)));
    levels.push(
      { shopId: shop.id, inventoryItemId: item, locationId: "gid://shopify/Location/1", available: warehouse },
      {
        shopId: shop.id,
        inventoryItemId: item,
        locationId: "gid://shopify/Location/2",
        available: available - warehouse,
      },
    );
  }
  for (let i = 0; i < levels.length; i += 2000)
    await db.inventoryLocationLevel.createMany({ data: levels.slice(i, i + 2000) });

  // Stock-out history: variants out of stock now ran out 2–12 days ago; a few others were out for a while last month.
  const periods = [];
  for (const v of variants) {
    const r = unit(v.id);
    if ((v.inventory?.available ?? 0) <= 0)
      periods.push({
        shopId: shop.id,
        variantId: v.id,
        startedAt: new Date(now.getTime() - (2 + Math.floor(r * 10)) * DAY),
      });
    else if (r < 0.08) {
      const start = now.getTime() - (12 + Math.floor(r * 200)) * DAY;
      periods.push({
        shopId: shop.id,
        variantId: v.id,
        startedAt: new Date(start),
        endedAt: new Date(start + 4 * DAY),
      });
    }
  }
  await db.stockoutPeriod.createMany({ data: periods });

  // Purchase orders: one received last month, one ordered and on its way, one draft.
  const bySupplier = (i: number) => variants.filter((_, k) => k % SUPPLIERS.length === i).slice(0, 3);
  const orders = [
    { number: 1, supplier: suppliers[0], status: "received", days: 35 },
    { number: 2, supplier: suppliers[1], status: "ordered", days: 6 },
    { number: 3, supplier: suppliers[2], status: "draft", days: 1 },
  ];
  for (const [i, o] of orders.entries()) {
    const at = new Date(now.getTime() - o.days * DAY);
    await db.purchaseOrder.create({
      data: {
        shopId: shop.id,
        number: o.number,
        supplierId: o.supplier.id,
        currency: shop.currency,
        status: o.status,
        createdAt: at,
        orderedAt: o.status === "draft" ? null : at,
        receivedAt: o.status === "received" ? new Date(at.getTime() + 20 * DAY) : null,
        lines: {
          create: bySupplier(i).map((v) => ({
            shopId: shop.id,
            variantId: v.id,
            quantity: 24,
            receivedQty: o.status === "received" ? 24 : 0,
            unitCostMinor: v.unitCostMinor,
          })),
        },
      },
    });
  }

  const { recomputeShop } = await import("~/features/inventory/recompute.server");
  const result = await recomputeShop(shop, now);
  return {
    suppliers: suppliers.length,
    purchaseOrders: orders.length,
    variants: result.variants,
    alerts: result.opened,
  };
}
