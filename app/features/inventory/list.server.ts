// The /inventory list and its alert cards, read from the stored planning figures
// (InventoryPlan) of the authenticated shop only.
import type { RawBuilder, SqlBool } from "kysely";
import { dialect, prisma, sql, sqlOn, type DB, type Prisma } from "~/db.server";
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

/** A column of the location's figures (a) or of the variant's (p), checked against the schema. */
const a = (column: keyof DB["InventoryLocationPlan"]) => sql.ref(`a.${column}`);
const p = (column: keyof DB["InventoryPlan"]) => sql.ref(`p.${column}`);
type Condition = RawBuilder<SqlBool>;

const LOCATED_STATUS: Record<NonNullable<InventoryFilters["status"]>, Condition> = {
  in: sql`${a("status")} IN ('in-stock', 'well-stocked')`,
  low: sql`${a("status")} = 'low-stock'`,
  out: sql`${a("status")} = 'out-of-stock'`,
};
const LOCATED_ALERT: Record<NonNullable<InventoryFilters["alert"]>, Condition> = {
  out: sql`${a("status")} = 'out-of-stock'`,
  low: sql`${a("status")} = 'low-stock'`,
  reorder: sql`${a("needsReorder")} = ${sql.lit(true)}`,
};

/**
 * The list's sorts on the location's figures, ties in title order. Lost revenue per day at a
 * location is its share of the variant's sales while it is out of stock there; ties
 * (everything in stock) go by the day the location runs out, soonest first, as the variant list
 * goes by its order-by day.
 */
const LOCATED_ORDER: Record<InventoryFilters["sort"], RawBuilder<unknown>> = {
  lost: sql`${a("lostRevenuePerDayMinor")} DESC, ${a("stockOutDay")} ASC NULLS LAST, ${p("title")}, ${p("variantId")}`,
  cover: sql`${a("daysOfCover")} ASC NULLS LAST, ${p("title")}, ${p("variantId")}`,
  title: sql`${p("title")}, ${p("variantId")}`,
  available: sql`${a("available")}, ${p("title")}, ${p("variantId")}`,
};

/**
 * The filters on the stored figures at the location (InventoryLocationPlan) joined to the
 * variant's: the variant-wide ones (search, category, supplier, overstock, dead stock) on the
 * variant, the location-dependent ones (status, alert card, days of cover, velocity) on the
 * location. Values are bound; only the fixed fragments above are SQL text.
 */
function locatedWhere(shop: Shop, f: Partial<InventoryFilters> & { location: string }) {
  const variantWide: Condition[] = [];
  if (f.q) {
    const like = sql.raw(dialect === "postgresql" ? "ILIKE" : "LIKE");
    const pattern = likePattern(f.q);
    variantWide.push(sql`(${p("title")} ${like} ${pattern} ESCAPE '\\' OR ${p("sku")} ${like} ${pattern} ESCAPE '\\')`);
  }
  if (f.category) variantWide.push(sql`${p("category")} = ${f.category}`);
  if (f.supplier) variantWide.push(sql`${p("supplierId")} = ${f.supplier}`);
  if (f.overstock) variantWide.push(sql`${p("overstock")} = ${sql.lit(true)}`);
  if (f.dead) variantWide.push(sql`${p("deadStock")} = ${sql.lit(true)}`);
  const located: Condition[] = [sql`${a("shopId")} = ${shop.id}`, sql`${a("locationId")} = ${f.location}`];
  if (f.status) located.push(LOCATED_STATUS[f.status]);
  if (f.alert) located.push(LOCATED_ALERT[f.alert]);
  // A variant that does not sell there has unlimited cover (null), inside any open-ended range.
  if (f.coverMin !== undefined)
    located.push(sql`(${a("daysOfCover")} >= ${f.coverMin} OR ${a("daysOfCover")} IS NULL)`);
  if (f.coverMax !== undefined) located.push(sql`${a("daysOfCover")} <= ${f.coverMax}`);
  if (f.velocityMin !== undefined) located.push(sql`${a("velocity")} >= ${f.velocityMin}`);
  if (f.velocityMax !== undefined) located.push(sql`${a("velocity")} <= ${f.velocityMax}`);
  return { variantWide, located };
}

const all = (conditions: Condition[]) => sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;

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
  const { variantWide, located: atLocation } = locatedWhere(shop, f);
  const q = sqlOn();
  const joined = q
    .selectFrom("InventoryLocationPlan as a")
    .innerJoin("InventoryPlan as p", "p.variantId", "a.variantId")
    .where(all([sql`${p("shopId")} = ${shop.id}`, ...variantWide, ...atLocation]));
  // Without a variant-wide filter the count needs no join: every atLocation row has its variant's
  // row (both are written and deleted together, recompute.server.ts).
  const counted = variantWide.length
    ? joined.select((eb) => eb.fn.countAll<number>().as("n"))
    : q
        .selectFrom("InventoryLocationPlan as a")
        .where(all(atLocation))
        .select((eb) => eb.fn.countAll<number>().as("n"));
  const { n: total } = await counted.executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(f.page, pages);
  const ids = (
    await joined
      .select("a.variantId")
      .orderBy(LOCATED_ORDER[f.sort])
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute()
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
  const q = sqlOn();
  const plans = q.selectFrom("InventoryPlan").where("shopId", "=", shop.id);
  const sums = [
    sql<number>`COUNT(*)`.as("n"),
    sql<number | null>`SUM("lostRevenuePerDayMinor")`.as("lost"),
    sql<number | null>`SUM("velocity" * "priceMinor")`.as("selling"),
  ];
  const rows = await plans
    .select([sql<string>`"status"`.as("kind"), ...sums])
    .where("status", "in", ["out-of-stock", "low-stock"])
    .groupBy("status")
    .unionAll(plans.select([sql<string>`'reorder'`.as("kind"), ...sums]).where("needsReorder", "=", sql.lit(true)))
    .execute();
  return cardsFrom(rows);
}

type CardRow = { kind: string; n: number; lost: number | null; selling: number | null };

/** The three cards from the count-and-sum rows of either query (whole shop or one location). */
function cardsFrom(rows: CardRow[]): AlertCards {
  const get = (kind: string) => rows.find((r) => r.kind === kind);
  const out = get("out-of-stock");
  const low = get("low-stock");
  const reorder = get("reorder");
  return {
    out: { count: out?.n ?? 0, revenuePerDayMinor: out?.lost ?? 0 },
    low: { count: low?.n ?? 0, revenuePerDayMinor: Math.round(low?.selling ?? 0) },
    reorder: { count: reorder?.n ?? 0, revenuePerDayMinor: Math.round(reorder?.selling ?? 0) },
  };
}

/** The alert cards on a location's stored figures: the same rules, with that location's share of the sales. */
async function alertCardsAtLocation(shop: Shop, location: string): Promise<AlertCards> {
  const at = sqlOn()
    .selectFrom("InventoryLocationPlan as a")
    .innerJoin("InventoryPlan as p", "p.variantId", "a.variantId")
    .where("a.shopId", "=", shop.id)
    .where("a.locationId", "=", location)
    .where("p.shopId", "=", shop.id);
  const sums = [
    sql<number>`COUNT(*)`.as("n"),
    sql<number | null>`SUM(${a("lostRevenuePerDayMinor")})`.as("lost"),
    sql<number | null>`SUM(${a("velocity")} * ${p("priceMinor")})`.as("selling"),
  ];
  const rows = await at
    .select([sql<string>`${a("status")}`.as("kind"), ...sums])
    .where("a.status", "in", ["out-of-stock", "low-stock"])
    .groupBy("a.status")
    .unionAll(at.select([sql<string>`'reorder'`.as("kind"), ...sums]).where("a.needsReorder", "=", sql.lit(true)))
    .execute();
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
