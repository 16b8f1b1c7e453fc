import Database from "better-sqlite3";
const db = new Database("/tmp/h_inventory/v10k.db");
const shop = (db.prepare(`SELECT id FROM "Shop" WHERE "isDemo" = 1`).get() as { id: string }).id;
const t = (name: string, f: () => unknown[]) => { const s = performance.now(); const r = f(); console.log(name, r.length, (performance.now() - s).toFixed(0), "ms"); };
const demand = `SELECT l."variantId", l."day", SUM(l."quantity") AS "units" FROM "OrderLine" l INDEXED BY "OrderLine_shopId_day_variantId_quantity_orderId_idx"
          WHERE l."shopId" = ? AND l."day" >= ? AND l."day" <= ? AND l."variantId" IS NOT NULL
            AND l."orderId" NOT IN (SELECT o."id" FROM "Order" o WHERE o."shopId" = ? AND o."cancelledAt" IS NOT NULL AND o."day" >= ?)
          GROUP BY l."variantId", l."day"`;
const args = [shop, "2026-10-26", "2026-11-24", shop, "2026-10-26"];
for (let i = 0; i < 3; i++) {
  t("objects", () => db.prepare(demand).all(...args));
  t("raw arrays", () => db.prepare(demand).raw().all(...args));
  t("concat", () => db.prepare(`SELECT "variantId", GROUP_CONCAT("day" || '=' || "units") AS d FROM (${demand}) GROUP BY "variantId"`).all(...args));
  t("nocancel", () => db.prepare(demand.replace(/AND l."orderId" NOT IN \(.*\)\n/s, "")).raw().all(shop, "2026-10-26", "2026-11-24"));
  t("cancelled list", () => db.prepare(`SELECT o."id" FROM "Order" o WHERE o."shopId" = ? AND o."cancelledAt" IS NOT NULL AND o."day" >= ?`).all(shop, "2026-10-26"));
}
console.log(db.prepare(`EXPLAIN QUERY PLAN ${demand}`).all(...args));
