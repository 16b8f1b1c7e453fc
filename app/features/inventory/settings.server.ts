// Planning settings and suppliers: per-variant overrides written for one or many variants at
// once (Bulk Actions: 1,000 variants in a few statements), then re-evaluated.
import { prisma } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { FieldError } from "~/lib/forms";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { recomputeShop, reevaluateVariants } from "./recompute.server";
import { windowDaysOf } from "./inputs.server";
import { PoError } from "./errors";
import type { PlanningChanges } from "./settings-schema";
import type { z } from "zod";
import type { shopPlanningSchema, supplierSchema } from "./settings-schema";

type Shop = { id: string; timezone: string; currency: string };

/** 404 when an id is another shop's, 400 when it is no variant at all. */
export async function assertVariantsOf(shopId: string, ids: string[]) {
  let own = 0;
  for (const slice of chunks(ids, 500)) own += await prisma.variant.count({ where: { shopId, id: { in: slice } } });
  if (own === ids.length) return;
  let anywhere = 0;
  for (const slice of chunks(ids, 500)) anywhere += await prisma.variant.count({ where: { id: { in: slice } } });
  if (anywhere > own) throw new PoError(404, "Not found");
  throw new FieldError({ ids: ["Unknown variant"] });
}

async function assertSupplier(shopId: string, supplierId: string | undefined) {
  if (!supplierId) return;
  const found = await prisma.supplier.count({ where: { shopId, id: supplierId } });
  if (!found) throw new FieldError({ supplierId: ["Unknown supplier"] });
}

/** Applies the same planning changes to every given variant of the shop. */
export async function updatePlanning(actor: Actor & { shop: Shop }, ids: string[], changes: Partial<PlanningChanges>) {
  const shop = actor.shop;
  const unique = [...new Set(ids)];
  await assertVariantsOf(shop.id, unique);
  await assertSupplier(shop.id, changes.supplierId);
  const data = {
    ...(changes.supplierId ? { supplierId: changes.supplierId } : changes.clearSupplier ? { supplierId: null } : {}),
    ...(changes.leadTimeDays !== undefined ? { leadTimeDays: changes.leadTimeDays } : {}),
    ...(changes.daysOfStock !== undefined ? { daysOfStock: changes.daysOfStock } : {}),
    ...(changes.serviceLevel !== undefined ? { serviceLevel: changes.serviceLevel } : {}),
    ...(changes.reorderPointOverride !== undefined
      ? { reorderPointOverride: changes.reorderPointOverride }
      : changes.clearOverride
        ? { reorderPointOverride: null }
        : {}),
  };
  if (!Object.keys(data).length) throw new FieldError({ _form: ["Choose at least one setting to change"] });
  const have = new Set<string>();
  for (const slice of chunks(unique, 500)) {
    const existing = await prisma.variantPlanning.findMany({
      where: { shopId: shop.id, variantId: { in: slice } },
      select: { variantId: true },
    });
    for (const e of existing) have.add(e.variantId);
  }
  await prisma.$transaction([
    ...[...chunks([...have], 500)].map((slice) =>
      prisma.variantPlanning.updateMany({ where: { shopId: shop.id, variantId: { in: slice } }, data }),
    ),
    prisma.variantPlanning.createMany({
      data: unique.filter((id) => !have.has(id)).map((variantId) => ({ shopId: shop.id, variantId, ...data })),
    }),
  ]);
  await reevaluateVariants(prisma, shop, unique);
  await recordAudit(actor, "inventory.planning.update", "Variant", unique.length === 1 ? unique[0] : null, null, {
    variants: unique.length,
    ...data,
  });
  return { updated: unique.length };
}

export async function listSuppliers(shop: { id: string }) {
  return prisma.supplier.findMany({ where: { shopId: shop.id }, orderBy: { name: "asc" } });
}

export async function saveSupplier(
  actor: Actor & { shop: Shop },
  id: string | null,
  input: z.output<typeof supplierSchema>,
) {
  const shop = actor.shop;
  const data = {
    name: input.name,
    email: input.email || null,
    leadTimeDays: input.leadTimeDays!,
    minOrderQty: input.minOrderQty ?? 1,
    casePack: input.casePack ?? 1,
    currency: input.currency ?? shop.currency,
  };
  const clash = await prisma.supplier.findFirst({
    where: { shopId: shop.id, name: data.name, ...(id ? { NOT: { id } } : {}) },
    select: { id: true },
  });
  if (clash) throw new FieldError({ name: ["A supplier with this name exists"] });
  let saved;
  if (id) {
    const before = await prisma.supplier.findFirst({ where: { shopId: shop.id, id } });
    if (!before) throw new PoError(404, "Not found");
    saved = await prisma.supplier.update({ where: { id }, data });
    await recordAudit(actor, "inventory.supplier.update", "Supplier", id, before, saved);
  } else {
    saved = await prisma.supplier.create({ data: { shopId: shop.id, ...data } });
    await recordAudit(actor, "inventory.supplier.add", "Supplier", saved.id, null, saved);
  }
  // Lead time, minimum and case pack feed every variant supplied by it.
  const supplied = await prisma.inventoryPlan.findMany({
    where: { shopId: shop.id, supplierId: saved.id },
    select: { variantId: true },
  });
  if (supplied.length)
    await reevaluateVariants(
      prisma,
      shop,
      supplied.map((s) => s.variantId),
    );
  return saved;
}

/** Purchase orders still open (a draft, or ordered and not all received) block deleting their supplier. */
const OPEN_PO = ["draft", "ordered", "partially_received"];

/** Open purchase orders per supplier id, for the suppliers screen's Delete. */
export async function openOrdersBySupplier(shop: { id: string }): Promise<Map<string, number>> {
  const groups = await prisma.purchaseOrder.groupBy({
    by: ["supplierId"],
    where: { shopId: shop.id, status: { in: OPEN_PO } },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.supplierId, g._count._all]));
}

/**
 * Deletes a supplier without open purchase orders. The variants and products it supplied lose
 * it (their planning falls back to the shop's defaults, recomputed now); closed purchase
 * orders keep their lines and show the supplier as deleted.
 */
export async function deleteSupplier(actor: Actor & { shop: Shop }, id: string) {
  const shop = actor.shop;
  const supplier = await prisma.supplier.findFirst({ where: { shopId: shop.id, id } });
  if (!supplier) throw new PoError(404, "Not found");
  const open = await prisma.purchaseOrder.count({
    where: { shopId: shop.id, supplierId: id, status: { in: OPEN_PO } },
  });
  if (open)
    throw new PoError(
      409,
      `${supplier.name} has ${open} open purchase ${open === 1 ? "order" : "orders"}: receive or cancel ${open === 1 ? "it" : "them"} first.`,
    );
  const supplied = await prisma.inventoryPlan.findMany({
    where: { shopId: shop.id, supplierId: id },
    select: { variantId: true },
  });
  await prisma.$transaction([
    prisma.variantPlanning.updateMany({ where: { shopId: shop.id, supplierId: id }, data: { supplierId: null } }),
    prisma.productSupplier.deleteMany({ where: { shopId: shop.id, supplierId: id } }),
    prisma.supplier.delete({ where: { id } }),
  ]);
  await recordAudit(actor, "inventory.supplier.delete", "Supplier", id, supplier, null);
  if (supplied.length)
    await reevaluateVariants(
      prisma,
      shop,
      supplied.map((s) => s.variantId),
    );
}

/** The shop's planning settings (the velocity window). */
export async function shopPlanningSettings(shop: { id: string }) {
  return { windowDays: await windowDaysOf(prisma, shop.id) };
}

/** Stores the velocity window and recomputes every variant's figures with it. */
export async function saveShopPlanning(actor: Actor & { shop: Shop }, input: z.output<typeof shopPlanningSchema>) {
  const shop = actor.shop;
  const before = await windowDaysOf(prisma, shop.id);
  await prisma.inventorySettings.upsert({
    where: { shopId: shop.id },
    create: { shopId: shop.id, windowDays: input.windowDays },
    update: { windowDays: input.windowDays },
  });
  const result = await recomputeShop(shop);
  await recordAudit(actor, "inventory.settings.update", "InventorySettings", shop.id, { windowDays: before }, input);
  return result;
}
