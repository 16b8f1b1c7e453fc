// The stored planning figures (InventoryPlan): a full recompute for a shop (the nightly job,
// after an import, the demo seed) and one variant's re-evaluation (webhooks, receiving,
// edits). Both read the same inputs and call planVariant; both open and close stock alerts
// and stock-out periods on the way (docs/decisions/054-inventory-planning.md).
import { dialect, prisma, type Prisma, type PrismaClient } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { addDays, dayInZone } from "~/lib/dates";
import { inSqlTransaction, insertRows, type SqlValue } from "~/platform/sql-runner.server";
import {
  PLANNING_DEFAULTS,
  DEAD_STOCK_DAYS,
  planVariant,
  type DemandDay,
  type Plan,
  type PlanningSettings,
} from "./planning";

type Client = PrismaClient | Prisma.TransactionClient;
export type PlanningShop = { id: string; timezone: string };

/** Statuses that hold an alert open. */
const ALERTING = new Set(["low-stock", "out-of-stock"]);
/** Purchase orders whose remaining quantity counts as on order. */
export const OPEN_PO_STATUSES = ["draft", "ordered", "partially_received"] as const;

const toDollar = (sql: string) => {
  let i = 0;
  return dialect === "postgresql" ? sql.replace(/\?/g, () => `$${++i}`) : sql;
};
async function raw<T>(db: Client, sql: string, params: unknown[]): Promise<T[]> {
  return db.$queryRawUnsafe<T[]>(toDollar(sql), ...params);
}

type VariantRow = {
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
};

export type PlanRow = {
  variantId: string;
  shopId: string;
  productId: string;
  inventoryItemId: string | null;
  title: string;
  sku: string | null;
  category: string;
  priceMinor: number;
  available: number;
  committed: number;
  onOrder: number;
  supplierId: string | null;
  leadTimeDays: number;
  serviceLevel: number;
  daysOfStock: number;
  minOrderQty: number;
  casePack: number;
  reorderPointOverride: number | null;
  lastSaleDay: string | null;
  windowDays: number;
  computedAt: Date;
} & Omit<Plan, "z">;

export const variantTitle = (productTitle: string, variantTitle: string) =>
  /^default( title)?$/i.test(variantTitle.trim()) ? productTitle : `${productTitle} — ${variantTitle}`;

/** The window of whole days the velocity is measured over: the `windowDays` days before today. */
export function windowOf(today: string, windowDays: number = PLANNING_DEFAULTS.windowDays) {
  return { from: addDays(today, -windowDays), to: addDays(today, -1) };
}

type Inputs = {
  windowDays: number;
  variants: VariantRow[];
  demand: Map<string, Map<string, number>>;
  lastSale: Map<string, string>;
  onOrder: Map<string, number>;
  settings: Map<string, Omit<PlanningSettings, "windowDays"> & { supplierId: string | null }>;
  outDays: Map<string, Set<string>>;
  /** Each variant's open stock-out period (read with the window's periods). */
  openPeriods: Map<string, string>;
};

/** The last sale day since `from` of each given variant, through the by-variant index. */
function lastSales(db: Client, shopId: string, from: string, variantIds: string[]) {
  const index = dialect === "sqlite" ? ` INDEXED BY "OrderLine_shopId_variantId_day_quantity_orderId_idx"` : "";
  return raw<{ variantId: string; day: string }>(
    db,
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

async function loadInputs(db: Client, shop: PlanningShop, today: string, variantIds: string[] | null): Promise<Inputs> {
  const only = variantIds ? ` AND v."id" IN (${variantIds.map(() => "?").join(", ")})` : "";
  const onlyLines = variantIds ? ` AND l."variantId" IN (${variantIds.map(() => "?").join(", ")})` : "";
  const ids = variantIds ?? [];
  // SQLite has no statistics to choose between OrderLine's indexes, so it is told: by day for a
  // whole shop, by variant for a few variants; both cover the columns read. PostgreSQL plans itself.
  // Cancelled orders are no demand: for a few variants, a lookup per line; for a whole shop, the
  // window's cancelled orders listed once.
  const notCancelled = variantIds
    ? `NOT EXISTS (SELECT 1 FROM "Order" o WHERE o."id" = l."orderId" AND o."cancelledAt" IS NOT NULL)`
    : `l."orderId" NOT IN (SELECT o."id" FROM "Order" o WHERE o."shopId" = ? AND o."cancelledAt" IS NOT NULL AND o."day" >= ?)`;
  const lineIndex =
    dialect === "sqlite"
      ? ` INDEXED BY "${variantIds ? "OrderLine_shopId_variantId_day_quantity_orderId_idx" : "OrderLine_shopId_day_variantId_quantity_orderId_idx"}"`
      : "";
  const windowDays = await windowDaysOf(db, shop.id);
  const window = windowOf(today, windowDays);
  const deadFrom = addDays(today, -DEAD_STOCK_DAYS);
  const [variants, demandRows, lastRows, onOrderRows, plannings, productSuppliers, suppliers, periods] =
    await Promise.all([
      raw<VariantRow>(
        db,
        `SELECT v."id", v."productId", v."inventoryItemId", v."title", p."title" AS "productTitle", v."sku",
                p."category", v."priceMinor", i."available", i."committed"
           FROM "Variant" v JOIN "Product" p ON p."id" = v."productId"
           LEFT JOIN "InventoryLevel" i ON i."variantId" = v."id"
          WHERE v."shopId" = ? AND p."deletedAt" IS NULL${only}`,
        [shop.id, ...ids],
      ),
      // Cancelled orders are no demand; the covering index on OrderLine serves the scan.
      raw<{ variantId: string; day: string; units: number | bigint }>(
        db,
        `SELECT l."variantId", l."day", SUM(l."quantity") AS "units" FROM "OrderLine" l${lineIndex}
          WHERE l."shopId" = ? AND l."day" >= ? AND l."day" <= ? AND l."variantId" IS NOT NULL${onlyLines}
            AND ${notCancelled}
          GROUP BY l."variantId", l."day"`,
        [shop.id, window.from, window.to, ...ids, ...(variantIds ? [] : [shop.id, window.from])],
      ),
      variantIds
        ? lastSales(db, shop.id, deadFrom, variantIds)
        : db.inventoryPlan.findMany({
            where: { shopId: shop.id, lastSaleDay: { gte: deadFrom } },
            select: { variantId: true, lastSaleDay: true },
          }),
      raw<{ variantId: string; qty: number | bigint }>(
        db,
        `SELECT l."variantId", SUM(l."quantity" - l."receivedQty") AS "qty" FROM "PurchaseOrderLine" l
           JOIN "PurchaseOrder" o ON o."id" = l."purchaseOrderId"
          WHERE l."shopId" = ? AND o."status" IN ('draft', 'ordered', 'partially_received')${onlyLines}
          GROUP BY l."variantId"`,
        [shop.id, ...ids],
      ),
      db.variantPlanning.findMany({
        where: { shopId: shop.id, ...(variantIds ? { variantId: { in: variantIds } } : {}) },
      }),
      // A few variants: their products' suppliers through one subquery (no round trip for the product ids).
      variantIds
        ? raw<{ productId: string; supplierId: string }>(
            db,
            `SELECT ps."productId", ps."supplierId" FROM "ProductSupplier" ps
              WHERE ps."shopId" = ? AND ps."productId" IN (SELECT v."productId" FROM "Variant" v
                                                           WHERE v."shopId" = ?${only})`,
            [shop.id, shop.id, ...ids],
          )
        : db.productSupplier.findMany({ where: { shopId: shop.id }, select: { productId: true, supplierId: true } }),
      db.supplier.findMany({ where: { shopId: shop.id } }),
      db.stockoutPeriod.findMany({
        where: {
          shopId: shop.id,
          OR: [{ endedAt: null }, { endedAt: { gte: new Date(`${window.from}T00:00:00Z`) } }],
          ...(variantIds ? { variantId: { in: variantIds } } : {}),
        },
        select: { id: true, variantId: true, startedAt: true, endedAt: true },
      }),
    ]);

  const demand = new Map<string, Map<string, number>>();
  for (const r of demandRows) {
    let m = demand.get(r.variantId);
    if (!m) demand.set(r.variantId, (m = new Map()));
    m.set(r.day, Number(r.units));
  }
  // The last sale in 90 days: for a few variants, read by their index; for a whole shop, the
  // newest of the stored last sale (every sale passes through a window hourly) and the window's,
  // and the index only for variants that have neither (new to the table, or dead stock candidates).
  const lastSale = new Map<string, string>();
  for (const r of lastRows)
    if ("day" in r) lastSale.set(r.variantId, r.day);
    else if (r.lastSaleDay) lastSale.set(r.variantId, r.lastSaleDay);
  if (!variantIds) {
    for (const r of demandRows) if ((lastSale.get(r.variantId) ?? "") < r.day) lastSale.set(r.variantId, r.day);
    const unknown = variants.filter((v) => !lastSale.has(v.id)).map((v) => v.id);
    for (const slice of chunks(unknown, 500))
      for (const r of await lastSales(db, shop.id, deadFrom, slice)) lastSale.set(r.variantId, r.day);
  }
  const onOrder = new Map(onOrderRows.map((r) => [r.variantId, Number(r.qty)]));
  const supplierById = new Map(suppliers.map((s) => [s.id, s]));
  const productSupplier = new Map(productSuppliers.map((p) => [p.productId, p.supplierId]));
  const planningByVariant = new Map(plannings.map((p) => [p.variantId, p]));
  const settings: Inputs["settings"] = new Map();
  for (const v of variants) {
    const own = planningByVariant.get(v.id);
    const supplierId = own?.supplierId ?? productSupplier.get(v.productId) ?? null;
    const supplier = supplierId ? supplierById.get(supplierId) : undefined;
    settings.set(v.id, {
      supplierId: supplier ? supplier.id : null,
      leadTimeDays: own?.leadTimeDays ?? supplier?.leadTimeDays ?? PLANNING_DEFAULTS.leadTimeDays,
      serviceLevel: own?.serviceLevel ?? PLANNING_DEFAULTS.serviceLevel,
      daysOfStock: own?.daysOfStock ?? PLANNING_DEFAULTS.daysOfStock,
      minOrderQty: supplier?.minOrderQty ?? PLANNING_DEFAULTS.minOrderQty,
      casePack: supplier?.casePack ?? PLANNING_DEFAULTS.casePack,
      reorderPointOverride: own?.reorderPointOverride ?? null,
    });
  }
  // Whole days out of stock: strictly after the day a period started and before the day it ended.
  const outDays = new Map<string, Set<string>>();
  for (const p of periods) {
    let day = addDays(dayInZone(p.startedAt, shop.timezone), 1);
    const last = p.endedAt ? addDays(dayInZone(p.endedAt, shop.timezone), -1) : window.to;
    if (day < window.from) day = window.from;
    let set = outDays.get(p.variantId);
    for (; day <= last && day <= window.to; day = addDays(day, 1)) {
      if (!set) outDays.set(p.variantId, (set = new Set()));
      set.add(day);
    }
  }
  const openPeriods = new Map(periods.filter((p) => p.endedAt === null).map((p) => [p.variantId, p.id]));
  return { windowDays, variants, demand, lastSale, onOrder, settings, outDays, openPeriods };
}

function daysFrom(from: string, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(addDays(from, i));
  return out;
}

function plansFrom(shop: PlanningShop, inputs: Inputs, today: string, now: Date): PlanRow[] {
  const window = windowOf(today, inputs.windowDays);
  const days = daysFrom(window.from, inputs.windowDays);
  const rows: PlanRow[] = [];
  for (const v of inputs.variants) {
    const s = inputs.settings.get(v.id)!;
    const sold = inputs.demand.get(v.id);
    const out = inputs.outDays.get(v.id);
    const series: DemandDay[] = days.map((d) => ({ units: sold?.get(d) ?? 0, outOfStock: out?.has(d) ?? false }));
    const available = v.available ?? 0;
    const onOrder = Math.max(0, inputs.onOrder.get(v.id) ?? 0);
    const lastSaleDay = inputs.lastSale.get(v.id) ?? null;
    const settings: PlanningSettings = { ...s, windowDays: inputs.windowDays };
    const { z: _z, ...plan } = planVariant({
      today,
      available,
      onOrder,
      priceMinor: v.priceMinor,
      days: series,
      lastSaleDay,
      settings,
    });
    rows.push({
      variantId: v.id,
      shopId: shop.id,
      productId: v.productId,
      inventoryItemId: v.inventoryItemId,
      title: variantTitle(v.productTitle, v.title),
      sku: v.sku,
      category: v.category,
      priceMinor: v.priceMinor,
      available,
      committed: v.committed ?? 0,
      onOrder,
      supplierId: s.supplierId,
      leadTimeDays: s.leadTimeDays,
      serviceLevel: s.serviceLevel,
      daysOfStock: s.daysOfStock,
      minOrderQty: s.minOrderQty,
      casePack: s.casePack,
      reorderPointOverride: s.reorderPointOverride,
      lastSaleDay,
      windowDays: inputs.windowDays,
      computedAt: now,
      ...plan,
    });
  }
  return rows;
}

const PLAN_COLUMNS = [
  "variantId",
  "shopId",
  "productId",
  "inventoryItemId",
  "title",
  "sku",
  "category",
  "priceMinor",
  "available",
  "committed",
  "onOrder",
  "supplierId",
  "leadTimeDays",
  "serviceLevel",
  "daysOfStock",
  "minOrderQty",
  "casePack",
  "reorderPointOverride",
  "velocity",
  "sigma",
  "inStockDays",
  "unitsInWindow",
  "safetyStock",
  "reorderPoint",
  "computedReorderPoint",
  "daysOfCover",
  "stockOutDay",
  "orderByDay",
  "suggestedQty",
  "lostRevenuePerDayMinor",
  "status",
  "stockBar",
  "needsReorder",
  "overstock",
  "deadStock",
  "lastSaleDay",
  "windowDays",
  "computedAt",
] as const satisfies readonly (keyof PlanRow)[];

type OpenState = {
  alerts: Map<string, { id: string; level: string }>;
  periods: Map<string, string>;
};

/** Open alerts of the given variants (or the shop); open stock-out periods come with the inputs. */
async function openState(db: Client, shopId: string, variantIds: string[] | null, inputs: Inputs): Promise<OpenState> {
  const scope = variantIds ? { variantId: { in: variantIds } } : {};
  const alerts = await db.stockAlert.findMany({
    where: { shopId, closedAt: null, ...scope },
    select: { id: true, variantId: true, level: true },
  });
  return {
    alerts: new Map(alerts.map((a) => [a.variantId, { id: a.id, level: a.level }])),
    periods: inputs.openPeriods,
  };
}

export type Transitions = { opened: number; escalated: number; closed: number };

/**
 * Alerts fire once: opened when a variant crosses into low or out of stock, escalated (not
 * repeated) from low to out, closed when it recovers above the reorder point. Stock-out
 * periods open at 0 available and close when stock returns.
 */
async function applyTransitions(db: Client, shopId: string, rows: PlanRow[], state: OpenState, now: Date) {
  const result: Transitions = { opened: 0, escalated: 0, closed: 0 };
  const openAlerts: Prisma.StockAlertCreateManyInput[] = [];
  const closeAlerts: string[] = [];
  const escalate: string[] = [];
  const openPeriods: Prisma.StockoutPeriodCreateManyInput[] = [];
  const closePeriods: string[] = [];
  for (const r of rows) {
    const alert = state.alerts.get(r.variantId);
    const level = r.status === "out-of-stock" ? "out" : "low";
    if (ALERTING.has(r.status)) {
      if (!alert) openAlerts.push({ shopId, variantId: r.variantId, level, openedAt: now });
      else if (alert.level === "low" && level === "out") escalate.push(alert.id);
    } else if (alert) closeAlerts.push(alert.id);
    const period = state.periods.get(r.variantId);
    if (r.available <= 0 && !period) openPeriods.push({ shopId, variantId: r.variantId, startedAt: now });
    else if (r.available > 0 && period) closePeriods.push(period);
  }
  if (openAlerts.length) await db.stockAlert.createMany({ data: openAlerts });
  if (escalate.length)
    await db.stockAlert.updateMany({ where: { shopId, id: { in: escalate } }, data: { level: "out" } });
  if (closeAlerts.length)
    await db.stockAlert.updateMany({ where: { shopId, id: { in: closeAlerts } }, data: { closedAt: now } });
  if (openPeriods.length) await db.stockoutPeriod.createMany({ data: openPeriods });
  if (closePeriods.length)
    await db.stockoutPeriod.updateMany({ where: { shopId, id: { in: closePeriods } }, data: { endedAt: now } });
  result.opened = openAlerts.length;
  result.escalated = escalate.length;
  result.closed = closeAlerts.length;
  return result;
}

/** Every variant of the shop, recomputed and stored in one transaction. */
export async function recomputeShop(shop: PlanningShop, now = new Date()) {
  const today = dayInZone(now, shop.timezone);
  const inputs = await loadInputs(prisma, shop, today, null);
  const rows = plansFrom(shop, inputs, today, now);
  const state = await openState(prisma, shop.id, null, inputs);
  const transitions = await applyTransitions(prisma, shop.id, rows, state, now);
  await inSqlTransaction(async (sql) => {
    await sql.run(`DELETE FROM "InventoryPlan" WHERE "shopId" = ?`, [shop.id]);
    await insertRows(
      sql,
      "InventoryPlan",
      PLAN_COLUMNS,
      rows.map((r) => PLAN_COLUMNS.map((c) => r[c] as SqlValue)),
    );
  });
  return { variants: rows.length, ...transitions };
}

/**
 * The given variants re-evaluated on `db` (a webhook's transaction, or the client): their
 * stored figures replaced and their alerts opened or closed.
 */
export async function reevaluateVariants(db: Client, shop: PlanningShop, variantIds: string[], now = new Date()) {
  const ids = [...new Set(variantIds)];
  const total = { variants: 0, opened: 0, escalated: 0, closed: 0 };
  // SQLite's driver binds at most 999 values per statement: large selections go in slices.
  for (const slice of chunks(ids, REEVALUATE_SLICE)) {
    const r = await reevaluateSlice(db, shop, slice, now);
    total.variants += r.variants;
    total.opened += r.opened;
    total.escalated += r.escalated;
    total.closed += r.closed;
  }
  return total;
}

const REEVALUATE_SLICE = 400;

async function reevaluateSlice(db: Client, shop: PlanningShop, ids: string[], now: Date) {
  const today = dayInZone(now, shop.timezone);
  const inputs = await loadInputs(db, shop, today, ids);
  // The stock-out that starts now must count from now, before the figures are stored.
  const rows = plansFrom(shop, inputs, today, now);
  const state = await openState(db, shop.id, ids, inputs);
  const transitions = await applyTransitions(db, shop.id, rows, state, now);
  await db.inventoryPlan.deleteMany({ where: { shopId: shop.id, variantId: { in: ids } } });
  if (rows.length) await db.inventoryPlan.createMany({ data: rows });
  return { variants: rows.length, ...transitions };
}
