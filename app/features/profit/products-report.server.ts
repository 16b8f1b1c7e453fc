// The Products profit report (docs/product/costs-products.md, docs/decisions/089-orders-profit-view.md):
// per product or variant over a range of store days, units, net sales, cost of goods, the order's
// refunds, payment fees and shipping cost allocated to its lines pro rata to each line's net sales
// within the order (products-report.ts ALLOCATION_NOTE), profit and margin; uncosted units marked.
// Per product, the figures are the product rollups' sums (whole months from ProductMonthlyRollup,
// the edge days from ProductDailyRollup; decision 094), which store that allocation. Per variant,
// the lines are read in one grouped query and costs entered in the app re-price the lines they
// match by the rollups' rule (effectiveUnitCost), read through the (shop, sku, day) index.
import { prisma, sql, sqlOn } from "~/db.server";
import { chunks } from "~/lib/chunks";
import type { DayRange } from "~/lib/dates";
import { fileNamePart, type ExportFormat } from "~/lib/export-formats";
import { minorToDecimalString } from "~/lib/money";
import { exportResponse, type ExportColumn } from "~/platform/tabular-export.server";
import { effectiveUnitCost, overridesFor, type CostRow } from "~/features/profit/costs-rule";
import { PRODUCTS_PAGE_SIZE, type ProductSort, type ProductsQuery } from "~/features/profit/products-report";
import { PRODUCT_ROW_COLUMNS, type ProductRow } from "~/features/profit/rollup-bumps.server";
import { splitRange } from "~/features/profit/rollup-ranges";

type ShopRef = { id: string; timezone: string; currency: string };

export type ProductProfitRow = {
  /** productId, or productId/variantId per variant; "" for lines without a product. */
  key: string;
  productId: string | null;
  variantId: string | null;
  title: string;
  variantTitle: string | null;
  units: number;
  netSalesMinor: number;
  refundsMinor: number;
  /** Cost of the units whose cost is known. */
  cogsMinor: number;
  uncostedUnits: number;
  paymentFeesMinor: number;
  /** Units sold on orders whose payment fee is unknown (their share counts as nothing). */
  unknownFeeUnits: number;
  shippingCostMinor: number;
  unknownShippingUnits: number;
  /** Net sales − refunds − cost of goods − fees − shipping cost; null when any unit's cost is unknown. */
  profitMinor: number | null;
  profitMargin: number | null;
};

/** The lines of the range's orders that count (cancelled orders count nothing, as in the P&L). */
function linesIn(shopId: string, range: DayRange) {
  return sqlOn()
    .selectFrom("OrderLine as l")
    .innerJoin("Order as o", "o.id", "l.orderId")
    .where("l.shopId", "=", shopId)
    .where("l.day", ">=", range.from)
    .where("l.day", "<=", range.to)
    .where("o.cancelledAt", "is", null);
}

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

async function groupedLines(shopId: string, range: DayRange, byVariant: boolean) {
  const perOrder = sqlOn()
    .selectFrom("OrderLine as t")
    .select([
      "t.orderId",
      sql<number>`SUM(t."quantity" * t."unitPriceMinor" - t."discountMinor")`.as("net"),
      sql<number>`SUM(t."quantity")`.as("qty"),
    ])
    .where("t.shopId", "=", shopId)
    .where("t.day", ">=", range.from)
    .where("t.day", "<=", range.to)
    .groupBy("t.orderId");
  // The line's share of its order: its net sales over the order's, or its units when the order's net is not positive.
  const share = sql<number>`(CASE WHEN ot."net" > 0 THEN (l."quantity" * l."unitPriceMinor" - l."discountMinor") * 1.0 / ot."net" ELSE l."quantity" * 1.0 / ot."qty" END)`;
  const variant = byVariant ? sql<string>`COALESCE(l."variantId", '')` : sql<string>`''`;
  return linesIn(shopId, range)
    .innerJoin(perOrder.as("ot"), "ot.orderId", "l.orderId")
    .select([
      sql<string>`COALESCE(l."productId", '')`.as("productId"),
      variant.as("variantId"),
      sql<number>`SUM(l."quantity")`.as("units"),
      sql<number>`SUM(${share} * (o."grossSalesMinor" - o."discountsMinor"))`.as("netSales"),
      sql<number>`SUM(${share} * o."refundsMinor")`.as("refunds"),
      sql<number>`SUM(CASE WHEN l."unitCostMinor" IS NULL THEN 0 ELSE l."quantity" * l."unitCostMinor" END)`.as("cogs"),
      sql<number>`SUM(CASE WHEN l."unitCostMinor" IS NULL THEN l."quantity" ELSE 0 END)`.as("uncosted"),
      sql<number>`SUM(${share} * COALESCE(o."paymentFeesMinor", 0))`.as("fees"),
      sql<number>`SUM(CASE WHEN o."paymentFeesMinor" IS NULL THEN l."quantity" ELSE 0 END)`.as("unknownFee"),
      sql<number>`SUM(${share} * COALESCE(o."shippingCostMinor", 0))`.as("shipping"),
      sql<number>`SUM(CASE WHEN o."shippingCostMinor" IS NULL THEN l."quantity" ELSE 0 END)`.as("unknownShipping"),
    ])
    .groupBy(byVariant ? [sql`COALESCE(l."productId", '')`, variant] : [sql`COALESCE(l."productId", '')`])
    .execute();
}

/** What costs entered in the app change per product/variant: the cost of goods and the uncosted units. */
async function enteredCostChanges(shopId: string, range: DayRange, costs: CostRow[], byVariant: boolean) {
  const out = new Map<string, { cogs: number; uncosted: number }>();
  if (!costs.length) return out;
  const skus = [...new Set(costs.map((c) => c.sku).filter((s): s is string => !!s))];
  const names = new Set(costs.filter((c) => !c.sku).map((c) => c.productName.trim().toLowerCase()));
  const products = names.size
    ? (await prisma.product.findMany({ where: { shopId }, select: { id: true, title: true } })).filter((p) =>
        names.has(p.title.trim().toLowerCase()),
      )
    : [];
  const titles = new Map(products.map((p) => [p.id, p.title]));
  const queries = [
    ...[...chunks(skus, 500)].map((part) => linesIn(shopId, range).where("l.sku", "in", part)),
    ...[...chunks([...titles.keys()], 500)].map((part) => linesIn(shopId, range).where("l.productId", "in", part)),
  ];
  const seen = new Set<string>();
  for (const query of queries) {
    const groups = await query
      .select([
        "l.productId",
        "l.variantId",
        "l.sku",
        "l.day",
        "l.unitCostMinor",
        sql<number>`SUM(l."quantity")`.as("units"),
        sql<string>`MIN(l."id")`.as("first"),
      ])
      .groupBy(["l.productId", "l.variantId", "l.sku", "l.day", "l.unitCostMinor"])
      .execute();
    for (const g of groups) {
      // A line matched by its SKU and by its product's name is counted once.
      const id = JSON.stringify([g.productId, g.variantId, g.sku, g.day, g.unitCostMinor]);
      if (seen.has(id)) continue;
      seen.add(id);
      const units = n(g.units);
      const overrides = overridesFor(costs, g.sku, g.productId ? (titles.get(g.productId) ?? null) : null);
      const unit = effectiveUnitCost(g.day, g.unitCostMinor, overrides);
      if (unit === g.unitCostMinor) continue;
      const key = `${g.productId ?? ""}|${byVariant ? (g.variantId ?? "") : ""}`;
      const change = out.get(key) ?? { cogs: 0, uncosted: 0 };
      change.cogs += (unit ?? 0) * units - (g.unitCostMinor ?? 0) * units;
      change.uncosted += (unit === null ? units : 0) - (g.unitCostMinor === null ? units : 0);
      out.set(key, change);
    }
  }
  return out;
}

async function namesOf(shopId: string, productIds: string[], variantIds: string[]) {
  const products = new Map<string, string>();
  const variants = new Map<string, string>();
  for (const part of chunks(productIds, 500))
    for (const p of await prisma.product.findMany({
      where: { shopId, id: { in: part } },
      select: { id: true, title: true },
    }))
      products.set(p.id, p.title);
  for (const part of chunks(variantIds, 500))
    for (const v of await prisma.variant.findMany({
      where: { shopId, id: { in: part } },
      select: { id: true, title: true },
    }))
      variants.set(v.id, v.title);
  return { products, variants };
}

type Sums = {
  productId: string;
  variantId: string;
  units: number;
  netSales: number;
  refunds: number;
  cogs: number;
  uncosted: number;
  fees: number;
  unknownFee: number;
  shipping: number;
  unknownShipping: number;
};

async function withNames(shopId: string, groups: Sums[], byVariant: boolean): Promise<ProductProfitRow[]> {
  const names = await namesOf(
    shopId,
    groups.map((g) => g.productId).filter(Boolean),
    groups.map((g) => g.variantId).filter(Boolean),
  );
  return groups.map((g) => {
    const netSalesMinor = Math.round(g.netSales);
    const refundsMinor = Math.round(g.refunds);
    const paymentFeesMinor = Math.round(g.fees);
    const shippingCostMinor = Math.round(g.shipping);
    const profitMinor =
      g.uncosted > 0 ? null : netSalesMinor - refundsMinor - g.cogs - paymentFeesMinor - shippingCostMinor;
    const base = netSalesMinor - refundsMinor;
    return {
      key: byVariant ? `${g.productId}|${g.variantId}` : g.productId,
      productId: g.productId || null,
      variantId: g.variantId || null,
      title: g.productId ? (names.products.get(g.productId) ?? "Deleted product") : "Items without a product",
      variantTitle: g.variantId ? (names.variants.get(g.variantId) ?? null) : null,
      units: g.units,
      netSalesMinor,
      refundsMinor,
      cogsMinor: g.cogs,
      uncostedUnits: g.uncosted,
      paymentFeesMinor,
      unknownFeeUnits: g.unknownFee,
      shippingCostMinor,
      unknownShippingUnits: g.unknownShipping,
      profitMinor,
      profitMargin: profitMinor === null || base <= 0 ? null : profitMinor / base,
    };
  });
}

/** Per variant, from the range's lines (with entered costs applied), in no particular order. */
export async function productProfitsFromLines(
  shop: ShopRef,
  range: DayRange,
  by: "product" | "variant" = "product",
): Promise<ProductProfitRow[]> {
  const byVariant = by === "variant";
  const costs = await prisma.productCost.findMany({
    where: { shopId: shop.id },
    select: { id: true, sku: true, productName: true, effectiveFrom: true, costPerUnitMinor: true, createdAt: true },
  });
  const [groups, changes] = await Promise.all([
    groupedLines(shop.id, range, byVariant),
    enteredCostChanges(shop.id, range, costs, byVariant),
  ]);
  const sums = groups.map((g): Sums => {
    const change = changes.get(`${g.productId}|${g.variantId}`) ?? { cogs: 0, uncosted: 0 };
    return {
      productId: g.productId,
      variantId: g.variantId,
      units: n(g.units),
      netSales: n(g.netSales),
      refunds: n(g.refunds),
      cogs: n(g.cogs) + change.cogs,
      uncosted: n(g.uncosted) + change.uncosted,
      fees: n(g.fees),
      unknownFee: n(g.unknownFee),
      shipping: n(g.shipping),
      unknownShipping: n(g.unknownShipping),
    };
  });
  return withNames(shop.id, sums, byVariant);
}

/** Per product, the product rollups' sums over the range: whole months by month, the edge days by day. */
async function productProfitsFromRollups(shop: ShopRef, range: DayRange): Promise<ProductProfitRow[]> {
  const { months, days } = splitRange(range);
  const q = sqlOn();
  const columns = ["productId", ...PRODUCT_ROW_COLUMNS] as const;
  const byDay = days.map((d) =>
    q
      .selectFrom("ProductDailyRollup")
      .select(columns)
      .where("shopId", "=", shop.id)
      .where("day", ">=", d.from)
      .where("day", "<=", d.to),
  );
  const parts = months
    ? q
        .selectFrom("ProductMonthlyRollup")
        .select(columns)
        .where("shopId", "=", shop.id)
        .where("month", ">=", months.from)
        .where("month", "<=", months.to)
        .unionAll(byDay)
    : byDay[0]?.unionAll(byDay.slice(1));
  if (!parts) return [];
  const rows = await q
    .selectFrom(parts.as("t"))
    .select((eb) => ["t.productId", ...PRODUCT_ROW_COLUMNS.map((c) => eb.fn.sum<number>(`t.${c}`).as(c))])
    .groupBy("t.productId")
    // A product whose lines all went (an order edited or cancelled) leaves a row of zeros.
    .having((eb) => eb.fn.sum("t.units"), "<>", 0)
    .execute();
  const sums = rows.map((r): Sums => {
    const v = (c: keyof ProductRow) => n((r as Record<string, unknown>)[c]);
    return {
      productId: r.productId,
      variantId: "",
      units: v("units"),
      netSales: v("netSalesShareMinor"),
      refunds: v("refundsShareMinor"),
      cogs: v("cogsMinor"),
      uncosted: v("uncostedUnits"),
      fees: v("feesShareMinor"),
      unknownFee: v("unknownFeeUnits"),
      shipping: v("shippingShareMinor"),
      unknownShipping: v("unknownShippingUnits"),
    };
  });
  return withNames(shop.id, sums, false);
}

/** Every product (or variant) sold in the range with its figures, in no particular order. */
export async function productProfits(
  shop: ShopRef,
  range: DayRange,
  by: "product" | "variant" = "product",
): Promise<ProductProfitRow[]> {
  return by === "product" ? productProfitsFromRollups(shop, range) : productProfitsFromLines(shop, range, by);
}

const SORT_VALUE: Record<ProductSort, (r: ProductProfitRow) => number | null> = {
  profit: (r) => r.profitMinor,
  netSales: (r) => r.netSalesMinor,
  units: (r) => r.units,
  margin: (r) => r.profitMargin,
};

/** Rows sorted by the query's column (unknown values last), ties by title. */
export function sortProductRows(rows: ProductProfitRow[], sort: ProductSort, dir: "asc" | "desc") {
  const value = SORT_VALUE[sort];
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? a.title.localeCompare(b.title) : x === null ? 1 : -1;
    return (x - y) * sign || a.title.localeCompare(b.title);
  });
}

export type ProductProfitPage = { rows: ProductProfitRow[]; page: number; pageCount: number; total: number };

export async function productProfitPage(shop: ShopRef, q: ProductsQuery): Promise<ProductProfitPage> {
  const rows = sortProductRows(await productProfits(shop, { from: q.from, to: q.to }, q.by), q.sort, q.dir);
  const pageCount = Math.max(1, Math.ceil(rows.length / PRODUCTS_PAGE_SIZE));
  const page = Math.min(q.page, pageCount);
  return {
    rows: rows.slice((page - 1) * PRODUCTS_PAGE_SIZE, page * PRODUCTS_PAGE_SIZE),
    page,
    pageCount,
    total: rows.length,
  };
}

/** The report as a file: every row in the query's order; unknown profit is an empty cell. */
export async function productProfitExport(
  shop: ShopRef & { domain: string },
  q: ProductsQuery,
  format: ExportFormat,
): Promise<Response> {
  const rows = sortProductRows(await productProfits(shop, { from: q.from, to: q.to }, q.by), q.sort, q.dir);
  const money = (v: number | null) => (v === null ? null : minorToDecimalString(v, shop.currency));
  const column = (key: keyof ProductProfitRow & string, header: string): ExportColumn<ProductProfitRow> => ({
    key,
    header: `${header} (${shop.currency})`,
    value: (r) => money(r[key] as number | null),
  });
  const columns: ExportColumn<ProductProfitRow>[] = [
    { key: "product", header: "Product", value: (r) => r.title },
    ...(q.by === "variant"
      ? [{ key: "variant", header: "Variant", value: (r: ProductProfitRow) => r.variantTitle ?? "" }]
      : []),
    { key: "units", header: "Units", value: (r) => r.units },
    column("netSalesMinor", "Net sales"),
    column("refundsMinor", "Refunds"),
    column("cogsMinor", "Cost of goods"),
    { key: "uncostedUnits", header: "Units without cost", value: (r) => r.uncostedUnits },
    column("paymentFeesMinor", "Payment fees allocated"),
    { key: "unknownFeeUnits", header: "Units with unknown fee", value: (r) => r.unknownFeeUnits },
    column("shippingCostMinor", "Shipping cost allocated"),
    { key: "unknownShippingUnits", header: "Units with unknown shipping", value: (r) => r.unknownShippingUnits },
    column("profitMinor", "Profit"),
    {
      key: "margin",
      header: "Margin",
      value: (r) => (r.profitMargin === null ? null : Number(r.profitMargin.toFixed(6))),
    },
  ];
  return exportResponse({
    format,
    fileName: `${fileNamePart(shop.domain)}-product-profit-${q.from}-to-${q.to}`,
    totalRows: rows.length,
    sheets: [{ name: "Product profit", columns, rows }],
  });
}

export type TopProductByProfit = Pick<
  ProductProfitRow,
  "title" | "units" | "netSalesMinor" | "profitMinor" | "profitMargin" | "uncostedUnits"
> & { id: string };

/** The dashboard's Top Products ranked by profit: the report's rows for the range, highest profit first. */
export async function topProductsByProfit(shop: ShopRef, range: DayRange, limit = 3): Promise<TopProductByProfit[]> {
  const rows = sortProductRows(await productProfits(shop, range), "profit", "desc");
  return rows
    .filter((r) => r.productId)
    .slice(0, limit)
    .map((r) => ({
      id: r.productId!,
      title: r.title,
      units: r.units,
      netSalesMinor: r.netSalesMinor,
      profitMinor: r.profitMinor,
      profitMargin: r.profitMargin,
      uncostedUnits: r.uncostedUnits,
    }));
}
