// The /inventory list and its alert cards, read from the stored planning figures
// (InventoryPlan) of the authenticated shop only.
import { dialect, prisma, type Prisma } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { formatPercent } from "~/lib/money";
import { INVENTORY_PAGE_SIZE, SPEC_CATEGORIES, type InventoryFilters } from "./filters";
import { planAtLocation, type LocatedPlan } from "./locations";
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

/** A row of the list filtered by a location: the variant and that location's figures. */
type Located = {
  variantId: string;
  priceMinor: number;
  at: LocatedPlan;
};

const sqlText = (expr: string) => `CAST(${expr} AS TEXT)`;
/** A float as text that reads back as the same number (SQLite's own text keeps 15 digits). */
const exactText = (expr: string) => (dialect === "postgresql" ? sqlText(expr) : `printf('%!.17g', ${expr})`);
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every variant matching the variant-wide filters (search, category, supplier, overstock, dead
 * stock) whose item the location stocks (has a level there), with the location's figures:
 * `planAtLocation`, the detail view's split of the stored figures (decision 063), computed when
 * the list is read. The database sums the weights (each location's units, each item's
 * locations' weights) and hands the rows over as one text, in the list's title order: at
 * 10,000 variants, converting 10,000 result rows cost more than the whole list may take.
 */
async function locatedPlans(shop: Shop, f: Partial<InventoryFilters> & { location: string }): Promise<Located[]> {
  const where: string[] = [`p."shopId" = ?`];
  const params: unknown[] = [shop.id, shop.id, f.location, shop.id];
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
  if (f.overstock) where.push(dialect === "postgresql" ? `p."overstock" = true` : `p."overstock" = 1`);
  if (f.dead) where.push(dialect === "postgresql" ? `p."deadStock" = true` : `p."deadStock" = 1`);
  const record = [
    `p."variantId"`,
    exactText(`p."velocity"`),
    sqlText(`p."reorderPoint"`),
    sqlText(`p."priceMinor"`),
    `CASE WHEN p."needsReorder" THEN '1' ELSE '0' END`,
    sqlText(`h."available"`),
    sqlText(`wh."weight"`),
    sqlText(`i."itemWeights"`),
    sqlText(`i."locations"`),
  ].join(` || ';' || `);
  const concat = dialect === "postgresql" ? "STRING_AGG" : "GROUP_CONCAT";
  const sql = `WITH w AS (SELECT "locationId", SUM(CASE WHEN "available" > 0 THEN "available" ELSE 0 END) AS "weight"
                            FROM "InventoryLocationLevel" WHERE "shopId" = ? GROUP BY "locationId"),
                    i AS (SELECT l."inventoryItemId", SUM(w."weight") AS "itemWeights", COUNT(*) AS "locations"
                            FROM "InventoryLocationLevel" l JOIN w ON w."locationId" = l."locationId"
                           WHERE l."shopId" = ? GROUP BY l."inventoryItemId")
               SELECT ${concat}(${record}, ',' ORDER BY p."title", p."variantId") AS "rows"
                 FROM "InventoryPlan" p
                 JOIN "InventoryLocationLevel" h
                   ON h."shopId" = p."shopId" AND h."inventoryItemId" = p."inventoryItemId" AND h."locationId" = ?
                 JOIN w wh ON wh."locationId" = h."locationId"
                 JOIN i ON i."inventoryItemId" = p."inventoryItemId"
                WHERE ${where.join(" AND ")}`;
  let n = 0;
  const [row] = await prisma.$queryRawUnsafe<{ rows: string | null }[]>(
    dialect === "postgresql" ? sql.replace(/\?/g, () => `$${++n}`) : sql,
    ...params,
  );
  if (!row?.rows) return [];
  const today = dayInZone(new Date(), shop.timezone);
  return row.rows.split(",").map((text) => {
    const [variantId, velocity, reorderPoint, priceMinor, needsReorder, available, weight, itemWeights, locations] =
      text.split(";");
    const variant = {
      velocity: Number(velocity),
      reorderPoint: Number(reorderPoint),
      priceMinor: Number(priceMinor),
      needsReorder: needsReorder === "1",
    };
    const at = planAtLocation(
      variant,
      {
        locationId: f.location,
        available: Number(available),
        weight: Number(weight),
        itemWeights: Number(itemWeights),
        locations: Number(locations),
      },
      today,
    );
    return { variantId, priceMinor: variant.priceMinor, at };
  });
}

const LOCATED_STATUS: Record<NonNullable<InventoryFilters["status"]>, (a: LocatedPlan) => boolean> = {
  in: (a) => a.status === "in-stock" || a.status === "well-stocked",
  low: (a) => a.status === "low-stock",
  out: (a) => a.status === "out-of-stock",
};
const LOCATED_ALERT: Record<NonNullable<InventoryFilters["alert"]>, (a: LocatedPlan) => boolean> = {
  out: (a) => a.status === "out-of-stock",
  low: (a) => a.status === "low-stock",
  reorder: (a) => a.needsReorder,
};

/** The location-dependent filters (status, alert card, days of cover, velocity) on the location's figures. */
function locatedFilter(f: Partial<InventoryFilters>) {
  return ({ at }: Located) =>
    (!f.status || LOCATED_STATUS[f.status](at)) &&
    (!f.alert || LOCATED_ALERT[f.alert](at)) &&
    (f.coverMin === undefined || at.daysOfCover === null || at.daysOfCover >= f.coverMin) &&
    (f.coverMax === undefined || (at.daysOfCover !== null && at.daysOfCover <= f.coverMax)) &&
    (f.velocityMin === undefined || at.velocity >= f.velocityMin) &&
    (f.velocityMax === undefined || at.velocity <= f.velocityMax);
}

const nullsLast = (a: number | string | null, b: number | string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/**
 * The list's sorts on the location's figures. Lost revenue per day at a location is its share of
 * the variant's sales while it is out of stock there; ties (everything in stock) go by the day
 * the location runs out, soonest first, as the variant list goes by its order-by day.
 */
// Rows arrive in the database's title order (then id) and the sort is stable: ties keep it.
const LOCATED_ORDER: Record<InventoryFilters["sort"], (a: Located, b: Located) => number> = {
  lost: (a, b) =>
    b.at.lostRevenuePerDayMinor - a.at.lostRevenuePerDayMinor || nullsLast(a.at.stockOutDay, b.at.stockOutDay),
  cover: (a, b) => nullsLast(a.at.daysOfCover, b.at.daysOfCover),
  title: () => 0,
  available: (a, b) => a.at.available - b.at.available,
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
  const matching = (await locatedPlans(shop, f)).filter(locatedFilter(f)).sort(LOCATED_ORDER[f.sort]);
  const total = matching.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(f.page, pages);
  const slice = matching.slice((page - 1) * pageSize, page * pageSize);
  const records = new Map<string, PlanRecord>();
  for (let i = 0; i < slice.length; i += 400) {
    const ids = slice.slice(i, i + 400).map((r) => r.variantId);
    for (const r of await prisma.inventoryPlan.findMany({ where: { shopId: shop.id, variantId: { in: ids } } }))
      records.set(r.variantId, r);
  }
  const rows = slice.flatMap((l) => {
    const r = records.get(l.variantId);
    return r ? [overlay(r, l.at)] : [];
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

/** The alert cards on a location's figures: the same rules, with that location's share of the sales. */
async function alertCardsAtLocation(shop: Shop, location: string): Promise<AlertCards> {
  const cards: AlertCards = {
    out: { count: 0, revenuePerDayMinor: 0 },
    low: { count: 0, revenuePerDayMinor: 0 },
    reorder: { count: 0, revenuePerDayMinor: 0 },
  };
  const selling = { low: 0, reorder: 0 };
  for (const { priceMinor, at } of await locatedPlans(shop, { location })) {
    const perDay = at.velocity * priceMinor;
    if (at.status === "out-of-stock") {
      cards.out.count++;
      cards.out.revenuePerDayMinor += at.lostRevenuePerDayMinor;
    } else if (at.status === "low-stock") {
      cards.low.count++;
      selling.low += perDay;
    }
    if (at.needsReorder) {
      cards.reorder.count++;
      selling.reorder += perDay;
    }
  }
  cards.low.revenuePerDayMinor = Math.round(selling.low);
  cards.reorder.revenuePerDayMinor = Math.round(selling.reorder);
  return cards;
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
