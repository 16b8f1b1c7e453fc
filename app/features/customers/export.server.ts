// Export customers (admin-and-public.md §7): the current view's customers (segment and search)
// with their segment, scores, lifetime value and churn risk, streamed in the plan's formats
// through the shared export module (docs/decisions/049-streamed-exports.md).
import { dayInZone } from "~/lib/dates";
import { fileNamePart, type ExportFormat } from "~/lib/export-formats";
import { minorToDecimalString } from "~/lib/money";
import { exportResponse, type ExportColumn } from "~/platform/tabular-export.server";
import { LTV_METHODS } from "./clv";
import { exportBatches, type ListShop } from "./list.server";
import type { CustomerListQuery } from "./query";
import { displayName } from "./score-row";

type ExportRow = (
  typeof exportBatches extends (...args: never[]) => AsyncGenerator<infer B> ? B : never
) extends (infer R)[]
  ? R
  : never;

export function customerExportColumns(shop: ListShop): ExportColumn<ExportRow>[] {
  const money = (v: number | null) => (v === null ? null : minorToDecimalString(v, shop.currency));
  const day = (d: Date | null) => (d ? dayInZone(d, shop.timezone) : null);
  return [
    { key: "name", header: "Name", value: (r) => displayName(r.customer) || null },
    { key: "email", header: "E-mail", value: (r) => r.customer.email },
    { key: "phone", header: "Phone", value: (r) => r.customer.phone },
    {
      key: "acceptsMarketing",
      header: "Marketing consent",
      value: (r) => (r.customer.acceptsMarketing ? "yes" : "no"),
    },
    { key: "orders", header: "Orders", value: (r) => r.orders },
    { key: "totalSpent", header: `Total spent (${shop.currency})`, value: (r) => money(r.totalSpentMinor) },
    { key: "lastOrder", header: "Last order", value: (r) => day(r.lastOrderAt) },
    { key: "segment", header: "Segment", value: (r) => r.segment },
    { key: "recencyScore", header: "R", value: (r) => r.r },
    { key: "frequencyScore", header: "F", value: (r) => r.f },
    { key: "monetaryScore", header: "M", value: (r) => r.m },
    { key: "recencyDays", header: "Days since last order", value: (r) => r.recencyDays },
    { key: "ordersLast365Days", header: "Orders in the last 365 days", value: (r) => r.frequency },
    {
      key: "netSpendLast365Days",
      header: `Net spend in the last 365 days (${shop.currency})`,
      value: (r) => money(r.monetaryMinor),
    },
    {
      key: "predicted12MonthValue",
      header: `Predicted 12-month value (${shop.currency})`,
      value: (r) => money(r.predicted12mMinor),
    },
    {
      key: "valueMethod",
      header: "Value method",
      value: (r) => (r.ltvMethod ? (LTV_METHODS[r.ltvMethod as keyof typeof LTV_METHODS] ?? r.ltvMethod) : null),
    },
    { key: "churnRisk", header: "Churn risk", value: (r) => r.churnRisk },
    {
      key: "noOrderIn90DaysProbability",
      header: "Probability of no order in 90 days",
      value: (r) => (r.pNoPurchase90 === null ? null : Math.round(r.pNoPurchase90 * 1000) / 1000),
    },
    { key: "expectedNextOrder", header: "Expected next order", value: (r) => day(r.expectedNextOrderAt) },
  ];
}

async function* rowsOf(shop: ListShop, query: Pick<CustomerListQuery, "segment" | "q">) {
  for await (const batch of exportBatches(shop, query)) yield* batch;
}

export function customersExport(
  shop: ListShop & { domain: string },
  query: Pick<CustomerListQuery, "segment" | "q">,
  format: ExportFormat,
  now = new Date(),
): Response {
  const view = query.segment ? `-${query.segment.toLowerCase()}` : "";
  return exportResponse({
    format,
    fileName: `${fileNamePart(shop.domain)}-customers${view}-${dayInZone(now, shop.timezone)}`,
    sheets: [{ name: "Customers", columns: customerExportColumns(shop), rows: rowsOf(shop, query) }],
  });
}
