import Database from "better-sqlite3";
const db = new Database("/tmp/h_inventory/v10k.db");
const shop = (db.prepare(`SELECT id FROM "Shop" WHERE "isDemo" = 1`).get() as { id: string }).id;
const t = (name: string, f: () => unknown[]) => { const s = performance.now(); const r = f(); console.log(name, r.length, (performance.now() - s).toFixed(0), "ms"); };
const demand = (g: string) => `SELECT l."variantId", l."day", SUM(l."quantity") AS "units" FROM "OrderLine" l INDEXED BY "OrderLine_shopId_day_variantId_quantity_orderId_idx"
          WHERE l."shopId" = ? AND l."day" >= ? AND l."day" <= ? AND l."variantId" IS NOT NULL
          GROUP BY ${g}`;
const args = [shop, "2026-10-26", "2026-11-24"];
for (let i = 0; i < 4; i++) {
  t("variant,day", () => db.prepare(demand(`l."variantId", l."day"`)).raw().all(...args));
  t("day,variant", () => db.prepare(demand(`l."day", l."variantId"`)).raw().all(...args));
  t("cancelled", () => db.prepare(`SELECT o."id" FROM "Order" o WHERE o."shopId" = ? AND o."cancelledAt" IS NOT NULL AND o."day" >= ?`).all(shop, "2026-10-26"));
  t("cancelled-all", () => db.prepare(`SELECT COUNT(*) FROM "Order" o WHERE o."cancelledAt" IS NOT NULL`).all());
}
console.log(db.prepare(`EXPLAIN QUERY PLAN ${demand(`l."day", l."variantId"`)}`).all(...args).map((r: any) => r.detail));
console.log(db.prepare(`EXPLAIN QUERY PLAN SELECT o."id" FROM "Order" o WHERE o."shopId" = ? AND o."cancelledAt" IS NOT NULL AND o."day" >= ?`).all(shop, "x").map((r: any) => r.detail));
console.log(db.prepare(`SELECT name, sql FROM sqlite_master WHERE tbl_name = 'Order' AND type = 'index'`).all());
