// The inputs of the stored planning figures: a whole shop's or a few variants', read in a few
// statements (docs/decisions/054-inventory-planning.md, 068-inventory-at-scale.md).
import { dialect, type DbClient } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { addDays, dayInZone } from "~/lib/dates";
import { sqlThrough, type SqlValue } from "~/platform/sql-runner.server";
import { PLANNING_DEFAULTS, DEAD_STOCK_DAYS, type PlanningSettings } from "./planning";

type Client = DbClient;
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
  onOrder: number | bigint | null;
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

/** Runs a SELECT written with `?` placeholders on `db` (the client or a transaction). */
export type Reader = <T>(sql: string, params: unknown[]) => Promise<T[]>;
export const prismaReader =
  (db: Client): Reader =>
  <T>(sql: string, params: unknown[]) =>
    sqlThrough(db).all(sql, params as SqlValue[]) as Promise<T[]>;

/** The last sale day since `from` of each given variant, through the by-variant index. */
export function lastSales(read: Reader, shopId: string, from: string, variantIds: string[]) {
  const index = dialect === "sqlite" ? ` INDEXED BY "OrderLine_shopId_variantId_day_quantity_orderId_idx"` : "";
  return read<{ variantId: string; day: string }>(
    `SELECT l."variantId", MAX(l."day") AS "day" FROM "OrderLine" l${index}
      WHERE l."shopId" = ? AND l."variantId" IN (${variantIds.map(() => "?").join(", ")}) AND l."day" >= ?
      GROUP BY l."variantId"`,
    [shopId, ...variantIds, from],
  );
}

/** The shop's velocity window in days (Inventory → Planning settings), 30 until chosen. */
export async function windowDaysOf(db: Client, shopId: string) {
  const row = await db.inventorySettings.findUnique({ where: { shopId }, select: { windowDays: true } });
  return row?.windowDays ?? PLANNING_DEFAULTS.windowDays;
}

export const ON_ORDER = `(SELECT SUM(pl."quantity" - pl."receivedQty") FROM "PurchaseOrderLine" pl
                     JOIN "PurchaseOrder" po ON po."id" = pl."purchaseOrderId"
                    WHERE pl."shopId" = v."shopId" AND pl."variantId" = v."id"
                      AND po."status" IN ('draft', 'ordered', 'partially_received'))`;

/**
 * The variants with their stock, settings, supplier and quantity on order in one statement;
 * for a few variants also (scalar subqueries) the shop's window, each one's open alert, its last
 * sale since `deadFrom` (an index seek), its item's levels with the locations' weights of the
 * last full recompute, and the locations it has stored figures for, so a webhook's
 * re-evaluation reads everything in three statements run together.
 */
export function variantRows(read: Reader, shopId: string, variantIds: string[] | null, deadFrom = "") {
  const agg = (expr: string) =>
    dialect === "postgresql" ? `STRING_AGG(${expr}, CHR(30))` : `GROUP_CONCAT(${expr}, CHAR(30))`;
  const text = (expr: string) => `CAST(${expr} AS TEXT)`;
  const lineIndex = dialect === "sqlite" ? ` INDEXED BY "OrderLine_shopId_variantId_day_quantity_orderId_idx"` : "";
  const few = variantIds
    ? `, (SELECT st."windowDays" FROM "InventorySettings" st WHERE st."shopId" = v."shopId") AS "windowDays",
         (SELECT a."id" FROM "StockAlert" a WHERE a."shopId" = v."shopId" AND a."variantId" = v."id" AND a."closedAt" IS NULL
           ORDER BY a."openedAt" DESC LIMIT 1) AS "alertId",
         (SELECT a."level" FROM "StockAlert" a WHERE a."shopId" = v."shopId" AND a."variantId" = v."id" AND a."closedAt" IS NULL
           ORDER BY a."openedAt" DESC LIMIT 1) AS "alertLevel",
         (SELECT MAX(l."day") FROM "OrderLine" l${lineIndex}
           WHERE l."shopId" = v."shopId" AND l."variantId" = v."id" AND l."day" >= ?) AS "lastSaleDay",
         (SELECT ${agg(`${text(`l."available"`)} || '=' || ${text(`COALESCE(w."weight", 0)`)} || '=' || l."locationId"`)}
            FROM "InventoryLocationLevel" l
            LEFT JOIN "InventoryLocationWeight" w ON w."shopId" = l."shopId" AND w."locationId" = l."locationId"
           WHERE l."shopId" = v."shopId" AND l."inventoryItemId" = v."inventoryItemId") AS "levels",
         (SELECT ${agg(`a."locationId"`)} FROM "InventoryLocationPlan" a WHERE a."variantId" = v."id") AS "locatedAt"`
    : "";
  const only = variantIds ? ` AND v."id" IN (${variantIds.map(() => "?").join(", ")})` : "";
  return read<VariantRow>(
    `SELECT v."id", v."productId", v."inventoryItemId", v."title", p."title" AS "productTitle", v."sku",
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
      WHERE v."shopId" = ? AND p."deletedAt" IS NULL${only}`,
    variantIds ? [deadFrom, shopId, ...variantIds] : [shopId],
  );
}

export type PeriodRow = { id: string; variantId: string; startedAt: Date | string; endedAt: Date | string | null };

/** Stock-out periods still open or ended on or after `from` (Prisma writes DateTime as ISO text on SQLite). */
export function periodRows(read: Reader, shopId: string, from: string, variantIds: string[] | null) {
  const only = variantIds ? ` AND "variantId" IN (${variantIds.map(() => "?").join(", ")})` : "";
  const bound = dialect === "sqlite" ? `${from}T00:00:00.000+00:00` : new Date(`${from}T00:00:00Z`);
  return read<PeriodRow>(
    `SELECT "id", "variantId", "startedAt", "endedAt" FROM "StockoutPeriod"
      WHERE "shopId" = ? AND ("endedAt" IS NULL OR "endedAt" >= ?)${only}`,
    [shopId, bound, ...(variantIds ?? [])],
  );
}

/**
 * A whole shop's inputs. SQLite has no statistics to choose between OrderLine's indexes, so it
 * is told: by day, read in the index's order (no sort before grouping). Cancelled orders are no
 * demand: the window's cancelled orders are listed once.
 */
export async function loadShopInputs(
  read: Reader,
  shop: PlanningShop,
  today: string,
): Promise<{ inputs: Inputs; weights: Map<string, number> }> {
  const lineIndex = dialect === "sqlite" ? ` INDEXED BY "OrderLine_shopId_day_variantId_quantity_orderId_idx"` : "";
  const [settings] = await read<{ windowDays: number }>(
    `SELECT "windowDays" FROM "InventorySettings" WHERE "shopId" = ?`,
    [shop.id],
  );
  const windowDays = settings?.windowDays ?? PLANNING_DEFAULTS.windowDays;
  const window = windowOf(today, windowDays);
  const deadFrom = addDays(today, -DEAD_STOCK_DAYS);
  const [variants, demandRows, knownLast, periods, alerts, levelRows] = await Promise.all([
    variantRows(read, shop.id, null),
    // One row per variant, its days as "day=units,…": a tenth of the rows of (variant, day), whose
    // conversion into JavaScript objects cost more than the scan itself.
    read<{ variantId: string; days: string }>(
      `SELECT d."variantId", ${dialect === "postgresql" ? "STRING_AGG" : "GROUP_CONCAT"}(d."day" || '=' || CAST(d."units" AS TEXT), ',') AS "days"
         FROM (SELECT l."variantId", l."day", SUM(l."quantity") AS "units" FROM "OrderLine" l${lineIndex}
                WHERE l."shopId" = ? AND l."day" >= ? AND l."day" <= ? AND l."variantId" IS NOT NULL
                  AND l."orderId" NOT IN (SELECT o."id" FROM "Order" o WHERE o."shopId" = ? AND o."cancelledAt" IS NOT NULL AND o."day" >= ?)
                GROUP BY l."day", l."variantId") d
        GROUP BY d."variantId"`,
      [shop.id, window.from, window.to, shop.id, window.from],
    ),
    read<{ variantId: string; lastSaleDay: string }>(
      `SELECT "variantId", "lastSaleDay" FROM "InventoryPlan" WHERE "shopId" = ? AND "lastSaleDay" >= ?`,
      [shop.id, deadFrom],
    ),
    periodRows(read, shop.id, window.from, null),
    read<{ id: string; variantId: string; level: string }>(
      `SELECT "id", "variantId", "level" FROM "StockAlert" WHERE "shopId" = ? AND "closedAt" IS NULL ORDER BY "openedAt"`,
      [shop.id],
    ),
    read<{ inventoryItemId: string; locationId: string; available: number }>(
      `SELECT "inventoryItemId", "locationId", "available" FROM "InventoryLocationLevel" WHERE "shopId" = ?`,
      [shop.id],
    ),
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
  for (const r of knownLast) lastSale.set(r.variantId, r.lastSaleDay);
  for (const [id, day] of windowLast) if ((lastSale.get(id) ?? "") < day) lastSale.set(id, day);
  const unknown = variants.filter((v) => !lastSale.has(v.id)).map((v) => v.id);
  for (const slice of chunks(unknown, 500))
    for (const r of await lastSales(read, shop.id, deadFrom, slice)) lastSale.set(r.variantId, r.day);
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
  read: Reader,
  shop: PlanningShop,
  today: string,
  ids: string[],
): Promise<Inputs> {
  const lineIndex = dialect === "sqlite" ? ` INDEXED BY "OrderLine_shopId_variantId_day_quantity_orderId_idx"` : "";
  const deadFrom = addDays(today, -DEAD_STOCK_DAYS);
  const marks = ids.map(() => "?").join(", ");
  const shopWindow = `COALESCE((SELECT st."windowDays" FROM "InventorySettings" st WHERE st."shopId" = ?), ${PLANNING_DEFAULTS.windowDays})`;
  const windowFrom =
    dialect === "postgresql"
      ? `TO_CHAR(CAST(? AS date) - ${shopWindow}, 'YYYY-MM-DD')`
      : `date(?, '-' || ${shopWindow} || ' days')`;
  const [variants, lines, periods] = await Promise.all([
    variantRows(read, shop.id, ids, deadFrom),
    read<{ variantId: string; day: string; units: number | bigint | null }>(
      `SELECT l."variantId", l."day", SUM(l."quantity") AS "units" FROM "OrderLine" l${lineIndex}
        WHERE l."shopId" = ? AND l."variantId" IN (${marks}) AND l."day" >= ${windowFrom} AND l."day" < ?
          AND NOT EXISTS (SELECT 1 FROM "Order" o WHERE o."id" = l."orderId" AND o."cancelledAt" IS NOT NULL)
        GROUP BY l."variantId", l."day"`,
      [shop.id, ...ids, today, shop.id, today],
    ),
    // The window is at most 90 days: periods ended since then cover every window.
    periodRows(read, shop.id, deadFrom, ids),
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
  rows: { variantId: string; day: string; units: number | bigint | null }[],
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
    units[k] = Number(r.units ?? 0);
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
    let day = addDays(dayInZone(new Date(p.startedAt), shop.timezone), 1);
    const last = p.endedAt ? addDays(dayInZone(new Date(p.endedAt), shop.timezone), -1) : window.to;
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
