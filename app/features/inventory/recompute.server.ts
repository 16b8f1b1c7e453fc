// The stored planning figures (InventoryPlan): a full recompute for a shop (the nightly job,
// after an import, the demo seed) and one variant's re-evaluation (webhooks, receiving,
// edits). Both read the same inputs and call planVariant; both open and close stock alerts
// and stock-out periods on the way (docs/decisions/054-inventory-planning.md).
import { insertRows, sql, sqlOn, withShopWriteLock, type DbClient, type Prisma } from "~/db.server";
import { chunks } from "~/lib/chunks";
import { dayInZone } from "~/lib/dates";
import {
  SEPARATOR,
  daysFrom,
  loadShopInputs,
  loadVariantInputs,
  windowOf,
  type Inputs,
  type PlanningShop,
} from "./inputs.server";
import { planAtLocation, type LocatedPlan } from "./locations";
import { planVariant, type DemandDay, type Plan, type PlanningSettings } from "./planning";

/** Statuses that hold an alert open. */
const ALERTING = new Set(["low-stock", "out-of-stock"]);

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

function plansFrom(shop: PlanningShop, inputs: Inputs, today: string, now: Date): PlanRow[] {
  const window = windowOf(today, inputs.windowDays);
  const days = daysFrom(window.from, inputs.windowDays);
  const rows: PlanRow[] = [];
  for (const v of inputs.variants) {
    const s = inputs.settings.get(v.id)!;
    const sold = inputs.demand.get(v.id);
    const out = inputs.outDays.get(v.id);
    const series: DemandDay[] = days.map((d, k) => ({ units: sold?.[k] ?? 0, outOfStock: out?.has(d) ?? false }));
    const available = v.available ?? 0;
    const onOrder = Math.max(0, Number(v.onOrder ?? 0));
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

export type LocatedRow = LocatedPlan & { variantId: string; shopId: string };

/**
 * Each variant's figures at every location stocking its item: `planAtLocation` at the
 * location's share (its weight over the weights of the item's locations, decision 063), from
 * the variant's figures just computed.
 */
function locatedFrom(shop: PlanningShop, rows: PlanRow[], levels: Inputs["levels"], today: string): LocatedRow[] {
  const located: LocatedRow[] = [];
  for (const r of rows) {
    const at = levels.get(r.variantId);
    if (!at) continue;
    let itemWeights = 0;
    for (const l of at) itemWeights += l.weight;
    for (const l of at)
      located.push({
        variantId: r.variantId,
        shopId: shop.id,
        ...planAtLocation(r, { ...l, itemWeights, locations: at.length }, today),
      });
  }
  return located;
}

const LOCATED_COLUMNS = [
  "variantId",
  "locationId",
  "shopId",
  "available",
  "share",
  "velocity",
  "reorderPoint",
  "daysOfCover",
  "stockOutDay",
  "status",
  "stockBar",
  "lostRevenuePerDayMinor",
  "needsReorder",
] as const satisfies readonly (keyof LocatedRow)[];

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

const openState = (inputs: Inputs): OpenState => ({ alerts: inputs.alerts, periods: inputs.openPeriods });

export type Transitions = { opened: number; escalated: number; closed: number };

/**
 * Alerts fire once: opened when a variant crosses into low or out of stock, escalated (not
 * repeated) from low to out, closed when it recovers above the reorder point. Stock-out
 * periods open at 0 available and close when stock returns.
 */
async function applyTransitions(db: DbClient, shopId: string, rows: PlanRow[], state: OpenState, now: Date) {
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

/**
 * Every variant of the shop, recomputed and stored in one transaction under the shop's write lock:
 * read, alert transitions and the plans written over the old ones together, so a webhook's
 * re-evaluation (which takes the same lock) runs before or after it, never between its read and
 * its write, and is never overwritten by figures from an older read.
 */
export async function recomputeShop(shop: PlanningShop, now = new Date()) {
  const today = dayInZone(now, shop.timezone);
  return withShopWriteLock(shop.id, async (tx) => {
    const { inputs, weights } = await loadShopInputs(tx, shop, today);
    const rows = plansFrom(shop, inputs, today, now);
    const located = locatedFrom(shop, rows, inputs.levels, today);
    const transitions = await applyTransitions(tx, shop.id, rows, openState(inputs), now);
    const q = sqlOn(tx);
    await q.deleteFrom("InventoryPlan").where("shopId", "=", shop.id).execute();
    await insertRows(tx, "InventoryPlan", PLAN_COLUMNS, rows);
    await q.deleteFrom("InventoryLocationPlan").where("shopId", "=", shop.id).execute();
    await insertRows(tx, "InventoryLocationPlan", LOCATED_COLUMNS, located);
    // The weights these figures were split by, for the re-evaluations until the next recompute.
    await q.deleteFrom("InventoryLocationWeight").where("shopId", "=", shop.id).execute();
    await insertRows(
      tx,
      "InventoryLocationWeight",
      ["shopId", "locationId", "weight"],
      [...weights].map(([locationId, weight]) => ({ shopId: shop.id, locationId, weight })),
    );
    return { variants: rows.length, ...transitions };
  });
}

/**
 * The given variants re-evaluated on `db` (a webhook's transaction, or the client): their
 * stored figures replaced and their alerts opened or closed.
 */
export async function reevaluateVariants(db: DbClient, shop: PlanningShop, variantIds: string[], now = new Date()) {
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

/** The named columns of a row (an INSERT writes every key of the objects it is given). */
function pick<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = row[k];
  return out;
}

/** Each column set to the value the INSERT proposed (`excluded`), for ON CONFLICT DO UPDATE. */
const fromExcluded = (columns: readonly string[]) =>
  Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)]));

/** The rows written with one INSERT … ON CONFLICT DO UPDATE per slice (no delete first). */
async function upsertPlans(db: DbClient, rows: PlanRow[]) {
  const update = fromExcluded(PLAN_COLUMNS.filter((c) => c !== "variantId"));
  for (const slice of chunks(rows, Math.floor(900 / PLAN_COLUMNS.length)))
    await sqlOn(db)
      .insertInto("InventoryPlan")
      .values(slice.map((r) => pick(r, PLAN_COLUMNS)))
      .onConflict((oc) => oc.column("variantId").doUpdateSet(update))
      .execute();
}

/**
 * The variants' per-location figures written over the stored ones; a location that no longer
 * stocks the item (or a variant gone) loses its row, the only case that needs a DELETE.
 */
async function replaceLocated(db: DbClient, shopId: string, inputs: Inputs, ids: string[], rows: LocatedRow[]) {
  const stale: string[] = [];
  for (const v of inputs.variants) {
    if (!v.locatedAt) continue;
    const now = new Set(inputs.levels.get(v.id)?.map((l) => l.locationId));
    if (v.locatedAt.split(SEPARATOR).some((locationId) => !now.has(locationId))) stale.push(v.id);
  }
  const gone = ids.filter((id) => !inputs.variants.some((v) => v.id === id));
  if (stale.length || gone.length)
    await db.inventoryLocationPlan.deleteMany({ where: { shopId, variantId: { in: [...stale, ...gone] } } });
  const update = fromExcluded(LOCATED_COLUMNS.filter((c) => c !== "variantId" && c !== "locationId"));
  for (const slice of chunks(rows, Math.floor(900 / LOCATED_COLUMNS.length)))
    await sqlOn(db)
      .insertInto("InventoryLocationPlan")
      .values(slice.map((r) => pick(r, LOCATED_COLUMNS)))
      .onConflict((oc) => oc.columns(["variantId", "locationId"]).doUpdateSet(update))
      .execute();
}

async function reevaluateSlice(db: DbClient, shop: PlanningShop, ids: string[], now: Date) {
  const today = dayInZone(now, shop.timezone);
  const inputs = await loadVariantInputs(db, shop, today, ids);
  // The stock-out that starts now must count from now, before the figures are stored.
  const rows = plansFrom(shop, inputs, today, now);
  const transitions = await applyTransitions(db, shop.id, rows, openState(inputs), now);
  if (rows.length) await upsertPlans(db, rows);
  await replaceLocated(db, shop.id, inputs, ids, locatedFrom(shop, rows, inputs.levels, today));
  // A variant gone since (its product deleted) leaves the list.
  const gone = ids.filter((id) => !inputs.variants.some((v) => v.id === id));
  if (gone.length) await db.inventoryPlan.deleteMany({ where: { shopId: shop.id, variantId: { in: gone } } });
  return { variants: rows.length, ...transitions };
}
