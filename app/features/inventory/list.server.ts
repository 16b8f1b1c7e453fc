// The /inventory list and its alert cards, read from the stored planning figures
// (InventoryPlan) of the authenticated shop only.
import { dialect, prisma, type Prisma } from "~/db.server";
import { formatPercent } from "~/lib/money";
import { INVENTORY_PAGE_SIZE, SPEC_CATEGORIES, type InventoryFilters } from "./filters";
import type { LocatedPlan } from "./locations";
import { explainPlan, normalInverseCdf, type InventoryStatus } from "./planning";

type Shop = { id: string; timezone: string };

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

export async function whereOf(
  shop: { id: string },
  f: Partial<InventoryFilters>,
): Promise<Prisma.InventoryPlanWhereInput> {
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
  if (f.location) return listAtLocation(shop, { ...f, location: f.location }, pageSize);
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
  return { rows: rows.map((r) => ({ ...r, status: r.status as InventoryStatus, at: null })), total, page, pages };
}

export const locationName = (locationId: string) => `Location ${locationId.split("/").pop() ?? locationId}`;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const TRUE = dialect === "postgresql" ? "true" : "1";

const LOCATED_STATUS: Record<NonNullable<InventoryFilters["status"]>, string> = {
  in: `a."status" IN ('in-stock', 'well-stocked')`,
  low: `a."status" = 'low-stock'`,
  out: `a."status" = 'out-of-stock'`,
};
const LOCATED_ALERT: Record<NonNullable<InventoryFilters["alert"]>, string> = {
  out: `a."status" = 'out-of-stock'`,
  low: `a."status" = 'low-stock'`,
  reorder: `a."needsReorder" = ${TRUE}`,
};

/**
 * The list's sorts on the location's figures, ties in title order. Lost revenue per day at a
 * location is its share of the variant's sales while it is out of stock there; ties
 * (everything in stock) go by the day the location runs out, soonest first, as the variant list
 * goes by its order-by day.
 */
const LOCATED_ORDER: Record<InventoryFilters["sort"], string> = {
  lost: `a."lostRevenuePerDayMinor" DESC, a."stockOutDay" ASC NULLS LAST, p."title", p."variantId"`,
  cover: `a."daysOfCover" ASC NULLS LAST, p."title", p."variantId"`,
  title: `p."title", p."variantId"`,
  available: `a."available", p."title", p."variantId"`,
};

/**
 * The stored figures at the location (InventoryLocationPlan) joined to the variant's: the
 * variant-wide filters (search, category, supplier, overstock, dead stock) on the variant, the
 * location-dependent ones (status, alert card, days of cover, velocity) on the location.
 */
function locatedWhere(shop: Shop, f: Partial<InventoryFilters> & { location: string }) {
  const where: string[] = [`p."shopId" = ?`];
  const params: unknown[] = [shop.id];
  if (f.q) {
    const like = dialect === "postgresql" ? "ILIKE" : "LIKE";
    where.push(`(p."title" ${like} ? ESCAPE '\\' OR p."sku" ${like} ? ESCAPE '\\')`);
    params.push(likePattern(f.q), likePattern(f.q));
  }
  if (f.category) {
    where.push(`p."category" = ?`);
    params.push(f.category);
  }
  if (f.supplier) {
    where.push(`p."supplierId" = ?`);
    params.push(f.supplier);
  }
  if (f.overstock) where.push(`p."overstock" = ${TRUE}`);
  if (f.dead) where.push(`p."deadStock" = ${TRUE}`);
  // Without a variant-wide filter the count needs no join: every located row has its variant's
  // row (both are written and deleted together, recompute.server.ts).
  const variantWide = where.length > 1;
  where.push(`a."shopId" = ?`, `a."locationId" = ?`);
  params.push(shop.id, f.location);
  const atFrom = where.length;
  if (f.status) where.push(LOCATED_STATUS[f.status]);
  if (f.alert) where.push(LOCATED_ALERT[f.alert]);
  // A variant that does not sell there has unlimited cover (null), inside any open-ended range.
  if (f.coverMin !== undefined) {
    where.push(`(a."daysOfCover" >= ? OR a."daysOfCover" IS NULL)`);
    params.push(f.coverMin);
  }
  if (f.coverMax !== undefined) {
    where.push(`a."daysOfCover" <= ?`);
    params.push(f.coverMax);
  }
  if (f.velocityMin !== undefined) {
    where.push(`a."velocity" >= ?`);
    params.push(f.velocityMin);
  }
  if (f.velocityMax !== undefined) {
    where.push(`a."velocity" <= ?`);
    params.push(f.velocityMax);
  }
  const joined = `FROM "InventoryLocationPlan" a JOIN "InventoryPlan" p ON p."variantId" = a."variantId" WHERE ${where.join(" AND ")}`;
  const located = [`a."shopId" = ?`, `a."locationId" = ?`, ...where.slice(atFrom)];
  return {
    from: joined,
    params,
    counted: variantWide
      ? { from: joined, params }
      : { from: `FROM "InventoryLocationPlan" a WHERE ${located.join(" AND ")}`, params: params.slice(1) },
  };
}

const dollars = (sql: string) => {
  let n = 0;
  return dialect === "postgresql" ? sql.replace(/\?/g, () => `$${++n}`) : sql;
};

/** The location's figures shown in place of the variant's (the maths line says both). */
function overlay(r: PlanRecord, at: LocatedPlan) {
  const name = locationName(at.locationId);
  const maths =
    `At ${name}: ${formatPercent(at.share)} of the variant's demand (the location's share of the shop's stock) = ` +
    `${at.velocity.toFixed(2)}/day; reorder point ⌈${r.reorderPoint} × ${formatPercent(at.share)}⌉ = ${at.reorderPoint}; ` +
    `${at.available} available here. Whole variant: ${mathsOf(r)}`;
  return {
    ...r,
    available: at.available,
    reorderPoint: at.reorderPoint,
    daysOfCover: at.daysOfCover,
    stockOutDay: at.stockOutDay,
    status: at.status,
    stockBar: at.stockBar,
    lostRevenuePerDayMinor: at.lostRevenuePerDayMinor,
    needsReorder: at.needsReorder,
    at: { ...at, name, maths, variantAvailable: r.available, variantReorderPoint: r.reorderPoint },
  };
}

async function listAtLocation(shop: Shop, f: InventoryFilters & { location: string }, pageSize: number) {
  const { from, params, counted } = locatedWhere(shop, f);
  const [{ n }] = await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
    dollars(`SELECT COUNT(*) AS "n" ${counted.from}`),
    ...counted.params,
  );
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(f.page, pages);
  const ids = (
    await prisma.$queryRawUnsafe<{ variantId: string }[]>(
      dollars(`SELECT a."variantId" ${from} ORDER BY ${LOCATED_ORDER[f.sort]} LIMIT ? OFFSET ?`),
      ...params,
      pageSize,
      (page - 1) * pageSize,
    )
  ).map((r) => r.variantId);
  const [records, located] = await Promise.all([
    prisma.inventoryPlan.findMany({ where: { shopId: shop.id, variantId: { in: ids } } }),
    prisma.inventoryLocationPlan.findMany({
      where: { shopId: shop.id, locationId: f.location, variantId: { in: ids } },
    }),
  ]);
  const byId = new Map(records.map((r) => [r.variantId, r]));
  const at = new Map(located.map((l) => [l.variantId, l]));
  const rows = ids.flatMap((id) => {
    const r = byId.get(id);
    const l = at.get(id);
    return r && l
      ? [overlay(r, { ...l, status: l.status as InventoryStatus, stockBar: l.stockBar as LocatedPlan["stockBar"] })]
      : [];
  });
  return { rows, total, page, pages };
}

export type AlertCards = Record<"out" | "low" | "reorder", { count: number; revenuePerDayMinor: number }>;

/**
 * The three alert cards: out of stock with the revenue lost per day; low stock and need
 * reordering with the revenue per day they sell (what is lost if they run out).
 */
export async function alertCards(shop: Shop, location?: string): Promise<AlertCards> {
  if (location) return alertCardsAtLocation(shop, location);
  const rows = await prisma.$queryRawUnsafe<CardRow[]>(
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
  return cardsFrom(rows);
}

type CardRow = { kind: string; n: number | bigint; lost: number | bigint | null; selling: number | null };

/** The three cards from the count-and-sum rows of either query (whole shop or one location). */
function cardsFrom(rows: CardRow[]): AlertCards {
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

/** The alert cards on a location's stored figures: the same rules, with that location's share of the sales. */
async function alertCardsAtLocation(shop: Shop, location: string): Promise<AlertCards> {
  const from = `FROM "InventoryLocationPlan" a JOIN "InventoryPlan" p ON p."variantId" = a."variantId"
                WHERE a."shopId" = ? AND a."locationId" = ? AND p."shopId" = ?`;
  const sums = `COUNT(*) AS n, SUM(a."lostRevenuePerDayMinor") AS lost, SUM(a."velocity" * p."priceMinor") AS selling`;
  const rows = await prisma.$queryRawUnsafe<CardRow[]>(
    dollars(`SELECT a."status" AS kind, ${sums} ${from} AND a."status" IN ('out-of-stock', 'low-stock') GROUP BY a."status"
             UNION ALL
             SELECT 'reorder' AS kind, ${sums} ${from} AND a."needsReorder" = ${TRUE}`),
    shop.id,
    location,
    shop.id,
    shop.id,
    location,
    shop.id,
  );
  return cardsFrom(rows);
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
      name: locationName(l.locationId),
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

type LocatedInfo = ReturnType<typeof overlay>["at"];

function rowDto(r: PlanRecord & { at?: LocatedInfo | null }, names: Map<string, string>) {
  const at = r.at ?? null;
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
    maths: at ? at.maths : mathsOf(r),
    computedAt: r.computedAt.toISOString(),
    /** The location's figures when the list is filtered by a location (the fields above are then its). */
    location: at
      ? {
          id: at.locationId,
          name: at.name,
          share: at.share,
          velocity: at.velocity,
          variantAvailable: at.variantAvailable,
          variantReorderPoint: at.variantReorderPoint,
        }
      : null,
  };
}

/** One variant's stored figures as the list shows them, or null when it is not the shop's. */
export async function variantPlanView(shop: { id: string }, variantId: string) {
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
