// The analytics export (issue 12 item 4, docs/decisions/051-analytics-export.md): the chosen
// timeframe as a daily sheet with every registry figure, and an orders sheet with one row per
// order. Streamed through the platform's tabular export (decision 049): the orders are read a
// page at a time by key, never all at once; the formats are the plan's.
import { prisma } from "~/db.server";
import { minorFormatter, minorToDecimalString } from "~/lib/money";
import { fileNamePart, type ExportFormat } from "~/lib/export-formats";
import {
  exportResponse,
  inPages,
  keysetPageList,
  type ExportColumn,
  type ExportSheet,
} from "~/platform/tabular-export.server";
import { rawRows } from "~/platform/raw-rows.server";
import { effectiveUnitCost } from "~/features/profit";
import { overridesFor, todayFor } from "~/features/profit/index.server";
import { dailyMetrics } from "~/features/analytics/analytics.server";
import { EMPTY_INPUTS, METRIC_KEYS, METRICS, type MetricInputs, type MetricValues } from "~/features/analytics/metrics";
import { analyticsPeriods, TIMEFRAME_DAYS, type TimeframeKey } from "~/features/analytics/periods";
import type { DayRange } from "~/lib/dates";

type ShopRef = { id: string; domain: string; timezone: string; currency: string };

export const EXPORT_SHEETS = ["daily", "orders"] as const;
export type ExportSheetName = (typeof EXPORT_SHEETS)[number];

/** Rows per page of the orders query. */
const PAGE = 2000;

function cellOf(unit: "money" | "count" | "rate", v: number | null, currency: string) {
  if (v === null) return null;
  if (unit === "money") return minorToDecimalString(v, currency);
  if (unit === "rate") return Number(v.toFixed(6));
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

/**
 * One order of the orders sheet, as the lean read gives it (an array, no object per row):
 * the columns below in this order, its cost of goods and units without a cost last.
 */
type OrderRow = unknown[];
// The last two are the lines' cost at the time of sale, kept on the order by every line write
// (decision 069), so a page is one index range over the orders and no line is read.
const ORDER_COLUMNS = `o."name", o."day", o."source", o."country", o."region", o."grossSalesMinor", o."discountsMinor",
  o."refundsMinor", o."shippingMinor", o."id", o."linesCostMinor", o."linesUncostedUnits"`;
const [NAME, DAY, SOURCE, COUNTRY, REGION, GROSS, DISCOUNTS, REFUNDS, SHIPPING, ID, COGS, UNCOSTED] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
];

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

// The page's orders: an index range on (shop, day), after `afterId` when a single day is paged by id.
const PAGE_WHERE = `o."shopId" = ? AND o."day" >= ? AND o."day" <= ? AND o."cancelledAt" IS NULL AND o."id" > ?`;
const PAGE_ORDERS = `SELECT ${ORDER_COLUMNS} FROM "Order" o WHERE ${PAGE_WHERE} ORDER BY o."day", o."id" LIMIT ?`;
const LINE_COLUMNS = `l."orderId", l."day", l."sku", l."productId", l."quantity", l."unitCostMinor"`;
/** The span's lines of the SKUs that have a cost entered in the app: an index range on (shop, sku, day). */
const skuLines = (skus: number) =>
  `SELECT ${LINE_COLUMNS} FROM "OrderLine" l
   WHERE l."shopId" = ? AND l."sku" IN (${Array.from({ length: skus }, () => "?").join(", ")}) AND l."day" >= ? AND l."day" <= ?`;
/** Every line of the page's orders (a cost entered by product name, which no index finds). */
const PAGE_LINES = `
  SELECT ${LINE_COLUMNS}
  FROM "OrderLine" l JOIN "Order" o ON o."id" = l."orderId"
  WHERE ${PAGE_WHERE} AND (o."day" < ? OR (o."day" = ? AND o."id" <= ?))`;

/**
 * The orders (cancelled ones excluded) of a span of days, after `afterId` when the span is one
 * day paged by id, with their cost of goods, read through the lean path (platform/raw-rows).
 * Spans are planned from the daily rollup (below) so each query is an index range on
 * (shop, day) holding about a page: a keyset over (day, id) would sort the rest of the range
 * on every page. Each order carries its lines' cost at the time of sale; with costs entered in
 * the app, only the lines those costs re-price are read, and the order's figures are adjusted
 * by the rollups' rule (effectiveUnitCost).
 */
async function orderPage(
  shopId: string,
  span: DayRange,
  afterId: string,
  costs: Awaited<ReturnType<typeof loadCosts>>,
  page = PAGE,
): Promise<OrderRow[]> {
  const { from, to } = span;
  const bounds = [shopId, from, to, afterId];
  const orders = await rawRows(PAGE_ORDERS, [...bounds, page]);
  for (const o of orders) {
    o[COGS] = n(o[COGS]);
    o[UNCOSTED] = n(o[UNCOSTED]);
  }
  if (!costs.list.length || orders.length === 0) return orders;
  const byId = new Map<string, OrderRow>();
  for (const o of orders) byId.set(String(o[ID]), o);
  let lines: unknown[][];
  if (costs.readAllLines) {
    const last = orders[orders.length - 1];
    const lastDay = String(last[DAY]);
    lines = await rawRows(PAGE_LINES, [...bounds, lastDay, lastDay, String(last[ID])]);
  } else lines = await rawRows(skuLines(costs.skus.length), [shopId, ...costs.skus, from, to]);
  for (const [orderId, day, sku, productId, quantity, unitCostMinor] of lines) {
    const o = byId.get(String(orderId));
    if (!o) continue; // cancelled, or outside this page of a day paged by id
    const title = productId ? (costs.titles.get(String(productId)) ?? null) : null;
    const snapshot = unitCostMinor === null ? null : n(unitCostMinor);
    const unit = effectiveUnitCost(String(day), snapshot, overridesFor(costs.list, s(sku), title));
    if (unit === snapshot) continue;
    const q = n(quantity);
    // Take out what the stored total counted for this line, put in what the entered cost says.
    if (snapshot === null) o[UNCOSTED] = (o[UNCOSTED] as number) - q;
    else o[COGS] = (o[COGS] as number) - snapshot * q;
    if (unit === null) o[UNCOSTED] = (o[UNCOSTED] as number) + q;
    else o[COGS] = (o[COGS] as number) + unit * q;
  }
  return orders;
}

// One order's registry inputs, reused row after row: an export of a million orders would
// otherwise allocate (and collect) a million of them.
const scratch: MetricInputs = { ...EMPTY_INPUTS, ordersCount: 1 };

function inputsOf(o: OrderRow): MetricInputs {
  scratch.grossSalesMinor = n(o[GROSS]);
  scratch.discountsMinor = n(o[DISCOUNTS]);
  scratch.refundsMinor = n(o[REFUNDS]);
  scratch.shippingMinor = n(o[SHIPPING]);
  scratch.cogsMinor = o[COGS] as number;
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
  const cell = (i: number) => (o: OrderRow) => money(n(o[i]));
  // An order's figures by the registry's formulas, its refunds being all of the order's to date.
  const c = shop.currency;
  const columns: ExportColumn<OrderRow>[] = [
    { key: "order", header: "Order", value: (o) => String(o[NAME]) },
    { key: "day", header: "Day", value: (o) => String(o[DAY]) },
    { key: "source", header: "Source", value: (o) => s(o[SOURCE]) ?? "unknown" },
    { key: "country", header: "Country", value: (o) => s(o[COUNTRY]) },
    { key: "region", header: "Region", value: (o) => s(o[REGION]) },
    { key: "grossSales", header: `Gross sales (${c})`, value: cell(GROSS) },
    { key: "discounts", header: `Discounts (${c})`, value: cell(DISCOUNTS) },
    { key: "refunds", header: `Refunds to date (${c})`, value: cell(REFUNDS) },
    { key: "netSales", header: `Net sales (${c})`, value: (o) => money(METRICS.netSales.compute(inputsOf(o)) ?? 0) },
    { key: "shipping", header: `Shipping charged (${c})`, value: cell(SHIPPING) },
    { key: "cogs", header: `Cost of goods (${c})`, value: cell(COGS) },
    { key: "uncostedUnits", header: "Units without a cost", value: (o) => o[UNCOSTED] as number },
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
        yield* keysetPageList<OrderRow>(
          (after) => orderPage(shop.id, span, after ? String(after[ID]) : "", costs, page),
          page,
        );
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
  const orderRows = n(orders._sum.ordersCount);
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
