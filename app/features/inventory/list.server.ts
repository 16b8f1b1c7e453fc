// The /inventory list and its alert cards, read from the stored planning figures
// (InventoryPlan) of the authenticated shop only.
import { dialect, prisma, type Prisma } from "~/db.server";
import { INVENTORY_PAGE_SIZE, SPEC_CATEGORIES, type InventoryFilters } from "./filters";
import { explainPlan, normalInverseCdf, type InventoryStatus } from "./planning";

type Shop = { id: string };

const text = (q: string) =>
  dialect === "postgresql" ? { contains: q, mode: "insensitive" as const } : { contains: q };

const STATUS_WHERE: Record<NonNullable<InventoryFilters["status"]>, Prisma.InventoryPlanWhereInput> = {
  in: { status: { in: ["in-stock", "well-stocked"] } },
  low: { status: "low-stock" },
  out: { status: "out-of-stock" },
};
const ALERT_WHERE: Record<NonNullable<InventoryFilters["alert"]>, Prisma.InventoryPlanWhereInput> = {
  out: { status: "out-of-stock" },
  low: { status: "low-stock" },
  reorder: { needsReorder: true },
};

export async function whereOf(shop: Shop, f: Partial<InventoryFilters>): Promise<Prisma.InventoryPlanWhereInput> {
  const and: Prisma.InventoryPlanWhereInput[] = [{ shopId: shop.id }];
  if (f.q) and.push({ OR: [{ title: text(f.q) }, { sku: text(f.q) }] });
  if (f.category) and.push({ category: f.category });
  if (f.status) and.push(STATUS_WHERE[f.status]);
  if (f.alert) and.push(ALERT_WHERE[f.alert]);
  if (f.supplier) and.push({ supplierId: f.supplier });
  if (f.location) {
    const items = await prisma.inventoryLocationLevel.findMany({
      where: { shopId: shop.id, locationId: f.location, available: { gt: 0 } },
      select: { inventoryItemId: true },
    });
    and.push({ inventoryItemId: { in: items.map((i) => i.inventoryItemId) } });
  }
  // Days of cover: a variant that does not sell has unlimited cover (null), inside any open-ended range.
  if (f.coverMin !== undefined) and.push({ OR: [{ daysOfCover: { gte: f.coverMin } }, { daysOfCover: null }] });
  if (f.coverMax !== undefined) and.push({ daysOfCover: { lte: f.coverMax } });
  if (f.velocityMin !== undefined) and.push({ velocity: { gte: f.velocityMin } });
  if (f.velocityMax !== undefined) and.push({ velocity: { lte: f.velocityMax } });
  if (f.overstock) and.push({ overstock: true });
  if (f.dead) and.push({ deadStock: true });
  return { AND: and };
}

const ORDER: Record<InventoryFilters["sort"], Prisma.InventoryPlanOrderByWithRelationInput[]> = {
  lost: [
    { lostRevenuePerDayMinor: "desc" },
    { orderByDay: { sort: "asc", nulls: "last" } },
    { title: "asc" },
    { variantId: "asc" },
  ],
  cover: [{ daysOfCover: { sort: "asc", nulls: "last" } }, { title: "asc" }, { variantId: "asc" }],
  title: [{ title: "asc" }, { variantId: "asc" }],
  available: [{ available: "asc" }, { title: "asc" }, { variantId: "asc" }],
};

export type InventoryRow = Awaited<ReturnType<typeof listInventory>>["rows"][number];

export async function listInventory(shop: Shop, f: InventoryFilters, pageSize = INVENTORY_PAGE_SIZE) {
  const where = await whereOf(shop, f);
  const total = await prisma.inventoryPlan.count({ where });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(f.page, pages);
  const rows = await prisma.inventoryPlan.findMany({
    where,
    orderBy: ORDER[f.sort],
    skip: (page - 1) * pageSize,
    take: pageSize,
  });
  return { rows: rows.map((r) => ({ ...r, status: r.status as InventoryStatus })), total, page, pages };
}

export type AlertCards = Record<"out" | "low" | "reorder", { count: number; revenuePerDayMinor: number }>;

/**
 * The three alert cards: out of stock with the revenue lost per day; low stock and need
 * reordering with the revenue per day they sell (what is lost if they run out).
 */
export async function alertCards(shop: Shop): Promise<AlertCards> {
  const rows = await prisma.$queryRawUnsafe<
    { kind: string; n: number | bigint; lost: number | null; selling: number | null }[]
  >(
    dialect === "postgresql"
      ? `SELECT "status" AS kind, COUNT(*) AS n, SUM("lostRevenuePerDayMinor") AS lost, SUM("velocity" * "priceMinor") AS selling
           FROM "InventoryPlan" WHERE "shopId" = $1 AND "status" IN ('out-of-stock', 'low-stock') GROUP BY "status"
         UNION ALL
         SELECT 'reorder' AS kind, COUNT(*) AS n, SUM("lostRevenuePerDayMinor") AS lost, SUM("velocity" * "priceMinor") AS selling
           FROM "InventoryPlan" WHERE "shopId" = $1 AND "needsReorder" = true`
      : `SELECT "status" AS kind, COUNT(*) AS n, SUM("lostRevenuePerDayMinor") AS lost, SUM("velocity" * "priceMinor") AS selling
           FROM "InventoryPlan" WHERE "shopId" = ? AND "status" IN ('out-of-stock', 'low-stock') GROUP BY "status"
         UNION ALL
         SELECT 'reorder' AS kind, COUNT(*) AS n, SUM("lostRevenuePerDayMinor") AS lost, SUM("velocity" * "priceMinor") AS selling
           FROM "InventoryPlan" WHERE "shopId" = ? AND "needsReorder" = 1`,
    shop.id,
    ...(dialect === "postgresql" ? [] : [shop.id]),
  );
  const get = (kind: string) => rows.find((r) => r.kind === kind);
  const out = get("out-of-stock");
  const low = get("low-stock");
  const reorder = get("reorder");
  return {
    out: { count: Number(out?.n ?? 0), revenuePerDayMinor: Number(out?.lost ?? 0) },
    low: { count: Number(low?.n ?? 0), revenuePerDayMinor: Math.round(Number(low?.selling ?? 0)) },
    reorder: { count: Number(reorder?.n ?? 0), revenuePerDayMinor: Math.round(Number(reorder?.selling ?? 0)) },
  };
}

/** What the filters offer: the spec's categories plus the store's, its suppliers and locations. */
export async function filterOptions(shop: Shop) {
  const [categories, suppliers, locations] = await Promise.all([
    prisma.product.findMany({
      where: { shopId: shop.id, deletedAt: null },
      distinct: ["category"],
      select: { category: true },
    }),
    prisma.supplier.findMany({
      where: { shopId: shop.id },
      orderBy: { name: "asc" },
      select: { id: true, name: true },
    }),
    prisma.inventoryLocationLevel.findMany({
      where: { shopId: shop.id },
      distinct: ["locationId"],
      select: { locationId: true },
    }),
  ]);
  const all = new Set<string>([...SPEC_CATEGORIES, ...categories.map((c) => c.category).filter(Boolean)]);
  return {
    categories: [...all].sort(),
    suppliers,
    locations: locations.map((l) => ({
      id: l.locationId,
      name: `Location ${l.locationId.split("/").pop() ?? l.locationId}`,
    })),
  };
}

type PlanRecord = Awaited<ReturnType<typeof prisma.inventoryPlan.findMany>>[number];

/** The maths line of a stored plan (the same words as planning.ts's explainPlan). */
export function mathsOf(r: PlanRecord): string {
  return explainPlan(
    {
      velocity: r.velocity,
      sigma: r.sigma,
      inStockDays: r.inStockDays,
      unitsInWindow: r.unitsInWindow,
      z: normalInverseCdf(r.serviceLevel),
      safetyStock: r.safetyStock,
      reorderPoint: r.reorderPoint,
      computedReorderPoint: r.computedReorderPoint,
      daysOfCover: r.daysOfCover,
      stockOutDay: r.stockOutDay,
      orderByDay: r.orderByDay,
      suggestedQty: r.suggestedQty,
      lostRevenuePerDayMinor: r.lostRevenuePerDayMinor,
      status: r.status as InventoryStatus,
      stockBar: r.stockBar as 0 | 25 | 60 | 100,
      needsReorder: r.needsReorder,
      overstock: r.overstock,
      deadStock: r.deadStock,
    },
    {
      windowDays: r.windowDays,
      leadTimeDays: r.leadTimeDays,
      serviceLevel: r.serviceLevel,
      daysOfStock: r.daysOfStock,
      minOrderQty: r.minOrderQty,
      casePack: r.casePack,
      reorderPointOverride: r.reorderPointOverride,
    },
    r.available,
    r.onOrder,
  );
}

/** One page of the list as the screen and the API show it. */
export async function inventoryPage(shop: Shop, f: InventoryFilters, pageSize = INVENTORY_PAGE_SIZE) {
  const list = await listInventory(shop, f, pageSize);
  const supplierIds = [...new Set(list.rows.flatMap((r) => (r.supplierId ? [r.supplierId] : [])))];
  const suppliers = supplierIds.length
    ? await prisma.supplier.findMany({
        where: { shopId: shop.id, id: { in: supplierIds } },
        select: { id: true, name: true },
      })
    : [];
  const names = new Map(suppliers.map((s) => [s.id, s.name]));
  return { ...list, rows: list.rows.map((r) => rowDto(r, names)) };
}

function rowDto(r: PlanRecord, names: Map<string, string>) {
  return {
    id: r.variantId,
    productId: r.productId,
    title: r.title,
    sku: r.sku,
    category: r.category,
    available: r.available,
    committed: r.committed,
    onOrder: r.onOrder,
    priceMinor: r.priceMinor,
    status: r.status as InventoryStatus,
    stockBar: r.stockBar,
    velocity: r.velocity,
    safetyStock: r.safetyStock,
    reorderPoint: r.reorderPoint,
    reorderPointOverridden: r.reorderPointOverride !== null,
    daysOfCover: r.daysOfCover,
    stockOutDay: r.stockOutDay,
    orderByDay: r.orderByDay,
    suggestedQty: r.suggestedQty,
    lostRevenuePerDayMinor: r.lostRevenuePerDayMinor,
    leadTimeDays: r.leadTimeDays,
    serviceLevel: r.serviceLevel,
    daysOfStock: r.daysOfStock,
    overstock: r.overstock,
    deadStock: r.deadStock,
    lastSaleDay: r.lastSaleDay,
    supplierId: r.supplierId,
    supplierName: r.supplierId ? (names.get(r.supplierId) ?? null) : null,
    maths: mathsOf(r),
    computedAt: r.computedAt.toISOString(),
  };
}

/** One variant's stored figures as the list shows them, or null when it is not the shop's. */
export async function variantPlanView(shop: Shop, variantId: string) {
  const r = await prisma.inventoryPlan.findFirst({ where: { shopId: shop.id, variantId } });
  if (!r) return null;
  const supplier = r.supplierId
    ? await prisma.supplier.findFirst({
        where: { shopId: shop.id, id: r.supplierId },
        select: { id: true, name: true },
      })
    : null;
  return rowDto(r, new Map(supplier ? [[supplier.id, supplier.name]] : []));
}
