// A new reporting time zone moves day boundaries (docs/decisions/044-general-settings.md):
// every order, order line and refund gets the calendar day of its instant in the new
// zone. Run it in the transaction that changes Shop.timezone, then rebuildRollups.
// Traffic, funnel and ad-spend rows come already dated by their source (no instant is
// stored) and keep their days; merchant-entered dates (expenses, costs) are not instants.
import { sql, sqlOn, type DbClient } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { chunks } from "~/lib/chunks";

const PAGE = 5000;
// Rows per UPDATE: three parameters each, far below both engines' parameter limits.
const PER_UPDATE = 500;

type Dated = { id: string; processedAt: Date; day: string };

/** The rows whose calendar day differs in `timeZone`, with their new day, read a page at a time. */
async function moves(read: (cursor: string | undefined) => Promise<Dated[]>, timeZone: string) {
  const out: { id: string; day: string }[] = [];
  let cursor: string | undefined;
  for (;;) {
    const rows = await read(cursor);
    for (const r of rows) {
      const day = dayInZone(r.processedAt, timeZone);
      if (day !== r.day) out.push({ id: r.id, day });
    }
    if (rows.length < PAGE) return out;
    cursor = rows[rows.length - 1].id;
  }
}

const page = (shopId: string, cursor: string | undefined) => ({
  where: { shopId },
  select: { id: true, processedAt: true, day: true },
  orderBy: { id: "asc" as const },
  take: PAGE,
  ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
});

/** One UPDATE per chunk: `day = CASE id WHEN … THEN … END`. */
async function setDays(db: DbClient, table: "Order" | "Refund", shopId: string, rows: { id: string; day: string }[]) {
  for (const part of chunks(rows, PER_UPDATE)) {
    const cases = sql.join(
      part.map((r) => sql`WHEN ${r.id} THEN ${r.day}`),
      sql` `,
    );
    await sqlOn(db)
      .updateTable(table)
      .set({ day: sql<string>`CASE "id" ${cases} END` })
      .where(
        "id",
        "in",
        part.map((r) => r.id),
      )
      .where("shopId", "=", shopId)
      .execute();
  }
}

/** Re-dates the shop's orders (with their lines) and refunds in `timeZone`; returns how many moved. */
export async function rederiveDays(db: DbClient, shopId: string, timeZone: string) {
  const orders = await moves((c) => db.order.findMany(page(shopId, c)), timeZone);
  const refunds = await moves((c) => db.refund.findMany(page(shopId, c)), timeZone);
  await setDays(db, "Order", shopId, orders);
  await setDays(db, "Refund", shopId, refunds);
  // A line's day is its order's.
  if (orders.length) {
    const orderDay = sql<string>`(SELECT o."day" FROM "Order" o WHERE o."id" = "OrderLine"."orderId")`;
    await sqlOn(db)
      .updateTable("OrderLine")
      .set({ day: orderDay })
      .where("shopId", "=", shopId)
      .where("day", "<>", orderDay)
      .execute();
  }
  return { orders: orders.length, refunds: refunds.length };
}
