// Purchase orders: one draft per supplier with the suggested quantities, receiving changes
// stock once however often it is submitted, illegal moves are 409, other shops' orders 404.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createProduct, createShop } from "~tests/factories";
import {
  createDraftOrders,
  PoError,
  cancelOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  markOrdered,
  receiveOrder,
} from "./purchase-orders.server";
import { recomputeShop } from "./recompute.server";
import { deleteSupplier, openOrdersBySupplier, updatePlanning } from "./settings.server";

const staff = { email: "owner@example.com", name: "Owner" };
type Shop = Awaited<ReturnType<typeof createShop>>;

async function stocked(shop: Shop, available: number, supplierId: string | null) {
  const item = await createProduct(shop.id, { title: `Item ${available}` });
  await prisma.inventoryLevel.create({ data: { shopId: shop.id, variantId: item.variant.id, available } });
  if (supplierId)
    await prisma.productSupplier.create({ data: { shopId: shop.id, productId: item.product.id, supplierId } });
  return item.variant.id;
}

describe("purchase orders", () => {
  let shop: Shop;
  let other: Shop;
  let a: string;
  let b: string;
  let c: string;
  let orphan: string;
  const actor = () => ({ shop, staff });

  beforeAll(async () => {
    shop = await createShop();
    other = await createShop();
    const acme = await prisma.supplier.create({
      data: { shopId: shop.id, name: "Acme", email: "po@acme.example", minOrderQty: 10, casePack: 4, currency: "USD" },
    });
    const zen = await prisma.supplier.create({ data: { shopId: shop.id, name: "Zen", currency: "USD" } });
    a = await stocked(shop, 0, acme.id);
    b = await stocked(shop, 3, acme.id);
    c = await stocked(shop, 1, zen.id);
    orphan = await stocked(shop, 2, null);
    await recomputeShop(shop);
  });

  it("drafts one order per supplier; a variant without a supplier is a field error", async () => {
    await expect(createDraftOrders(actor(), [a, orphan])).rejects.toMatchObject({
      fieldErrors: { supplierId: expect.any(Array) },
    });
    expect(await prisma.purchaseOrder.count({ where: { shopId: shop.id } })).toBe(0);
    const created = await createDraftOrders(actor(), [a, b, c]);
    expect(created).toHaveLength(2);
    const acme = await getPurchaseOrder(shop, created.find((p) => p.number === 1)!.id);
    // Nothing sells: at least the minimum order, rounded up to the case pack (10 → 12).
    expect(acme.lines.map((l) => l.quantity)).toEqual([12, 12]);
    // The drafts count as on order.
    expect((await prisma.inventoryPlan.findUniqueOrThrow({ where: { variantId: a } })).onOrder).toBe(12);
  });

  it("a second Reorder adds to the supplier's open draft instead of drafting another", async () => {
    const before = await prisma.purchaseOrder.count({ where: { shopId: shop.id } });
    const [draft] = await prisma.purchaseOrder.findMany({ where: { shopId: shop.id, number: 1 } });
    // The same variant again: the draft is reused, its line left as it is.
    const [again] = await createDraftOrders(actor(), [a]);
    expect(again).toMatchObject({ id: draft!.id, existing: true, added: 0, supplier: "Acme" });
    // Another variant of the same supplier: added to that draft.
    const d = await stocked(shop, 0, draft!.supplierId);
    await recomputeShop(shop);
    const [added] = await createDraftOrders(actor(), [d]);
    expect(added).toMatchObject({ id: draft!.id, existing: true, added: 1 });
    expect(await prisma.purchaseOrder.count({ where: { shopId: shop.id } })).toBe(before);
    const lines = await prisma.purchaseOrderLine.findMany({ where: { purchaseOrderId: draft!.id } });
    expect(lines.map((l) => l.variantId).sort()).toEqual([a, b, d].sort());
    await prisma.purchaseOrderLine.deleteMany({ where: { purchaseOrderId: draft!.id, variantId: d } });
  });

  it("two Reorders at once for one supplier leave one draft; the database refuses a second", async () => {
    const fresh = await createShop();
    const sup = await prisma.supplier.create({ data: { shopId: fresh.id, name: "Solo", currency: "USD" } });
    const v = await stocked(fresh, 0, sup.id);
    await recomputeShop(fresh);
    const [one, two] = await Promise.all([
      createDraftOrders({ shop: fresh, staff }, [v]),
      createDraftOrders({ shop: fresh, staff }, [v]),
    ]);
    expect(one[0]!.id).toBe(two[0]!.id);
    expect(await prisma.purchaseOrder.count({ where: { shopId: fresh.id, status: "draft" } })).toBe(1);
    await expect(
      prisma.purchaseOrder.create({
        data: { shopId: fresh.id, number: 99, supplierId: sup.id, currency: "USD", status: "draft" },
      }),
    ).rejects.toMatchObject({ code: "P2002" });
  });

  it("another shop's variant is 404, an unknown one 400", async () => {
    await expect(createDraftOrders({ shop: other, staff }, [a])).rejects.toBeInstanceOf(PoError);
    await expect(createDraftOrders(actor(), ["nope"])).rejects.toMatchObject({
      fieldErrors: { variantIds: ["Unknown variant"] },
    });
  });

  it("receiving twice with the same key raises stock once; receiving a draft or cancelled order is 409", async () => {
    const po = await prisma.purchaseOrder.findFirstOrThrow({
      where: { shopId: shop.id, number: 1 },
      include: { lines: true },
    });
    const line = po.lines.find((l) => l.variantId === a)!;
    await expect(
      receiveOrder(actor(), po.id, { key: "receipt-000001", lines: { [line.id]: 5 } }),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(await markOrdered(actor(), po.id)).toEqual({ emailed: true });
    await expect(markOrdered(actor(), po.id)).rejects.toMatchObject({ status: 409 });
    const outbox = await prisma.outboxMessage.findMany({ where: { shopId: shop.id, kind: "purchase_order" } });
    expect(outbox).toHaveLength(1);
    expect(outbox[0].toAddress).toBe("po@acme.example");

    const first = await receiveOrder(actor(), po.id, { key: "receipt-000002", lines: { [line.id]: 5 } });
    const again = await receiveOrder(actor(), po.id, { key: "receipt-000002", lines: { [line.id]: 5 } });
    expect(first).toEqual({ repeated: false, status: "partially_received" });
    expect(again.repeated).toBe(true);
    expect((await prisma.inventoryLevel.findUniqueOrThrow({ where: { variantId: a } })).available).toBe(5);
    const plan = await prisma.inventoryPlan.findUniqueOrThrow({ where: { variantId: a } });
    expect(plan).toMatchObject({ available: 5, onOrder: 7 });

    // More than ordered needs a confirmation.
    await expect(
      receiveOrder(actor(), po.id, { key: "receipt-000003", lines: { [line.id]: 8 } }),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect((await prisma.inventoryLevel.findUniqueOrThrow({ where: { variantId: a } })).available).toBe(5);

    await cancelOrder(actor(), po.id);
    await expect(
      receiveOrder(actor(), po.id, { key: "receipt-000004", lines: { [line.id]: 1 } }),
    ).rejects.toMatchObject({
      status: 409,
    });
    await expect(cancelOrder(actor(), po.id)).rejects.toMatchObject({ status: 409 });
  });

  it("another shop's purchase order is 404 for every action", async () => {
    const po = await prisma.purchaseOrder.findFirstOrThrow({ where: { shopId: shop.id, number: 2 } });
    const them = { shop: other, staff };
    await expect(getPurchaseOrder(other, po.id)).rejects.toMatchObject({ status: 404 });
    await expect(markOrdered(them, po.id)).rejects.toMatchObject({ status: 404 });
    await expect(cancelOrder(them, po.id)).rejects.toMatchObject({ status: 404 });
    await expect(receiveOrder(them, po.id, { key: "receipt-000005", lines: {} })).rejects.toMatchObject({
      status: 404,
    });
    expect((await prisma.purchaseOrder.findUniqueOrThrow({ where: { id: po.id } })).status).toBe("draft");
  });

  it("bulk planning edits: 1,000 variants at once, bad supplier is a field error, another shop's variant 404", async () => {
    const ids: string[] = [];
    const product = await prisma.product.create({ data: { shopId: shop.id, title: "Bulk", category: "Audio" } });
    await prisma.variant.createMany({
      data: Array.from({ length: 1000 }, (_, i) => ({
        id: `bulk-${i}`,
        shopId: shop.id,
        productId: product.id,
        title: `V${i}`,
        priceMinor: 1000,
      })),
    });
    for (let i = 0; i < 1000; i++) ids.push(`bulk-${i}`);
    await expect(
      updatePlanning(actor(), ids, { supplierId: "nope", clearSupplier: false, clearOverride: false }),
    ).rejects.toMatchObject({
      fieldErrors: { supplierId: ["Unknown supplier"] },
    });
    // Its speed (≤ 5 s for 1,000) is measured by `npm run bench:inventory`, not timed here.
    const result = await updatePlanning(actor(), ids, {
      leadTimeDays: 30,
      serviceLevel: 0.99,
      reorderPointOverride: 7,
      clearSupplier: false,
      clearOverride: false,
    });
    expect(result.updated).toBe(1000);
    expect(await prisma.inventoryPlan.count({ where: { shopId: shop.id, leadTimeDays: 30, reorderPoint: 7 } })).toBe(
      1000,
    );
    await expect(
      updatePlanning({ shop: other, staff }, [a], { leadTimeDays: 3, clearSupplier: false, clearOverride: false }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("deleting a supplier", () => {
  it("is refused while it has an open purchase order, then deletes it and unplans its variants", async () => {
    const shop = await createShop();
    const actor = { shop, staff };
    const acme = await prisma.supplier.create({ data: { shopId: shop.id, name: "Acme", currency: "USD" } });
    const v = await stocked(shop, 0, acme.id);
    await recomputeShop(shop);
    const [po] = await createDraftOrders(actor, [v]);
    expect(await openOrdersBySupplier(shop)).toEqual(new Map([[acme.id, 1]]));
    await expect(deleteSupplier(actor, acme.id)).rejects.toMatchObject({ status: 409 });
    expect(await prisma.supplier.count({ where: { id: acme.id } })).toBe(1);
    await cancelOrder(actor, po!.id);
    await deleteSupplier(actor, acme.id);
    expect(await prisma.supplier.count({ where: { id: acme.id } })).toBe(0);
    expect((await prisma.inventoryPlan.findUniqueOrThrow({ where: { variantId: v } })).supplierId).toBeNull();
    // The cancelled order keeps its lines and says whose it was.
    expect((await listPurchaseOrders(shop)).map((o) => o.supplier)).toEqual(["Deleted supplier"]);
    const other = await createShop();
    await expect(deleteSupplier({ shop: other, staff }, acme.id)).rejects.toMatchObject({ status: 404 });
  });
});
