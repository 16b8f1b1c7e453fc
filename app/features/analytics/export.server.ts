// The analytics export (issue 12 item 4, docs/decisions/051-analytics-export.md): the chosen
// timeframe as a daily sheet with every registry figure, and an orders sheet with one row per
// order. Streamed through the platform's tabular export (decision 049): the orders are read a
// page at a time by key, never all at once; the formats are the plan's.
import { prisma } from "~/db.server";
import { minorToDecimalString } from "~/lib/money";
import { fileNamePart, type ExportFormat } from "~/lib/export-formats";
import { exportResponse, keysetPages, type ExportColumn, type ExportSheet } from "~/platform/tabular-export.server";
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

type OrderRow = {
  id: string;
  name: string;
  day: string;
  source: string | null;
  country: string | null;
  region: string | null;
  grossSalesMinor: number;
  discountsMinor: number;
  refundsMinor: number;
  shippingMinor: number;
  cogsMinor: number;
  uncostedUnits: number;
  /** The registry's figures for this one order (its refunds being all of its refunds to date). */
  netSalesMinor: number;
  grossProfitMinor: number;
};

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * The orders (cancelled ones excluded) of a span of days, after `afterId` when the span is one
 * day paged by id, with their cost of goods. Spans are planned from the daily rollup (below) so
 * each query is an index range on (shop, day) holding about a page: a keyset over (day, id)
 * would sort the rest of the range on every page. Without costs entered in the app, the
 * database sums each order's line snapshots in the same query; with them, the lines are costed
 * by the rollups' rule.
 */
async function orderPage(
  shopId: string,
  span: DayRange,
  afterId: string,
  costs: Awaited<ReturnType<typeof loadCosts>>,
  page = PAGE,
): Promise<OrderRow[]> {
  const { from, to } = span;
  if (!costs.list.length) {
    const rows = await prisma.$queryRaw<Record<string, unknown>[]>`
      SELECT p."id", p."name", p."day", p."source", p."country", p."region", p."grossSalesMinor", p."discountsMinor",
             p."refundsMinor", p."shippingMinor",
             SUM(CASE WHEN l."unitCostMinor" IS NULL THEN 0 ELSE l."quantity" * l."unitCostMinor" END) AS cogs,
             SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" ELSE 0 END) AS uncosted
      FROM (
        SELECT o."id", o."name", o."day", o."source", o."country", o."region", o."grossSalesMinor", o."discountsMinor",
               o."refundsMinor", o."shippingMinor"
        FROM "Order" o
        WHERE o."shopId" = ${shopId} AND o."day" >= ${from} AND o."day" <= ${to} AND o."cancelledAt" IS NULL
          AND o."id" > ${afterId}
        ORDER BY o."day", o."id"
        LIMIT ${page}
      ) p
      LEFT JOIN "OrderLine" l ON l."orderId" = p."id"
      GROUP BY p."id", p."name", p."day", p."source", p."country", p."region", p."grossSalesMinor", p."discountsMinor",
               p."refundsMinor", p."shippingMinor"
      ORDER BY p."day", p."id"`;
    return rows.map((o) => orderRow(o, n(o.cogs), n(o.uncosted)));
  }
  const orders = await prisma.$queryRaw<Record<string, unknown>[]>`
    SELECT o."id", o."name", o."day", o."source", o."country", o."region", o."grossSalesMinor", o."discountsMinor",
           o."refundsMinor", o."shippingMinor"
    FROM "Order" o
    WHERE o."shopId" = ${shopId} AND o."day" >= ${from} AND o."day" <= ${to} AND o."cancelledAt" IS NULL
      AND o."id" > ${afterId}
    ORDER BY o."day", o."id"
    LIMIT ${page}`;
  if (orders.length === 0) return [];
  const last = orders[orders.length - 1];
  // The page's lines by the same bounds (no list of ids, which would pass the driver's parameter limit).
  const lines = await prisma.$queryRaw<Record<string, unknown>[]>`
    SELECT l."orderId", l."day", l."sku", l."productId", l."quantity", l."unitCostMinor"
    FROM "OrderLine" l JOIN "Order" o ON o."id" = l."orderId"
    WHERE o."shopId" = ${shopId} AND o."day" >= ${from} AND o."day" <= ${to} AND o."cancelledAt" IS NULL
      AND o."id" > ${afterId}
      AND (o."day" < ${String(last.day)} OR (o."day" = ${String(last.day)} AND o."id" <= ${String(last.id)}))`;
  const cogs = new Map<string, { cogs: number; uncosted: number }>();
  for (const l of lines) {
    const productId = s(l.productId);
    const title = productId ? (costs.titles.get(productId) ?? null) : null;
    const unitCost = l.unitCostMinor === null ? null : n(l.unitCostMinor);
    const unit = effectiveUnitCost(String(l.day), unitCost, overridesFor(costs.list, s(l.sku), title));
    const acc = cogs.get(String(l.orderId)) ?? { cogs: 0, uncosted: 0 };
    if (unit === null) acc.uncosted += n(l.quantity);
    else acc.cogs += unit * n(l.quantity);
    cogs.set(String(l.orderId), acc);
  }
  return orders.map((o) => orderRow(o, cogs.get(String(o.id))?.cogs ?? 0, cogs.get(String(o.id))?.uncosted ?? 0));
}

// One order's registry inputs, reused row after row: an export of a million orders would
// otherwise allocate (and collect) a million of them.
const scratch: MetricInputs = { ...EMPTY_INPUTS, ordersCount: 1 };

function orderRow(o: Record<string, unknown>, cogsMinor: number, uncostedUnits: number): OrderRow {
  const grossSalesMinor = n(o.grossSalesMinor);
  const discountsMinor = n(o.discountsMinor);
  const refundsMinor = n(o.refundsMinor);
  const shippingMinor = n(o.shippingMinor);
  scratch.grossSalesMinor = grossSalesMinor;
  scratch.discountsMinor = discountsMinor;
  scratch.refundsMinor = refundsMinor;
  scratch.shippingMinor = shippingMinor;
  scratch.cogsMinor = cogsMinor;
  return {
    id: String(o.id),
    name: String(o.name),
    day: String(o.day),
    source: s(o.source),
    country: s(o.country),
    region: s(o.region),
    grossSalesMinor,
    discountsMinor,
    refundsMinor,
    shippingMinor,
    cogsMinor,
    uncostedUnits,
    netSalesMinor: METRICS.netSales.compute(scratch) ?? 0,
    grossProfitMinor: METRICS.grossProfit.compute(scratch) ?? 0,
  };
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
  if (list.some((c) => !c.sku))
    for (const p of await prisma.product.findMany({ where: { shopId }, select: { id: true, title: true } }))
      titles.set(p.id, p.title);
  return { list, titles };
}

function ordersSheet(shop: ShopRef, range: DayRange, page = PAGE): ExportSheet<OrderRow> {
  const money = (v: number) => minorToDecimalString(v, shop.currency);
  // An order's figures by the registry's formulas, its refunds being all of the order's to date.
  const c = shop.currency;
  const columns: ExportColumn<OrderRow>[] = [
    { key: "order", header: "Order", value: (o) => o.name },
    { key: "day", header: "Day", value: (o) => o.day },
    { key: "source", header: "Source", value: (o) => o.source ?? "unknown" },
    { key: "country", header: "Country", value: (o) => o.country },
    { key: "region", header: "Region", value: (o) => o.region },
    { key: "grossSales", header: `Gross sales (${c})`, value: (o) => money(o.grossSalesMinor) },
    { key: "discounts", header: `Discounts (${c})`, value: (o) => money(o.discountsMinor) },
    { key: "refunds", header: `Refunds to date (${c})`, value: (o) => money(o.refundsMinor) },
    { key: "netSales", header: `Net sales (${c})`, value: (o) => money(o.netSalesMinor) },
    { key: "shipping", header: `Shipping charged (${c})`, value: (o) => money(o.shippingMinor) },
    { key: "cogs", header: `Cost of goods (${c})`, value: (o) => money(o.cogsMinor) },
    { key: "uncostedUnits", header: "Units without a cost", value: (o) => o.uncostedUnits },
    { key: "grossProfit", header: `Gross profit (${c})`, value: (o) => money(o.grossProfitMinor) },
  ];
  const rows = (async function* () {
    const costs = await loadCosts(shop.id);
    for (const span of await orderSpans(shop.id, range, page))
      if (span.from === span.to)
        yield* keysetPages<OrderRow>((after) => orderPage(shop.id, span, after?.id ?? "", costs, page), page);
      else yield* await orderPage(shop.id, span, "", costs, Number.MAX_SAFE_INTEGER);
  })();
  return { name: "Orders", columns, rows };
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
