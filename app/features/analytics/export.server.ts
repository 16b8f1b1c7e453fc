// The analytics export (issue 12 item 4, docs/decisions/051-analytics-export.md): the chosen
// timeframe as a daily sheet with every registry figure, and an orders sheet with one row per
// order. Streamed through the platform's tabular export (decision 049): the orders are read a
// page at a time by key, never all at once; the formats are the plan's.
import { prisma, sqlOn } from "~/db.server";
import { minorFormatter, minorToDecimalString } from "~/lib/money";
import { fileNamePart, type ExportFormat } from "~/lib/export-formats";
import {
  exportResponse,
  inPages,
  keysetPageList,
  type ExportColumn,
  type ExportSheet,
} from "~/platform/tabular-export.server";
import { effectiveUnitCost } from "~/features/profit";
import { overridesFor, todayFor } from "~/features/profit/index.server";
import { dailyMetrics } from "~/features/analytics/analytics.server";
import {
  EMPTY_INPUTS,
  METRIC_KEYS,
  METRICS,
  type MetricInputs,
  type MetricUnit,
  type MetricValues,
} from "~/features/analytics/metrics";
import { analyticsPeriods, TIMEFRAME_DAYS, type TimeframeKey } from "~/features/analytics/periods";
import type { DayRange } from "~/lib/dates";

type ShopRef = { id: string; domain: string; timezone: string; currency: string };

export const EXPORT_SHEETS = ["daily", "orders"] as const;
export type ExportSheetName = (typeof EXPORT_SHEETS)[number];

/** Rows per page of the orders query. */
const PAGE = 2000;

function cellOf(unit: MetricUnit, v: number | null, currency: string) {
  if (v === null) return null;
  if (unit === "money") return minorToDecimalString(v, currency);
  if (unit === "rate" || unit === "multiple") return Number(v.toFixed(6));
  return v;
}

function dailySheet(shop: ShopRef, range: DayRange): ExportSheet<{ day: string; values: MetricValues }> {
  const columns: ExportColumn<{ day: string; values: MetricValues }>[] = [
    { key: "day", header: "Day", value: (r) => r.day },
    ...METRIC_KEYS.map((k) => ({
      key: k,
      header: METRICS[k].unit === "money" ? `${METRICS[k].label} (${shop.currency})` : METRICS[k].label,
      value: (r: { values: MetricValues }) => cellOf(METRICS[k].unit, r.values[k], shop.currency),
    })),
  ];
  async function* rows() {
    yield* await dailyMetrics(shop, range);
  }
  return { name: "Daily", columns, rows: rows() };
}

/** The columns of an order the sheet shows, with its lines' cost at the time of sale (decision 069). */
const ORDER_COLUMNS = [
  "o.id",
  "o.name",
  "o.day",
  "o.source",
  "o.country",
  "o.region",
  "o.grossSalesMinor",
  "o.discountsMinor",
  "o.refundsMinor",
  "o.shippingMinor",
  "o.linesCostMinor",
  "o.linesUncostedUnits",
] as const;
const LINE_COLUMNS = ["l.orderId", "l.day", "l.sku", "l.productId", "l.quantity", "l.unitCostMinor"] as const;

/**
 * The page's orders: an index range on (shop, day), after `afterId` when a single day is paged
 * by id. Each carries its lines' cost at the time of sale, kept on the order by every line write
 * (decision 069), so a page is one index range over the orders and no line is read.
 */
function pageOrders(shopId: string, span: DayRange, afterId: string) {
  return sqlOn()
    .selectFrom("Order as o")
    .where("o.shopId", "=", shopId)
    .where("o.day", ">=", span.from)
    .where("o.day", "<=", span.to)
    .where("o.cancelledAt", "is", null)
    .where("o.id", ">", afterId);
}

type OrderRow = Awaited<ReturnType<typeof orderPage>>[number];

/**
 * The orders (cancelled ones excluded) of a span of days, after `afterId` when the span is one
 * day paged by id, with their cost of goods. Spans are planned from the daily rollup (below) so
 * each query is an index range on (shop, day) holding about a page: a keyset over (day, id)
 * would sort the rest of the range on every page. Each order carries its lines' cost at the
 * time of sale; with costs entered in the app, only the lines those costs re-price are read
 * (the span's lines of those SKUs, an index range on (shop, sku, day); or, for a cost entered
 * by product name, which no index finds, every line of the page's orders), and the order's
 * figures are adjusted by the rollups' rule (effectiveUnitCost).
 */
async function orderPage(
  shopId: string,
  span: DayRange,
  afterId: string,
  costs: Awaited<ReturnType<typeof loadCosts>>,
  page = PAGE,
) {
  const orders = await pageOrders(shopId, span, afterId)
    .select(ORDER_COLUMNS)
    .orderBy("o.day")
    .orderBy("o.id")
    .limit(page)
    .execute();
  if (!costs.list.length || orders.length === 0) return orders;
  const byId = new Map(orders.map((o) => [o.id, o]));
  const last = orders[orders.length - 1];
  const lines = costs.readAllLines
    ? await pageOrders(shopId, span, afterId)
        .innerJoin("OrderLine as l", "l.orderId", "o.id")
        .select(LINE_COLUMNS)
        .where((eb) =>
          eb.or([eb("o.day", "<", last.day), eb.and([eb("o.day", "=", last.day), eb("o.id", "<=", last.id)])]),
        )
        .execute()
    : await sqlOn()
        .selectFrom("OrderLine as l")
        .select(LINE_COLUMNS)
        .where("l.shopId", "=", shopId)
        .where("l.sku", "in", costs.skus)
        .where("l.day", ">=", span.from)
        .where("l.day", "<=", span.to)
        .execute();
  for (const line of lines) {
    const o = byId.get(line.orderId);
    if (!o) continue; // cancelled, or outside this page of a day paged by id
    const title = line.productId ? (costs.titles.get(line.productId) ?? null) : null;
    const snapshot = line.unitCostMinor;
    const unit = effectiveUnitCost(line.day, snapshot, overridesFor(costs.list, line.sku, title));
    if (unit === snapshot) continue;
    // Take out what the stored total counted for this line, put in what the entered cost says.
    if (snapshot === null) o.linesUncostedUnits -= line.quantity;
    else o.linesCostMinor -= snapshot * line.quantity;
    if (unit === null) o.linesUncostedUnits += line.quantity;
    else o.linesCostMinor += unit * line.quantity;
  }
  return orders;
}

// One order's registry inputs, reused row after row: an export of a million orders would
// otherwise allocate (and collect) a million of them.
const scratch: MetricInputs = { ...EMPTY_INPUTS, ordersCount: 1 };

function inputsOf(o: OrderRow): MetricInputs {
  scratch.grossSalesMinor = o.grossSalesMinor;
  scratch.discountsMinor = o.discountsMinor;
  scratch.refundsMinor = o.refundsMinor;
  scratch.shippingMinor = o.shippingMinor;
  scratch.cogsMinor = o.linesCostMinor;
  return scratch;
}

/**
 * Consecutive days whose orders (by the daily rollup) add up to about a page; a day with a page
 * or more is a span of its own, paged by id.
 */
export async function orderSpans(shopId: string, range: DayRange, page = PAGE): Promise<DayRange[]> {
  const days = await prisma.dailyRollup.findMany({
    where: { shopId, day: { gte: range.from, lte: range.to }, ordersCount: { gt: 0 } },
    select: { day: true, ordersCount: true },
    orderBy: { day: "asc" },
  });
  const spans: DayRange[] = [];
  let open: { from: string; to: string; orders: number } | null = null;
  for (const d of days) {
    if (open && open.orders + d.ordersCount > page) {
      spans.push({ from: open.from, to: open.to });
      open = null;
    }
    if (d.ordersCount >= page) spans.push({ from: d.day, to: d.day });
    else if (open) open = { from: open.from, to: d.day, orders: open.orders + d.ordersCount };
    else open = { from: d.day, to: d.day, orders: d.ordersCount };
  }
  if (open) spans.push({ from: open.from, to: open.to });
  return spans;
}

async function loadCosts(shopId: string) {
  const list = await prisma.productCost.findMany({ where: { shopId } });
  const titles = new Map<string, string>();
  // A cost entered by product name alone applies to lines with any SKU of that product.
  const byNameOnly = list.some((c) => !c.sku);
  if (byNameOnly)
    for (const p of await prisma.product.findMany({ where: { shopId }, select: { id: true, title: true } }))
      titles.set(p.id, p.title);
  const skus = [...new Set(list.flatMap((c) => (c.sku ? [c.sku] : [])))];
  // Past a few hundred SKUs the list would near the drivers' limits on bound values: read every line.
  return { list, titles, skus, readAllLines: byNameOnly || skus.length > 500 };
}

function ordersSheet(shop: ShopRef, range: DayRange, page = PAGE): ExportSheet<OrderRow> {
  const money = minorFormatter(shop.currency);
  const cell =
    (key: "grossSalesMinor" | "discountsMinor" | "refundsMinor" | "shippingMinor" | "linesCostMinor") =>
    (o: OrderRow) =>
      money(o[key]);
  // An order's figures by the registry's formulas, its refunds being all of the order's to date.
  const c = shop.currency;
  const columns: ExportColumn<OrderRow>[] = [
    { key: "order", header: "Order", value: (o) => o.name },
    { key: "day", header: "Day", value: (o) => o.day },
    { key: "source", header: "Source", value: (o) => o.source ?? "unknown" },
    { key: "country", header: "Country", value: (o) => o.country },
    { key: "region", header: "Region", value: (o) => o.region },
    { key: "grossSales", header: `Gross sales (${c})`, value: cell("grossSalesMinor") },
    { key: "discounts", header: `Discounts (${c})`, value: cell("discountsMinor") },
    { key: "refunds", header: `Refunds to date (${c})`, value: cell("refundsMinor") },
    { key: "netSales", header: `Net sales (${c})`, value: (o) => money(METRICS.netSales.compute(inputsOf(o)) ?? 0) },
    { key: "shipping", header: `Shipping charged (${c})`, value: cell("shippingMinor") },
    { key: "cogs", header: `Cost of goods (${c})`, value: cell("linesCostMinor") },
    { key: "uncostedUnits", header: "Units without a cost", value: (o) => o.linesUncostedUnits },
    {
      key: "grossProfit",
      header: `Gross profit (${c})`,
      value: (o) => money(METRICS.grossProfit.compute(inputsOf(o)) ?? 0),
    },
  ];
  const pages = (async function* () {
    const costs = await loadCosts(shop.id);
    for (const span of await orderSpans(shop.id, range, page))
      if (span.from === span.to)
        yield* keysetPageList<OrderRow>((after) => orderPage(shop.id, span, after ? after.id : "", costs, page), page);
      else {
        const rows = await orderPage(shop.id, span, "", costs, Number.MAX_SAFE_INTEGER);
        if (rows.length) yield rows;
      }
  })();
  return { name: "Orders", columns, rows: inPages(pages) };
}

export type AnalyticsExportRequest = {
  format: ExportFormat;
  timeframe: TimeframeKey;
  sheet: ExportSheetName;
  /** Orders per query (tests use a small one to cross page boundaries). */
  pageSize?: number;
};

/**
 * The export as a streamed Response. CSV holds one sheet (`sheet`, daily by default); JSON and
 * Excel hold both. The file name says the shop and the range.
 */
export async function analyticsExport(shop: ShopRef, req: AnalyticsExportRequest, now = new Date()): Promise<Response> {
  const range = analyticsPeriods(todayFor(shop, now), req.timeframe, "previous").current;
  const sheets = { daily: dailySheet(shop, range), orders: ordersSheet(shop, range, req.pageSize) };
  const chosen = req.format === "csv" ? [sheets[req.sheet]] : [sheets.daily, sheets.orders];
  const orders = await prisma.dailyRollup.aggregate({
    where: { shopId: shop.id, day: { gte: range.from, lte: range.to } },
    _sum: { ordersCount: true },
  });
  const orderRows = orders._sum.ordersCount ?? 0;
  const days = TIMEFRAME_DAYS[req.timeframe];
  const totalRows = chosen.reduce((t, sh) => t + (sh.name === "Orders" ? orderRows : days), 0);
  const part = req.format === "csv" ? `-${req.sheet}` : "";
  return exportResponse({
    format: req.format,
    fileName: `${fileNamePart(shop.domain)}-analytics${part}-${range.from}-to-${range.to}`,
    sheets: chosen,
    totalRows,
  });
}
