// Writes one cost part of many orders (the payment fee or the shipping label) with its source.
// A rule change or an import writes thousands of orders with nearly as many different amounts (a
// fee is a rate of each order's total), so the rows go in one statement per few thousand orders,
// never one statement per amount.
import { dialect, jsonRows, sql, sqlOn, type DbClient } from "~/db.server";
import { chunks } from "~/lib/chunks";

const COLUMNS = {
  fee: ["paymentFeesMinor", "paymentFeeSource"],
  shipping: ["shippingCostMinor", "shippingCostSource"],
} as const;

export type OrderPart = keyof typeof COLUMNS;
export type OrderPartRow = readonly [id: string, costMinor: number | null, source: string | null];

/** Sets `part` of each listed order of the shop to its amount and source. */
export async function setOrderParts(tx: DbClient, shopId: string, part: OrderPart, rows: readonly OrderPartRow[]) {
  const [cost, source] = COLUMNS[part];
  const order = (c: string) => sql.ref(`Order.${c}`);
  // SQLite: unary + keeps the planner off the shop's indexes, so it finds each order by its id
  // (with the shop's e-mail index, a 3-order UPDATE took 250 ms at 100,000 orders).
  const shopKey = dialect === "sqlite" ? sql`+${order("shopId")}` : order("shopId");
  for (const slice of chunks(rows, 5_000)) {
    const v = jsonRows({ id: "text", cost: "integer", source: "text" }, slice);
    await sql`UPDATE "Order" SET ${sql.ref(cost)} = v."cost", ${sql.ref(source)} = v."source" FROM (${v}) v
      WHERE ${shopKey} = ${shopId} AND ${order("id")} = v."id"`.execute(sqlOn(tx));
  }
}
