// The Orders profit list: one row per order with its figures, what is unknown as a badge (never
// a zero), sortable by date, profit and margin on the server, paged; a row opens its breakdown.
import { Badge, EmptySearchResult, InlineStack, Text } from "@shopify/polaris";
import { Link } from "@remix-run/react";
import { ResponsiveIndexTable, type ResponsiveColumn } from "~/components/ResponsiveIndexTable";
import { formatDay } from "~/lib/dates";
import { formatMoney, formatPercent } from "~/lib/money";
import { MISSING_LABELS, ORDERS_PAGE_SIZE, type OrderSort, type OrdersQuery } from "~/features/profit/orders-view";
import type { OrderProfitPage } from "~/features/profit/orders-view.server";

const COLUMNS: (ResponsiveColumn & { sort?: OrderSort })[] = [
  { title: "Order" },
  { title: "Date", sort: "date" },
  { title: "Gross sales", alignment: "end" },
  { title: "Discounts", alignment: "end" },
  { title: "Refunds", alignment: "end" },
  { title: "Cost of goods", alignment: "end" },
  { title: "Payment fees", alignment: "end" },
  { title: "Shipping cost", alignment: "end" },
  { title: "Profit", alignment: "end", sort: "profit" },
  { title: "Margin", alignment: "end", sort: "margin" },
  { title: "Unknown" },
];

type Props = {
  page: OrderProfitPage;
  query: OrdersQuery;
  currency: string;
  loading: boolean;
  onQuery: (change: Partial<OrdersQuery>) => void;
  hrefOf: (orderId: string) => string;
};

const unknown = (label: string) => <Badge tone="warning">{label}</Badge>;

export function OrdersProfitTable({ page, query, currency, loading, onQuery, hrefOf }: Props) {
  const money = (v: number) => formatMoney(v, currency);
  const sortIndex = COLUMNS.findIndex((c) => c.sort === query.sort);
  return (
    <ResponsiveIndexTable
      resourceName={{ singular: "order", plural: "orders" }}
      columns={COLUMNS}
      loading={loading}
      emptyState={<EmptySearchResult title="No orders match these filters" withIllustration />}
      sort={{
        sortable: COLUMNS.map((c) => !!c.sort),
        columnIndex: sortIndex === -1 ? undefined : sortIndex,
        direction: query.dir === "asc" ? "ascending" : "descending",
        onSort: (index, direction) =>
          onQuery({ sort: COLUMNS[index]?.sort ?? "date", dir: direction === "ascending" ? "asc" : "desc", page: 1 }),
      }}
      rows={page.rows.map((r) => ({
        id: r.id,
        cells: [
          <Link key="n" to={hrefOf(r.id)} aria-label={`Profit of order ${r.name}`}>
            <Text as="span" fontWeight="semibold">
              {r.name}
            </Text>
          </Link>,
          formatDay(r.day),
          money(r.grossSalesMinor),
          money(r.discountsMinor),
          money(r.refundsMinor),
          r.missing.cost ? unknown(`${money(r.cogsMinor)} + unknown`) : money(r.cogsMinor),
          r.paymentFeesMinor === null ? unknown("Unknown") : money(r.paymentFeesMinor),
          r.shippingCostMinor === null ? unknown("Unknown") : money(r.shippingCostMinor),
          r.netProfitMinor === null ? unknown("Unknown") : money(r.netProfitMinor),
          r.profitMargin === null ? "—" : formatPercent(r.profitMargin),
          <InlineStack key="u" gap="100" wrap={false}>
            {(Object.keys(MISSING_LABELS) as (keyof typeof MISSING_LABELS)[])
              .filter((k) => r.missing[k])
              .map((k) => (
                <Badge key={k} tone="attention">
                  {MISSING_LABELS[k]}
                </Badge>
              ))}
          </InlineStack>,
        ],
      }))}
      pagination={
        !page.rows.length && page.page === 1
          ? undefined
          : {
              hasPrevious: page.page > 1,
              hasNext: page.capped ? page.rows.length === ORDERS_PAGE_SIZE : page.page < page.pageCount,
              onPrevious: () => onQuery({ page: page.page - 1 }),
              onNext: () => onQuery({ page: page.page + 1 }),
              label: page.capped
                ? `Page ${page.page} · more than ${page.total.toLocaleString("en-US")} orders`
                : `Page ${page.page} of ${page.pageCount} · ${page.total.toLocaleString("en-US")} orders`,
            }
      }
    />
  );
}
