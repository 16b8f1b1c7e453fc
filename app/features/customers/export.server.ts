// Export customers (admin-and-public.md §7): the current view's customers (segment and search)
// with their segment, scores, lifetime value and churn risk, streamed in the plan's formats
// through the shared export module (docs/decisions/049-streamed-exports.md).
import { prisma, type Prisma } from "~/db.server";
import { dayInZone } from "~/lib/dates";
import { fileNamePart, type ExportFormat } from "~/lib/export-formats";
import { minorToDecimalString } from "~/lib/money";
import { exportResponse, inPages, type ExportColumn } from "~/platform/tabular-export.server";
import { LTV_METHODS } from "./clv";
import { moving, ROW_SELECT, type ListShop } from "./list.server";
import type { CustomerListQuery } from "./query";
import { displayName } from "./score-row";
import { getStoredModel } from "./score-store.server";
import { matchingAfter } from "./search.server";

type ExportQuery = Pick<CustomerListQuery, "segment" | "q">;

const EXPORT_SELECT = {
  ...ROW_SELECT,
  customer: { select: { firstName: true, lastName: true, email: true, phone: true, acceptsMarketing: true } },
} satisfies Prisma.CustomerScoreSelect;

type ExportRow = Prisma.CustomerScoreGetPayload<{ select: typeof EXPORT_SELECT }> & ReturnType<typeof moving>;

/** The view's rows with their moving figures, a page at a time (keyset on the customer id). */
async function* exportPages(shop: ListShop, query: ExportQuery): AsyncGenerator<ExportRow[]> {
  const page = 1000;
  const stored = await getStoredModel(prisma, shop.id);
  let after: string | undefined;
  for (;;) {
    // With a search, the index gives the page's ids first (a row deleted meanwhile is skipped).
    const ids = query.q ? await matchingAfter(shop.id, query, after, page) : null;
    const where = ids
      ? { customerId: { in: ids } }
      : { ...(query.segment && { segment: query.segment }), ...(after && { customerId: { gt: after } }) };
    const rows = await prisma.customerScore.findMany({
      where: { shopId: shop.id, ...where },
      orderBy: { customerId: "asc" },
      take: page,
      select: EXPORT_SELECT,
    });
    if (rows.length) yield rows.map((r) => ({ ...r, ...moving(r, stored) }));
    const fetched = ids ?? rows.map((r) => r.customerId);
    if (fetched.length < page) return;
    after = fetched[fetched.length - 1]!;
  }
}

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
    { key: "valueMethod", header: "Value method", value: (r) => (r.ltvMethod ? LTV_METHODS[r.ltvMethod] : null) },
    { key: "churnRisk", header: "Churn risk", value: (r) => r.churnRisk },
    {
      key: "noOrderIn90DaysProbability",
      header: "Probability of no order in 90 days",
      value: (r) => (r.pNoPurchase90 === null ? null : Math.round(r.pNoPurchase90 * 1000) / 1000),
    },
    { key: "expectedNextOrder", header: "Expected next order", value: (r) => day(r.expectedNextOrderAt) },
  ];
}

export function customersExport(
  shop: ListShop & { domain: string },
  query: ExportQuery,
  format: ExportFormat,
  now = new Date(),
): Response {
  const view = query.segment ? `-${query.segment.toLowerCase()}` : "";
  return exportResponse({
    format,
    fileName: `${fileNamePart(shop.domain)}-customers${view}-${dayInZone(now, shop.timezone)}`,
    sheets: [{ name: "Customers", columns: customerExportColumns(shop), rows: inPages(exportPages(shop, query)) }],
  });
}
