// The inputs of the stored planning figures: a whole shop's or a few variants', read in a few
// statements (docs/decisions/054-inventory-planning.md, 068-inventory-at-scale.md).
import { dialect, sql, sqlOn, type DbClient } from "~/db.server";
import type { RawBuilder } from "kysely";
import { chunks } from "~/lib/chunks";
import { addDays, dayInZone } from "~/lib/dates";
import { PLANNING_DEFAULTS, DEAD_STOCK_DAYS, type PlanningSettings } from "./planning";

export type PlanningShop = { id: string; timezone: string };

/** Purchase orders whose remaining quantity counts as on order. */
export const OPEN_PO_STATUSES = ["draft", "ordered", "partially_received"] as const;

export type VariantRow = {
  id: string;
  productId: string;
  inventoryItemId: string | null;
  title: string;
  productTitle: string;
  sku: string | null;
  category: string;
  priceMinor: number;
  available: number | null;
  committed: number | null;
  // The variant's own planning settings (VariantPlanning) and its supplier, resolved in SQL:
  // the variant's supplier, else its product's, when that supplier is the shop's.
  ownLeadTimeDays: number | null;
  ownServiceLevel: number | null;
  ownDaysOfStock: number | null;
  reorderPointOverride: number | null;
  supplierId: string | null;
  supplierLeadTimeDays: number | null;
  supplierMinOrderQty: number | null;
  supplierCasePack: number | null;
  onOrder: number | null;
  /** Few variants only: the shop's window, its open alert (scalar subqueries of the same statement). */
  windowDays?: number | null;
  alertId?: string | null;
  alertLevel?: string | null;
  /** Few variants only: its last sale in 90 days. */
  lastSaleDay?: string | null;
  /** Few variants only: its item's levels as `available=weight=locationId`, separated by SEPARATOR. */
  levels?: string | null;
  /** Few variants only: the locations it has stored figures for, separated by SEPARATOR. */
  locatedAt?: string | null;
};

/** Between the entries of a list aggregated into one text (no location id holds it). */
export const SEPARATOR = String.fromCharCode(30);

export function windowOf(today: string, windowDays: number = PLANNING_DEFAULTS.windowDays) {
  return { from: addDays(today, -windowDays), to: addDays(today, -1) };
}

export type Inputs = {
  windowDays: number;
  variants: VariantRow[];
  /** Units sold per day of the window (index 0 = its first day), cancelled orders left out. */
  demand: Map<string, number[]>;
  lastSale: Map<string, string>;
  settings: Map<string, Omit<PlanningSettings, "windowDays"> & { supplierId: string | null }>;
  outDays: Map<string, Set<string>>;
  /** Each variant's open stock-out period (read with the window's periods). */
  openPeriods: Map<string, string>;
  /** Each variant's open alert. */
  alerts: Map<string, { id: string; level: string }>;
  /** The stock of each variant's item per location, with each location's weight (decision 068). */
  levels: Map<string, LevelAt[]>;
};

/** An item's stock at a location and the location's weight (its share of the shop's units). */
export type LevelAt = { locationId: string; available: number; weight: number };

/** SQLite has no statistics to choose between OrderLine's indexes, so a statement names the one to use. */
const indexedBy = (index: string) => (dialect === "sqlite" ? sql.raw(` INDEXED BY "${index}"`) : sql``);
const BY_VARIANT = "OrderLine_shopId_variantId_day_quantity_orderId_idx";
const BY_DAY = "OrderLine_shopId_day_variantId_quantity_orderId_idx";
/** A list aggregated into one text, its entries separated by SEPARATOR. */
const joined = (expr: RawBuilder<unknown>) =>
  dialect === "postgresql" ? sql<string>`STRING_AGG(${expr}, CHR(30))` : sql<string>`GROUP_CONCAT(${expr}, CHAR(30))`;

/** The last sale day since `from` of each given variant, through the by-variant index. */
export async function lastSales(db: DbClient, shopId: string, from: string, variantIds: string[]) {
  const { rows } = await sql<{ variantId: string; day: string }>`
    SELECT l."variantId", MAX(l."day") AS "day" FROM "OrderLine" l${indexedBy(BY_VARIANT)}
     WHERE l."shopId" = ${shopId} AND l."variantId" IN (${sql.join(variantIds)}) AND l."day" >= ${from}
     GROUP BY l."variantId"`.execute(sqlOn(db));
  return rows;
}

/** The shop's velocity window in days (Inventory → Planning settings), 30 until chosen. */
export async function windowDaysOf(db: DbClient, shopId: string) {
  const row = await db.inventorySettings.findUnique({ where: { shopId }, select: { windowDays: true } });
  return row?.windowDays ?? PLANNING_DEFAULTS.windowDays;
}

const ON_ORDER = sql<number | null>`(SELECT SUM(pl."quantity" - pl."receivedQty") FROM "PurchaseOrderLine" pl
                     JOIN "PurchaseOrder" po ON po."id" = pl."purchaseOrderId"
                    WHERE pl."shopId" = v."shopId" AND pl."variantId" = v."id"
                      AND po."status" IN (${sql.join(OPEN_PO_STATUSES)}))`;

/**
 * The variants with their stock, settings, supplier and quantity on order in one statement;
 * for a few variants also (scalar subqueries) the shop's window, each one's open alert, its last
 * sale since `deadFrom` (an index seek), its item's levels with the locations' weights of the
 * last full recompute, and the locations it has stored figures for, so a webhook's
 * re-evaluation reads everything in three statements run together.
 */
export async function variantRows(db: DbClient, shopId: string, variantIds: string[] | null, deadFrom = "") {
  const text = (expr: string) => sql.raw(`CAST(${expr} AS TEXT)`);
  const few = variantIds
    ? sql`, (SELECT st."windowDays" FROM "InventorySettings" st WHERE st."shopId" = v."shopId") AS "windowDays",
         (SELECT a."id" FROM "StockAlert" a WHERE a."shopId" = v."shopId" AND a."variantId" = v."id" AND a."closedAt" IS NULL
           ORDER BY a."openedAt" DESC LIMIT 1) AS "alertId",
         (SELECT a."level" FROM "StockAlert" a WHERE a."shopId" = v."shopId" AND a."variantId" = v."id" AND a."closedAt" IS NULL
           ORDER BY a."openedAt" DESC LIMIT 1) AS "alertLevel",
         (SELECT MAX(l."day") FROM "OrderLine" l${indexedBy(BY_VARIANT)}
           WHERE l."shopId" = v."shopId" AND l."variantId" = v."id" AND l."day" >= ${deadFrom}) AS "lastSaleDay",
         (SELECT ${joined(sql`${text(`l."available"`)} || '=' || ${text(`COALESCE(w."weight", 0)`)} || '=' || l."locationId"`)}
            FROM "InventoryLocationLevel" l
            LEFT JOIN "InventoryLocationWeight" w ON w."shopId" = l."shopId" AND w."locationId" = l."locationId"
           WHERE l."shopId" = v."shopId" AND l."inventoryItemId" = v."inventoryItemId") AS "levels",
         (SELECT ${joined(sql`a."locationId"`)} FROM "InventoryLocationPlan" a WHERE a."variantId" = v."id") AS "locatedAt"`
    : sql``;
  const only = variantIds ? sql` AND v."id" IN (${sql.join(variantIds)})` : sql``;
  const { rows } = await sql<VariantRow>`
    SELECT v."id", v."productId", v."inventoryItemId", v."title", p."title" AS "productTitle", v."sku",
           p."category", v."priceMinor", i."available", i."committed",
           vp."leadTimeDays" AS "ownLeadTimeDays", vp."serviceLevel" AS "ownServiceLevel",
           vp."daysOfStock" AS "ownDaysOfStock", vp."reorderPointOverride",
           s."id" AS "supplierId", s."leadTimeDays" AS "supplierLeadTimeDays", s."minOrderQty" AS "supplierMinOrderQty",
           s."casePack" AS "supplierCasePack", ${ON_ORDER} AS "onOrder"${few}
      FROM "Variant" v JOIN "Product" p ON p."id" = v."productId"
      LEFT JOIN "InventoryLevel" i ON i."variantId" = v."id"
      LEFT JOIN "VariantPlanning" vp ON vp."variantId" = v."id" AND vp."shopId" = v."shopId"
      LEFT JOIN "ProductSupplier" ps ON ps."productId" = v."productId" AND ps."shopId" = v."shopId"
      LEFT JOIN "Supplier" s ON s."id" = COALESCE(vp."supplierId", ps."supplierId") AND s."shopId" = v."shopId"
     WHERE v."shopId" = ${shopId} AND p."deletedAt" IS NULL${only}`.execute(sqlOn(db));
  return rows;
}

export type PeriodRow = { id: string; variantId: string; startedAt: Date; endedAt: Date | null };

/** Stock-out periods still open or ended on or after `from`. */
export async function periodRows(
  db: DbClient,
  shopId: string,
  from: string,
  variantIds: string[] | null,
): Promise<PeriodRow[]> {
  let query = sqlOn(db)
    .selectFrom("StockoutPeriod")
    .select(["id", "variantId", "startedAt", "endedAt"])
    .where("shopId", "=", shopId)
    .where((eb) => eb.or([eb("endedAt", "is", null), eb("endedAt", ">=", new Date(`${from}T00:00:00Z`))]));
  if (variantIds) query = query.where("variantId", "in", variantIds);
  return query.execute();
}

/**
 * A whole shop's inputs. SQLite has no statistics to choose between OrderLine's indexes, so it
 * is told: by day, read in the index's order (no sort before grouping). Cancelled orders are no
 * demand: the window's cancelled orders are listed once.
 */
export async function loadShopInputs(
  db: DbClient,
  shop: PlanningShop,
  today: string,
): Promise<{ inputs: Inputs; weights: Map<string, number> }> {
  const q = sqlOn(db);
  const windowDays = await windowDaysOf(db, shop.id);
  const window = windowOf(today, windowDays);
  const deadFrom = addDays(today, -DEAD_STOCK_DAYS);
  const aggregate = dialect === "postgresql" ? sql.raw("STRING_AGG") : sql.raw("GROUP_CONCAT");
  const [variants, demandRows, knownLast, periods, alerts, levelRows] = await Promise.all([
    variantRows(db, shop.id, null),
    // One row per variant, its days as "day=units,…": a tenth of the rows of (variant, day), whose
    // conversion into JavaScript objects cost more than the scan itself.
    sql<{ variantId: string; days: string }>`
      SELECT d."variantId", ${aggregate}(d."day" || '=' || CAST(d."units" AS TEXT), ',') AS "days"
        FROM (SELECT l."variantId", l."day", SUM(l."quantity") AS "units" FROM "OrderLine" l${indexedBy(BY_DAY)}
               WHERE l."shopId" = ${shop.id} AND l."day" >= ${window.from} AND l."day" <= ${window.to}
                 AND l."variantId" IS NOT NULL
                 AND l."orderId" NOT IN (SELECT o."id" FROM "Order" o WHERE o."shopId" = ${shop.id}
                                           AND o."cancelledAt" IS NOT NULL AND o."day" >= ${window.from})
               GROUP BY l."day", l."variantId") d
       GROUP BY d."variantId"`
      .execute(q)
      .then((r) => r.rows),
    q
      .selectFrom("InventoryPlan")
      .select(["variantId", "lastSaleDay"])
      .where("shopId", "=", shop.id)
      .where("lastSaleDay", ">=", deadFrom)
      .execute(),
    periodRows(db, shop.id, window.from, null),
    q
      .selectFrom("StockAlert")
      .select(["id", "variantId", "level"])
      .where("shopId", "=", shop.id)
      .where("closedAt", "is", null)
      .orderBy("openedAt")
      .execute(),
    q
      .selectFrom("InventoryLocationLevel")
      .select(["inventoryItemId", "locationId", "available"])
      .where("shopId", "=", shop.id)
      .execute(),
  ]);
  const demand = new Map<string, number[]>();
  const position = dayPositions(window, windowDays);
  const windowLast = new Map<string, string>();
  for (const r of demandRows) {
    const units: number[] = new Array(windowDays).fill(0);
    let last = "";
    for (const entry of r.days.split(",")) {
      const day = entry.slice(0, 10);
      const k = position.get(day);
      if (k !== undefined) units[k] = Number(entry.slice(11));
      if (day > last) last = day;
    }
    demand.set(r.variantId, units);
    windowLast.set(r.variantId, last);
  }
  // The last sale in 90 days: the newest of the stored last sale (every sale passes through a
  // window hourly) and the window's, and the index only for variants that have neither (new to
  // the table, or dead stock candidates).
  const lastSale = new Map<string, string>();
  for (const r of knownLast) if (r.lastSaleDay) lastSale.set(r.variantId, r.lastSaleDay);
  for (const [id, day] of windowLast) if ((lastSale.get(id) ?? "") < day) lastSale.set(id, day);
  const unknown = variants.filter((v) => !lastSale.has(v.id)).map((v) => v.id);
  for (const slice of chunks(unknown, 500))
    for (const r of await lastSales(db, shop.id, deadFrom, slice)) lastSale.set(r.variantId, r.day);
  // Each location's weight now: its units over all items, negative levels counting as none.
  const weights = new Map<string, number>();
  for (const l of levelRows) weights.set(l.locationId, (weights.get(l.locationId) ?? 0) + Math.max(0, l.available));
  const byItem = new Map<string, LevelAt[]>();
  for (const l of levelRows) {
    let list = byItem.get(l.inventoryItemId);
    if (!list) byItem.set(l.inventoryItemId, (list = []));
    list.push({ locationId: l.locationId, available: l.available, weight: weights.get(l.locationId)! });
  }
  const levels = new Map<string, LevelAt[]>();
  for (const v of variants) {
    const at = v.inventoryItemId ? byItem.get(v.inventoryItemId) : undefined;
    if (at) levels.set(v.id, at);
  }
  return {
    inputs: {
      windowDays,
      variants,
      demand,
      lastSale,
      settings: settingsOf(variants),
      ...periodsOf(periods, shop, window),
      alerts: new Map(alerts.map((a) => [a.variantId, { id: a.id, level: a.level }])),
      levels,
    },
    weights,
  };
}

/**
 * A few variants' inputs in three statements run together: the variants (with settings, on
 * order, the shop's window, open alert, last sale in 90 days and their items' stock per
 * location), their order lines of the window grouped by day (the window's first day worked out
 * in SQL from the shop's setting, so it need not be read first; cancelled orders left out)
 * through the by-variant index, and their stock-out periods.
 */
export async function loadVariantInputs(
  db: DbClient,
  shop: PlanningShop,
  today: string,
  ids: string[],
): Promise<Inputs> {
  const deadFrom = addDays(today, -DEAD_STOCK_DAYS);
  const shopWindow = sql`COALESCE((SELECT st."windowDays" FROM "InventorySettings" st WHERE st."shopId" = ${shop.id}), ${PLANNING_DEFAULTS.windowDays})`;
  const windowFrom =
    dialect === "postgresql"
      ? sql`TO_CHAR(CAST(${today} AS date) - ${shopWindow}, 'YYYY-MM-DD')`
      : sql`date(${today}, '-' || ${shopWindow} || ' days')`;
  const [variants, lines, periods] = await Promise.all([
    variantRows(db, shop.id, ids, deadFrom),
    sql<{ variantId: string; day: string; units: number | null }>`
      SELECT l."variantId", l."day", SUM(l."quantity") AS "units" FROM "OrderLine" l${indexedBy(BY_VARIANT)}
       WHERE l."shopId" = ${shop.id} AND l."variantId" IN (${sql.join(ids)}) AND l."day" >= ${windowFrom}
         AND l."day" < ${today}
         AND NOT EXISTS (SELECT 1 FROM "Order" o WHERE o."id" = l."orderId" AND o."cancelledAt" IS NOT NULL)
       GROUP BY l."variantId", l."day"`
      .execute(sqlOn(db))
      .then((r) => r.rows),
    // The window is at most 90 days: periods ended since then cover every window.
    periodRows(db, shop.id, deadFrom, ids),
  ]);
  const windowDays = variants[0]?.windowDays ?? PLANNING_DEFAULTS.windowDays;
  const window = windowOf(today, windowDays);
  const alerts = new Map<string, { id: string; level: string }>();
  for (const v of variants) if (v.alertId && v.alertLevel) alerts.set(v.id, { id: v.alertId, level: v.alertLevel });
  // A location first stocked since the last full recompute weighs nothing until the next one.
  const levels = new Map<string, LevelAt[]>();
  const lastSale = new Map<string, string>();
  for (const v of variants) {
    if (v.lastSaleDay) lastSale.set(v.id, v.lastSaleDay);
    if (!v.levels) continue;
    levels.set(
      v.id,
      v.levels.split(SEPARATOR).map((entry) => {
        const [available, weight] = entry.split("=", 2);
        return {
          available: Number(available),
          weight: Number(weight),
          locationId: entry.slice(available.length + weight.length + 2),
        };
      }),
    );
  }
  return {
    windowDays,
    variants,
    demand: demandMap(lines, window, windowDays),
    lastSale,
    settings: settingsOf(variants),
    ...periodsOf(periods, shop, window),
    alerts,
    levels,
  };
}

/** Each day of the window and its position in it. */
export function dayPositions(window: { from: string }, windowDays: number) {
  return new Map(daysFrom(window.from, windowDays).map((d, i) => [d, i]));
}

export function demandMap(
  rows: { variantId: string; day: string; units: number | null }[],
  window: { from: string },
  windowDays: number,
) {
  const position = dayPositions(window, windowDays);
  const demand = new Map<string, number[]>();
  for (const r of rows) {
    const k = position.get(r.day);
    if (k === undefined) continue;
    let units = demand.get(r.variantId);
    if (!units) demand.set(r.variantId, (units = new Array(windowDays).fill(0)));
    units[k] = r.units ?? 0;
  }
  return demand;
}

/** Settings inherit: the variant's own → its supplier's → the defaults. */
export function settingsOf(variants: VariantRow[]): Inputs["settings"] {
  const settings: Inputs["settings"] = new Map();
  for (const v of variants)
    settings.set(v.id, {
      supplierId: v.supplierId,
      leadTimeDays: v.ownLeadTimeDays ?? v.supplierLeadTimeDays ?? PLANNING_DEFAULTS.leadTimeDays,
      serviceLevel: v.ownServiceLevel ?? PLANNING_DEFAULTS.serviceLevel,
      daysOfStock: v.ownDaysOfStock ?? PLANNING_DEFAULTS.daysOfStock,
      minOrderQty: v.supplierMinOrderQty ?? PLANNING_DEFAULTS.minOrderQty,
      casePack: v.supplierCasePack ?? PLANNING_DEFAULTS.casePack,
      reorderPointOverride: v.reorderPointOverride ?? null,
    });
  return settings;
}

/** Whole days out of stock: strictly after the day a period started and before the day it ended. */
export function periodsOf(periods: PeriodRow[], shop: PlanningShop, window: { from: string; to: string }) {
  const outDays = new Map<string, Set<string>>();
  const openPeriods = new Map<string, string>();
  for (const p of periods) {
    if (p.endedAt === null) openPeriods.set(p.variantId, p.id);
    let day = addDays(dayInZone(p.startedAt, shop.timezone), 1);
    const last = p.endedAt ? addDays(dayInZone(p.endedAt, shop.timezone), -1) : window.to;
    if (day < window.from) day = window.from;
    let set = outDays.get(p.variantId);
    for (; day <= last && day <= window.to; day = addDays(day, 1)) {
      if (!set) outDays.set(p.variantId, (set = new Set()));
      set.add(day);
    }
  }
  return { outDays, openPeriods };
}

export function daysFrom(from: string, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(addDays(from, i));
  return out;
}
