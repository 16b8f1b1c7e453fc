// A new reporting time zone moves day boundaries (docs/decisions/044-general-settings.md):
// every order, order line and refund gets the calendar day of its instant in the new
// zone. Run it in the transaction that changes Shop.timezone, then rebuildRollups.
// Traffic, funnel and ad-spend rows come already dated by their source (no instant is
// stored) and keep their days; merchant-entered dates (expenses, costs) are not instants.
import type { Prisma, PrismaClient } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { chunks } from "~/lib/chunks";

type Db = PrismaClient | Prisma.TransactionClient;

const PAGE = 5000;
const IN_LIST = 500;

type Dated = { id: string; processedAt: Date; day: string };

/** Ids whose day changes, grouped by their new day. */
function moves(rows: Dated[], timeZone: string, into: Map<string, string[]>) {
  for (const r of rows) {
    const day = dayInZone(r.processedAt, timeZone);
    if (day === r.day) continue;
    let ids = into.get(day);
    if (!ids) into.set(day, (ids = []));
    ids.push(r.id);
  }
}

async function pages(read: (cursor: string | undefined) => Promise<Dated[]>, timeZone: string) {
  const byDay = new Map<string, string[]>();
  let cursor: string | undefined;
  for (;;) {
    const rows = await read(cursor);
    moves(rows, timeZone, byDay);
    if (rows.length < PAGE) return byDay;
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

/** Re-dates the shop's orders (with their lines) and refunds in `timeZone`; returns how many moved. */
export async function rederiveDays(db: Db, shopId: string, timeZone: string) {
  const orders = await pages((c) => db.order.findMany(page(shopId, c)), timeZone);
  const refunds = await pages((c) => db.refund.findMany(page(shopId, c)), timeZone);
  let movedOrders = 0;
  let movedRefunds = 0;
  for (const [day, ids] of orders)
    for (const part of chunks(ids, IN_LIST)) {
      movedOrders += (await db.order.updateMany({ where: { shopId, id: { in: part } }, data: { day } })).count;
      await db.orderLine.updateMany({ where: { shopId, orderId: { in: part } }, data: { day } });
    }
  for (const [day, ids] of refunds)
    for (const part of chunks(ids, IN_LIST))
      movedRefunds += (await db.refund.updateMany({ where: { shopId, id: { in: part } }, data: { day } })).count;
  return { orders: movedOrders, refunds: movedRefunds };
}
