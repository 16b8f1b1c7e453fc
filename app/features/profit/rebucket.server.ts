// A new reporting time zone moves day boundaries (docs/decisions/044-general-settings.md):
// every order, order line and refund gets the calendar day of its instant in the new
// zone. Run it in the transaction that changes Shop.timezone, then rebuildRollups.
// Traffic, funnel and ad-spend rows come already dated by their source (no instant is
// stored) and keep their days; merchant-entered dates (expenses, costs) are not instants.
import { dialect, type DbClient } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { chunks } from "~/lib/chunks";

const PAGE = 5000;
// Rows per UPDATE: two parameters each, far below both engines' parameter limits.
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

const param = (n: number) => (dialect === "postgresql" ? `$${n}` : "?");

/** One UPDATE per chunk: `day = CASE id WHEN … THEN … END` (the same SQL on both engines). */
async function setDays(db: DbClient, table: "Order" | "Refund", shopId: string, rows: { id: string; day: string }[]) {
  for (const part of chunks(rows, PER_UPDATE)) {
    const values: string[] = [];
    let n = 0;
    const cases = part.map((r) => (values.push(r.id, r.day), `WHEN ${param(++n)} THEN ${param(++n)}`)).join(" ");
    const ids = part.map((r) => (values.push(r.id), param(++n))).join(", ");
    values.push(shopId);
    await db.$executeRawUnsafe(
      `UPDATE "${table}" SET "day" = CASE "id" ${cases} END WHERE "id" IN (${ids}) AND "shopId" = ${param(++n)}`,
      ...values,
    );
  }
}

/** Re-dates the shop's orders (with their lines) and refunds in `timeZone`; returns how many moved. */
export async function rederiveDays(db: DbClient, shopId: string, timeZone: string) {
  const orders = await moves((c) => db.order.findMany(page(shopId, c)), timeZone);
  const refunds = await moves((c) => db.refund.findMany(page(shopId, c)), timeZone);
  await setDays(db, "Order", shopId, orders);
  await setDays(db, "Refund", shopId, refunds);
  // A line's day is its order's.
  if (orders.length)
    await db.$executeRawUnsafe(
      `UPDATE "OrderLine" SET "day" = (SELECT o."day" FROM "Order" o WHERE o."id" = "OrderLine"."orderId")
       WHERE "shopId" = ${param(1)} AND "day" <> (SELECT o."day" FROM "Order" o WHERE o."id" = "OrderLine"."orderId")`,
      shopId,
    );
  return { orders: orders.length, refunds: refunds.length };
}
