// Costs entered in the app re-cost the lines they match (costs-rule.ts): COGS and uncosted
// units of the daily and product rollups (the Products profit report's cost of goods) move when a cost is added, changed or deleted, and
// a rebuild applies every cost on top of the lines' snapshots. The missing-cost count reads
// the costs when it is read (missing-costs.server.ts), so VariantDailySales never moves here.
import { sql, sqlOn, type DbClient } from "~/db.server";
import type { DayRange } from "~/lib/dates";
import { effectiveUnitCost, overridesFor, type CostKey, type CostRow } from "~/features/profit/costs-rule";
import { bumpDay, bumpProduct } from "~/features/profit/rollup-bumps.server";

export type CostGroup = {
  day: string;
  productId: string | null;
  sku: string | null;
  title: string | null;
  unitCostMinor: number | null;
  quantity: number;
};

/**
 * Units sold by day, product, SKU and cost snapshot (lines of cancelled orders excluded):
 * of the lines one cost key matches, or with no key, of every line any of the shop's costs
 * matches; within `range` when given.
 */
export async function costGroups(
  db: DbClient,
  shopId: string,
  key: CostKey | null,
  range?: DayRange,
): Promise<CostGroup[]> {
  const q = sqlOn(db);
  let query = q
    .selectFrom("OrderLine as l")
    .innerJoin("Order as o", "o.id", "l.orderId")
    .leftJoin("Product as p", "p.id", "l.productId")
    .select((eb) => [
      "l.day as day",
      "l.productId as productId",
      "l.sku as sku",
      "p.title as title",
      "l.unitCostMinor as unitCostMinor",
      eb.fn.sum<number>("l.quantity").as("quantity"),
    ])
    .where("l.shopId", "=", shopId)
    .where("o.cancelledAt", "is", null);
  if (range) query = query.where("l.day", ">=", range.from).where("l.day", "<=", range.to);
  if (key?.sku) query = query.where("l.sku", "=", key.sku);
  else if (key)
    query = query.where("p.shopId", "=", shopId).where(sql`LOWER(p."title")`, "=", sql`LOWER(${key.productName})`);
  else
    query = query.where((eb) =>
      eb.or([
        eb(
          "l.sku",
          "in",
          q
            .selectFrom("ProductCost as c")
            .select("c.sku")
            .where("c.shopId", "=", shopId)
            .where("c.sku", "is not", null)
            .where("c.sku", "<>", ""),
        ),
        eb(
          sql`LOWER(p."title")`,
          "in",
          q
            .selectFrom("ProductCost as c")
            .select(sql<string>`LOWER(c."productName")`.as("name"))
            .where("c.shopId", "=", shopId)
            .where((c) => c.or([c("c.sku", "is", null), c("c.sku", "=", "")])),
        ),
      ]),
    );
  const rows = await query.groupBy(["l.day", "l.productId", "l.sku", "p.title", "l.unitCostMinor"]).execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

export type CostDelta = { day: string; productId: string | null; cogsMinor: number; uncostedUnits: number };

function costOf(group: CostGroup, costs: readonly CostRow[]) {
  const unit = effectiveUnitCost(group.day, group.unitCostMinor, overridesFor(costs, group.sku, group.title));
  return unit === null ? { cogs: 0, uncosted: group.quantity } : { cogs: unit * group.quantity, uncosted: 0 };
}

function costDeltas(groups: CostGroup[], before: readonly CostRow[], after: readonly CostRow[]): CostDelta[] {
  const out: CostDelta[] = [];
  for (const g of groups) {
    const a = costOf(g, before);
    const b = costOf(g, after);
    if (a.cogs !== b.cogs || a.uncosted !== b.uncosted)
      out.push({
        day: g.day,
        productId: g.productId,
        cogsMinor: b.cogs - a.cogs,
        uncostedUnits: b.uncosted - a.uncosted,
      });
  }
  return out;
}

/** What the shop's costs change on top of the lines' snapshots, for the lines sold in `range`. */
export async function costDeltasInRange(
  db: DbClient,
  shopId: string,
  costs: readonly CostRow[],
  range: DayRange,
): Promise<CostDelta[]> {
  if (costs.length === 0) return [];
  return costDeltas(await costGroups(db, shopId, null, range), [], costs);
}

/**
 * Re-costs the lines a manual cost key matches after the shop's manual costs
 * changed from `before` to what is stored now, adjusting COGS and uncosted units
 * on each day. Call it in the transaction that wrote the change.
 */
export async function applyCostChange(db: DbClient, shopId: string, keys: CostKey[], before: readonly CostRow[]) {
  const after = await db.productCost.findMany({ where: { shopId } });
  // The lines of every key, each group once: two keys (an edit's old and new) may match the same lines.
  const groups = new Map<string, CostGroup>();
  for (const key of keys)
    for (const g of await costGroups(db, shopId, key))
      groups.set(JSON.stringify([g.day, g.productId, g.sku, g.title, g.unitCostMinor]), g);
  const deltas = costDeltas([...groups.values()], before, after);
  const byDay = new Map<string, { cogsMinor: number; uncostedUnits: number }>();
  for (const d of deltas) {
    const acc = byDay.get(d.day) ?? { cogsMinor: 0, uncostedUnits: 0 };
    acc.cogsMinor += d.cogsMinor;
    acc.uncostedUnits += d.uncostedUnits;
    byDay.set(d.day, acc);
    await bumpProduct(db, shopId, d.day, d.productId ?? "", {
      cogsMinor: d.cogsMinor,
      uncostedUnits: d.uncostedUnits,
    });
  }
  for (const [d, acc] of byDay) await bumpDay(db, shopId, d, acc);
}
