// The Orders profit view (docs/product/costs-orders.md, docs/decisions/089-orders-profit-view.md):
// each order of a range with its figures by the one per-order formula (order-profit.ts), the
// lines costed by the rollups' rule (a cost entered in the app replaces the cost at the time of
// sale from its effective day), and what is unknown marked, never counted as zero.
import { dialect, prisma, sql, sqlOn } from "~/db.server";
import { chunks } from "~/lib/chunks";
import type { DayRange } from "~/lib/dates";
import { effectiveUnitCost, overridesFor, type CostRow } from "~/features/profit/costs-rule";
import { orderProfitFigures } from "~/features/profit/order-profit";
import { ORDERS_PAGE_SIZE, type CostSource, type MissingParts, type OrdersQuery } from "~/features/profit/orders-view";

export type ShopRef = { id: string; timezone: string; currency: string };

/** An order's revenue (net sales plus shipping charged) and profit by the cost at the time of sale (decision 069). */
const revenueSql = sql<number>`(o."grossSalesMinor" - o."discountsMinor" - o."refundsMinor" + o."shippingMinor")`;
/** The profit of an order whose lines all have a cost: the expression of the index "Order_profit_sort_idx". */
const knownProfitSql = sql<number>`(${revenueSql} - o."linesCostMinor" - COALESCE(o."shippingCostMinor", 0) - COALESCE(o."paymentFeesMinor", 0))`;

/**
 * How the view sorts by profit or by margin (decision 124): the orders whose figure is known, in
 * its order, read through a partial index on the figure's expression (migration
 * 20261201083000_order_profit_sort_indexes; `known` is its WHERE and `value` its expression,
 * written as there, without bound values, so both engines match the index to the query), then
 * the orders whose figure is unknown, newest first.
 */
export const FIGURE_SORTS = {
  profit: {
    value: knownProfitSql,
    known: sql<boolean>`o."linesUncostedUnits" = 0`,
    unknown: sql<boolean>`o."linesUncostedUnits" > 0`,
    index: "Order_profit_sort_idx",
  },
  margin: {
    value: sql<number>`(${knownProfitSql} * 1.0 / ${revenueSql})`,
    known: sql<boolean>`o."linesUncostedUnits" = 0 AND ${revenueSql} > 0`,
    unknown: sql<boolean>`(o."linesUncostedUnits" > 0 OR ${revenueSql} <= 0)`,
    index: "Order_margin_sort_idx",
  },
} as const;

/**
 * What a search looks for (decision 094): orders whose name starts with the text (as typed, in
 * upper or lower case, and with Shopify's "#" before it when missing, so "1001" finds "#1001") or
 * whose e-mail starts with it (as typed or in lower case). Prefixes, not substrings, so the
 * (shopId, name) and (shopId, email) indexes answer them at a million orders.
 */
export function searchPrefixes(text: string): { names: string[]; emails: string[] } {
  const t = text.trim();
  const cases = [t, t.toUpperCase(), t.toLowerCase()];
  const names = new Set(cases.flatMap((c) => (c.startsWith("#") ? [c] : [c, `#${c}`])));
  return { names: [...names], emails: [...new Set([t, t.toLowerCase()])] };
}

/** The first string after every string that starts with `prefix` (code-point order, as both engines compare here). */
const afterPrefix = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1);

/** The shop's orders whose name or e-mail starts with each of a search's prefixes, one query per prefix. */
function prefixFinds(shopId: string, search: string) {
  const { names, emails } = searchPrefixes(search);
  const prefix = (column: "name" | "email", p: string) =>
    sqlOn()
      .selectFrom("Order as s")
      .where("s.shopId", "=", shopId)
      .where(`s.${column}`, ">=", p)
      .where(`s.${column}`, "<", afterPrefix(p));
  return [...names.map((p) => prefix("name", p)), ...emails.map((p) => prefix("email", p))];
}

/** The ids of the shop's orders a search finds, read through the name and e-mail indexes. */
function foundIds(shopId: string, search: string) {
  const [first, ...rest] = prefixFinds(shopId, search).map((finds) => finds.select("s.id"));
  return rest.reduce((all, part) => all.union(part), first);
}

/** A search finding more orders than this filters the range's orders instead of starting from its finds. */
const SEARCH_FINDS_CAP = 2000;

/**
 * Whether a search is narrow enough to start from the orders it finds (a short prefix like "#1"
 * finds most). Each prefix's finds are counted from its index alone, up to the cap, and summed (an
 * order found twice counts twice): counting the ids' union read each found row for its id, 88 ms
 * for an e-mail prefix with 13,000 orders at a million (bench/results/profit.md).
 */
async function searchIsNarrow(shopId: string, search: string): Promise<boolean> {
  if (!search.trim()) return false;
  let finds = 0;
  for (const query of prefixFinds(shopId, search)) {
    const { n } = await sqlOn()
      .selectFrom(
        query
          .select(sql<number>`1`.as("one"))
          .limit(SEARCH_FINDS_CAP + 1 - finds)
          .as("f"),
      )
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    finds += Number(n);
    if (finds > SEARCH_FINDS_CAP) return false;
  }
  return true;
}

/**
 * The table the view's query starts from: a narrow search's finds joined to the orders by id (with
 * the range in the same WHERE, SQLite, without statistics, walked the (shopId, day) index over the
 * whole range instead of the search's indexes), else the orders, through `index` if given: SQLite,
 * without statistics, took the (shopId, day) index and sorted the range instead of a sort's index.
 */
function ordersTable(shopId: string, search: string, narrow: boolean, index?: string) {
  const orders = sqlOn().selectFrom("Order as o");
  // The table named with its index: a FROM item Kysely's types do not know, the same columns under "o".
  if (!narrow && index && dialect === "sqlite")
    return sqlOn().selectFrom(sql`"Order" AS "o" INDEXED BY ${sql.id(index)}` as unknown as "Order as o");
  if (!narrow) return orders;
  // The same columns under "o" as the plain table; "c" only narrows the rows. CROSS JOIN keeps the
  // finds as SQLite's outer loop (an inner join let it walk the day index to skip the sort).
  return sqlOn()
    .selectFrom(foundIds(shopId, search).as("c"))
    .crossJoin("Order as o")
    .whereRef("o.id", "=", "c.id") as unknown as typeof orders;
}

/** The shop's orders (cancelled ones count nothing, as in the P&L) that match the filters. */
function matching(
  shopId: string,
  q: Omit<OrdersQuery, "sort" | "dir" | "page">,
  range: DayRange,
  narrow = false,
  index?: string,
) {
  let query = ordersTable(shopId, q.q, narrow, index)
    .where("o.shopId", "=", shopId)
    .where("o.day", ">=", range.from)
    .where("o.day", "<=", range.to)
    .where("o.cancelledAt", "is", null);
  if (q.channel) query = query.where("o.channel", "=", q.channel);
  if (q.q.trim() && !narrow) {
    const { names, emails } = searchPrefixes(q.q);
    query = query.where((eb) =>
      eb.or([
        ...names.map((p) => eb.and([eb("o.name", ">=", p), eb("o.name", "<", afterPrefix(p))])),
        ...emails.map((p) => eb.and([eb("o.email", ">=", p), eb("o.email", "<", afterPrefix(p))])),
      ]),
    );
  }
  if (q.missing === "cost") query = query.where("o.linesUncostedUnits", ">", 0);
  if (q.missing === "fee") query = query.where("o.paymentFeesMinor", "is", null);
  if (q.missing === "shipping") query = query.where("o.shippingCostMinor", "is", null);
  if (q.missing === "any")
    query = query.where((eb) =>
      eb.or([
        eb("o.linesUncostedUnits", ">", 0),
        eb("o.paymentFeesMinor", "is", null),
        eb("o.shippingCostMinor", "is", null),
      ]),
    );
  // The profit written as the index's, so a sort by profit seeks to the losses.
  if (q.loss) query = query.where(sql<boolean>`o."linesUncostedUnits" = 0 AND ${knownProfitSql} < 0`);
  return query;
}

const ORDER_COLUMNS = [
  "o.id",
  "o.name",
  "o.day",
  "o.channel",
  "o.email",
  "o.grossSalesMinor",
  "o.discountsMinor",
  "o.refundsMinor",
  "o.shippingMinor",
  "o.taxesMinor",
  "o.shippingCostMinor",
  "o.shippingCostSource",
  "o.shippingCountryCode",
  "o.paymentFeesMinor",
] as const;

type OrderRow = {
  id: string;
  name: string;
  day: string;
  channel: string;
  email: string | null;
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  shippingMinor: number;
  taxesMinor: number;
  shippingCostMinor: number | null;
  shippingCostSource: string | null;
  shippingCountryCode: string | null;
  paymentFeesMinor: number | null;
};

type LineRow = {
  id: string;
  orderId: string;
  day: string;
  title: string;
  sku: string | null;
  productId: string | null;
  variantId: string | null;
  quantity: number;
  unitPriceMinor: number;
  discountMinor: number;
  unitCostMinor: number | null;
};

/** The costs entered in the app and the titles of the products a cost by name may match. */
type Costing = { costs: CostRow[]; titles: Map<string, string> };

async function loadCosting(shopId: string): Promise<Costing> {
  const costs = await prisma.productCost.findMany({
    where: { shopId },
    select: { id: true, sku: true, productName: true, effectiveFrom: true, costPerUnitMinor: true, createdAt: true },
  });
  return { costs, titles: new Map() };
}

async function withTitles(shopId: string, costing: Costing, lines: LineRow[]): Promise<void> {
  if (!costing.costs.some((c) => !c.sku)) return;
  const ids = [...new Set(lines.map((l) => l.productId).filter((id): id is string => !!id))].filter(
    (id) => !costing.titles.has(id),
  );
  for (const part of chunks(ids, 500)) {
    const products = await prisma.product.findMany({
      where: { shopId, id: { in: part } },
      select: { id: true, title: true },
    });
    for (const p of products) costing.titles.set(p.id, p.title);
  }
}

/** A line's unit cost by the rollups' rule, and where it came from. */
function costOf(line: LineRow, costing: Costing): { unitCostMinor: number | null; source: CostSource } {
  if (costing.costs.length) {
    const title = line.productId ? (costing.titles.get(line.productId) ?? null) : null;
    const entered = effectiveUnitCost(line.day, null, overridesFor(costing.costs, line.sku, title));
    if (entered !== null) return { unitCostMinor: entered, source: "entered" };
  }
  return line.unitCostMinor === null
    ? { unitCostMinor: null, source: "unknown" }
    : { unitCostMinor: line.unitCostMinor, source: "sale" };
}

export type OrderProfitRow = {
  id: string;
  name: string;
  day: string;
  channel: string;
  email: string | null;
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  shippingMinor: number;
  revenueMinor: number;
  /** The cost of the lines whose cost is known. */
  cogsMinor: number;
  uncostedUnits: number;
  paymentFeesMinor: number | null;
  shippingCostMinor: number | null;
  /** The label cost is a rule's estimate for a shipped order (docs/decisions/092). */
  shippingEstimated: boolean;
  netProfitMinor: number | null;
  profitMargin: number | null;
  missing: MissingParts;
};

function figuresOf(order: OrderRow, lines: LineRow[], costing: Costing): OrderProfitRow {
  const costed = lines.map((l) => ({ quantity: l.quantity, unitCostMinor: costOf(l, costing).unitCostMinor }));
  const f = orderProfitFigures({ ...order, lines: costed });
  const uncostedUnits = costed.reduce((s, l) => s + (l.unitCostMinor === null ? l.quantity : 0), 0);
  const { shippingCostSource, shippingCountryCode, ...rest } = order;
  return {
    ...rest,
    // An order with no shipping address ships nothing: its 0 is no estimate.
    shippingEstimated: shippingCostSource === "rule" && shippingCountryCode !== null,
    revenueMinor: f.revenueMinor,
    cogsMinor: f.cogsMinor,
    uncostedUnits,
    netProfitMinor: f.netProfitMinor,
    profitMargin: f.profitMargin,
    missing: {
      cost: uncostedUnits > 0,
      fee: order.paymentFeesMinor === null,
      shipping: order.shippingCostMinor === null,
    },
  };
}

const LINE_COLUMNS = [
  "l.id",
  "l.orderId",
  "l.day",
  "l.title",
  "l.sku",
  "l.productId",
  "l.variantId",
  "l.quantity",
  "l.unitPriceMinor",
  "l.discountMinor",
  "l.unitCostMinor",
] as const;

/**
 * The lines of some of the shop's orders (ids read with the shop in the query), by the orderId
 * index. The shop is checked on each line rather than in the WHERE: with it there, SQLite (no
 * statistics) walked a (shopId, …) index over every line of the shop, 3 s at a million orders.
 */
async function linesOf(shopId: string, orderIds: string[]): Promise<Map<string, LineRow[]>> {
  const byOrder = new Map<string, LineRow[]>(orderIds.map((id) => [id, []]));
  for (const part of chunks(orderIds, 500)) {
    const lines = await sqlOn()
      .selectFrom("OrderLine as l")
      .select([...LINE_COLUMNS, "l.shopId"])
      .where("l.orderId", "in", part)
      .orderBy("l.id")
      .execute();
    for (const { shopId: owner, ...l } of lines) if (owner === shopId) byOrder.get(l.orderId)?.push(l);
  }
  return byOrder;
}

async function withFigures(shopId: string, orders: OrderRow[], costing: Costing): Promise<OrderProfitRow[]> {
  if (!orders.length) return [];
  const lines = await linesOf(
    shopId,
    orders.map((o) => o.id),
  );
  await withTitles(shopId, costing, [...lines.values()].flat());
  return orders.map((o) => figuresOf(o, lines.get(o.id) ?? [], costing));
}

export type OrderProfitPage = {
  rows: OrderProfitRow[];
  page: number;
  pageCount: number;
  total: number;
  /** The total is a lower bound: more orders match than were counted (ORDERS_COUNT_CAP). */
  capped: boolean;
};

/** Matching orders counted one by one up to this many; beyond, the list says "more than". */
export const ORDERS_COUNT_CAP = 5000;

/** How many orders a query of the view finds, up to `cap` if given. */
async function countRows(query: ReturnType<typeof matching>, cap?: number): Promise<number> {
  const rows = query.select(sql<number>`1`.as("one"));
  const { n } = await sqlOn()
    .selectFrom((cap === undefined ? rows : rows.limit(cap)).as("m"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * How many orders match. The range alone, or with only an unknown fee or shipping label, is
 * counted by the daily rollup (orders not cancelled, and those whose fee or label is unknown, per
 * store day), a few dozen rows; any other filter counts the orders themselves, up to the cap.
 */
async function countMatching(
  shopId: string,
  q: OrdersQuery,
  narrow: boolean,
): Promise<{ total: number; capped: boolean }> {
  const plain = !q.q && !q.channel && !q.loss;
  if (plain && (q.missing === null || q.missing === "fee" || q.missing === "shipping")) {
    const column =
      q.missing === "fee"
        ? "unknownPaymentFeeOrders"
        : q.missing === "shipping"
          ? "unknownShippingCostOrders"
          : "ordersCount";
    const { _sum: sum } = await prisma.dailyRollup.aggregate({
      where: { shopId, day: { gte: q.from, lte: q.to } },
      _sum: { [column]: true },
    });
    return { total: Number((sum as Record<string, number | null>)[column] ?? 0), capped: false };
  }
  // Losses are counted from the profit index, which holds them together (decision 124).
  const index = q.loss ? FIGURE_SORTS.profit.index : undefined;
  const total = await countRows(matching(shopId, q, { from: q.from, to: q.to }, narrow, index), ORDERS_COUNT_CAP + 1);
  return total > ORDERS_COUNT_CAP ? { total: ORDERS_COUNT_CAP, capped: true } : { total, capped: false };
}

/**
 * A page sorted by profit or margin (decision 124): the orders whose figure is known, in its
 * order through the figure's index, then those whose figure is unknown, newest first (ties in the
 * figure newest first too).
 */
async function byFigure(
  shopId: string,
  q: OrdersQuery,
  sort: keyof typeof FIGURE_SORTS,
  narrow: boolean,
  offset: number,
): Promise<OrderRow[]> {
  const figure = FIGURE_SORTS[sort];
  const range = { from: q.from, to: q.to };
  // An order with an uncosted line has neither figure: the "no cost" filter finds only unknown ones.
  const none = q.missing === "cost";
  const known = none
    ? []
    : await matching(shopId, q, range, narrow, figure.index)
        .where(figure.known)
        .select(ORDER_COLUMNS)
        .orderBy(sql`${figure.value} ${q.dir === "asc" ? sql`ASC` : sql`DESC`}`)
        .orderBy("o.day", "desc")
        .orderBy("o.processedAt", "desc")
        .orderBy("o.id", "desc")
        .limit(ORDERS_PAGE_SIZE)
        .offset(offset)
        .execute();
  if (known.length === ORDERS_PAGE_SIZE) return known;
  // The known figures before the unknown ones: all read when this page ends them, else counted.
  let knownTotal = none ? 0 : offset + known.length;
  if (!none && !known.length && offset)
    knownTotal = await countRows(matching(shopId, q, range, narrow, figure.index).where(figure.known));
  const unknown = await matching(shopId, q, range, narrow)
    .where(figure.unknown)
    .select(ORDER_COLUMNS)
    .orderBy("o.day", "desc")
    .orderBy("o.processedAt", "desc")
    .orderBy("o.id", "desc")
    .limit(ORDERS_PAGE_SIZE - known.length)
    .offset(Math.max(0, offset - knownTotal))
    .execute();
  return [...known, ...unknown];
}

/**
 * One page of the view. Sorting by profit or margin and the loss filter use each order's cost
 * at the time of sale as stored on the order (decision 069), so they run in the database; the
 * figures shown apply costs entered in the app (decision 089 says why the two may differ).
 */
export async function listOrderProfits(shop: ShopRef, q: OrdersQuery): Promise<OrderProfitPage> {
  const range = { from: q.from, to: q.to };
  const narrow = await searchIsNarrow(shop.id, q.q);
  const [{ total, capped }, costing] = await Promise.all([countMatching(shop.id, q, narrow), loadCosting(shop.id)]);
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  // Past a capped count, a later page may still hold orders: the requested page is kept.
  const page = capped ? q.page : Math.min(q.page, pageCount);
  const offset = (page - 1) * ORDERS_PAGE_SIZE;
  const orders =
    q.sort === "date"
      ? await matching(shop.id, q, range, narrow)
          .select(ORDER_COLUMNS)
          .orderBy("o.day", q.dir)
          .orderBy("o.processedAt", q.dir)
          .orderBy("o.id", q.dir)
          .limit(ORDERS_PAGE_SIZE)
          .offset(offset)
          .execute()
      : await byFigure(shop.id, q, q.sort, narrow, offset);
  return { rows: await withFigures(shop.id, orders, costing), page, pageCount, total, capped };
}

/**
 * Every matching order, a store day at a time from the latest (the export's order: date, newest
 * first), each day's orders read and costed together so no query grows with the range.
 */
export async function* orderProfitPages(shop: ShopRef, q: OrdersQuery): AsyncGenerator<OrderProfitRow[]> {
  const costing = await loadCosting(shop.id);
  const narrow = await searchIsNarrow(shop.id, q.q);
  const days = await matching(shop.id, q, { from: q.from, to: q.to }, narrow)
    .select("o.day")
    .groupBy("o.day")
    .orderBy("o.day", "desc")
    .execute();
  for (const { day } of days) {
    const orders = await matching(shop.id, q, { from: day, to: day }, narrow)
      .select(ORDER_COLUMNS)
      .orderBy("o.processedAt", "desc")
      .orderBy("o.id", "desc")
      .execute();
    yield await withFigures(shop.id, orders, costing);
  }
}

export type OrderBreakdownLine = {
  id: string;
  title: string;
  sku: string | null;
  quantity: number;
  unitPriceMinor: number;
  discountMinor: number;
  netSalesMinor: number;
  unitCostMinor: number | null;
  costSource: CostSource;
  /** quantity × unit cost; null when the cost is unknown. */
  costMinor: number | null;
};

export type OrderBreakdown = {
  order: OrderProfitRow & { processedAt: string; taxesMinor: number; cancelled: boolean };
  lines: OrderBreakdownLine[];
  refunds: { id: string; day: string; amountMinor: number }[];
};

/** One of the shop's orders with each line's cost and its source, its refunds and its figures; null when not the shop's. */
export async function orderBreakdown(shop: ShopRef, orderId: string): Promise<OrderBreakdown | null> {
  const order = await prisma.order.findFirst({
    where: { id: orderId, shopId: shop.id },
    select: {
      id: true,
      name: true,
      day: true,
      channel: true,
      email: true,
      processedAt: true,
      cancelledAt: true,
      grossSalesMinor: true,
      discountsMinor: true,
      refundsMinor: true,
      shippingMinor: true,
      taxesMinor: true,
      shippingCostMinor: true,
      shippingCostSource: true,
      shippingCountryCode: true,
      paymentFeesMinor: true,
      refunds: { select: { id: true, day: true, amountMinor: true }, orderBy: { processedAt: "asc" } },
    },
  });
  if (!order) return null;
  const costing = await loadCosting(shop.id);
  const lines = (await linesOf(shop.id, [order.id])).get(order.id) ?? [];
  await withTitles(shop.id, costing, lines);
  const { refunds, processedAt, cancelledAt, ...row } = order;
  return {
    order: {
      ...figuresOf(row, lines, costing),
      processedAt: processedAt.toISOString(),
      taxesMinor: order.taxesMinor,
      cancelled: cancelledAt !== null,
    },
    lines: lines.map((l) => {
      const { unitCostMinor, source } = costOf(l, costing);
      return {
        id: l.id,
        title: l.title,
        sku: l.sku,
        quantity: l.quantity,
        unitPriceMinor: l.unitPriceMinor,
        discountMinor: l.discountMinor,
        netSalesMinor: l.quantity * l.unitPriceMinor - l.discountMinor,
        unitCostMinor,
        costSource: source,
        costMinor: unitCostMinor === null ? null : unitCostMinor * l.quantity,
      };
    }),
    refunds,
  };
}
