// The Orders profit view as a file (docs/product/costs-orders.md): the view's matching orders and
// figures (orders-view.server.ts), newest first, streamed through the platform's tabular export.
import { fileNamePart, type ExportFormat } from "~/lib/export-formats";
import { minorToDecimalString } from "~/lib/money";
import { exportResponse, inPages, type ExportColumn } from "~/platform/tabular-export.server";
import { CHANNEL_LABELS, MISSING_LABELS, type MissingParts, type OrdersQuery } from "~/features/profit/orders-view";
import { orderProfitPages, type OrderProfitRow, type ShopRef } from "~/features/profit/orders-view.server";

/**
 * The view as a file (CSV, or the plan's other formats): every matching order, newest first,
 * with the same figures; an unknown figure is an empty cell and named in "Unknown". Text cells
 * are guarded against formulas by the export module. No customer e-mail: figures only.
 */
export function orderProfitExport(shop: ShopRef & { domain: string }, q: OrdersQuery, format: ExportFormat): Response {
  const money = (v: number | null) => (v === null ? null : minorToDecimalString(v, shop.currency));
  const column = (key: keyof OrderProfitRow & string, header: string): ExportColumn<OrderProfitRow> => ({
    key,
    header: `${header} (${shop.currency})`,
    value: (r) => money(r[key] as number | null),
  });
  const columns: ExportColumn<OrderProfitRow>[] = [
    { key: "order", header: "Order", value: (r) => r.name },
    { key: "day", header: "Date", value: (r) => r.day },
    { key: "channel", header: "Channel", value: (r) => CHANNEL_LABELS[r.channel] ?? r.channel },
    column("grossSalesMinor", "Gross sales"),
    column("discountsMinor", "Discounts"),
    column("refundsMinor", "Refunds"),
    column("shippingMinor", "Shipping charged"),
    column("revenueMinor", "Revenue"),
    column("cogsMinor", "Cost of goods"),
    { key: "uncostedUnits", header: "Units without cost", value: (r) => r.uncostedUnits },
    column("paymentFeesMinor", "Payment fees"),
    column("shippingCostMinor", "Shipping cost"),
    { key: "shippingEstimated", header: "Shipping estimated", value: (r) => (r.shippingEstimated ? "yes" : "no") },
    column("netProfitMinor", "Profit"),
    {
      key: "margin",
      header: "Margin",
      value: (r) => (r.profitMargin === null ? null : Number(r.profitMargin.toFixed(6))),
    },
    {
      key: "unknown",
      header: "Unknown",
      value: (r) =>
        (Object.keys(MISSING_LABELS) as (keyof MissingParts)[])
          .filter((k) => r.missing[k])
          .map((k) => MISSING_LABELS[k])
          .join("; "),
    },
  ];
  return exportResponse({
    format,
    fileName: `${fileNamePart(shop.domain)}-order-profit-${q.from}-to-${q.to}`,
    sheets: [{ name: "Order profit", columns, rows: inPages(orderProfitPages(shop, q)) }],
  });
}
