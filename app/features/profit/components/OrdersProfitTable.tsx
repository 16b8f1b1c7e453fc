// The Orders profit list: one row per order with its figures, what is unknown as a badge (never
// a zero), sortable by date, profit and margin on the server, paged; a row opens its breakdown.
import { Badge, BlockStack, EmptySearchResult, Text } from "@shopify/polaris";
import { Link } from "@remix-run/react";
import { ResponsiveIndexTable, type ResponsiveColumn } from "~/components/ResponsiveIndexTable";
import { formatDay } from "~/lib/dates";
import { formatMoney, formatPercent } from "~/lib/money";
import {
  MISSING_LABELS,
  ORDERS_PAGE_SIZE,
  SHIPPING_ESTIMATED,
  type OrderSort,
  type OrdersQuery,
} from "~/features/profit/orders-view";
import type { OrderProfitPage } from "~/features/profit/orders-view.server";

const COLUMNS: (ResponsiveColumn & { sort?: OrderSort })[] = [
  { title: "Order" },
  { title: "Date", sort: "date" },
  // Profit first, then what makes it up; a sortable heading last would put its sort button
  // past the card's edge.
  { title: "Profit", alignment: "end", sort: "profit" },
  { title: "Margin", alignment: "end", sort: "margin" },
  { title: "Net sales", alignment: "end" },
  { title: "Refunds", alignment: "end" },
  { title: "Cost of goods", alignment: "end" },
  { title: "Fees and shipping", alignment: "end" },
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
          r.netProfitMinor === null ? unknown("Unknown") : money(r.netProfitMinor),
          r.profitMargin === null ? "—" : formatPercent(r.profitMargin),
          // Gross sales and discounts apart, and each part of the sum, are on the order's breakdown
          // and in the CSV export; fewer columns keep the table inside a laptop's width.
          money(r.grossSalesMinor - r.discountsMinor),
          money(r.refundsMinor),
          r.missing.cost ? (
            <BlockStack key="c" gap="050" inlineAlign="end">
              <Text as="span">{money(r.cogsMinor)}</Text>
              <Badge tone="attention">{MISSING_LABELS.cost}</Badge>
            </BlockStack>
          ) : (
            money(r.cogsMinor)
          ),
          <FeesAndShipping
            key="f"
            fees={r.paymentFeesMinor}
            shipping={r.shippingCostMinor}
            estimated={r.shippingEstimated}
            money={money}
          />,
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

/** An order's payment fee and shipping cost as one figure, each unknown part named, an estimated label marked. */
function FeesAndShipping(p: {
  fees: number | null;
  shipping: number | null;
  estimated: boolean;
  money: (v: number) => string;
}) {
  const known = (p.fees ?? 0) + (p.shipping ?? 0);
  if (p.fees !== null && p.shipping !== null && !p.estimated) return <>{p.money(known)}</>;
  return (
    <BlockStack gap="050" inlineAlign="end">
      {p.fees === null && p.shipping === null ? null : <Text as="span">{p.money(known)}</Text>}
      {p.estimated && <Badge tone="info">{SHIPPING_ESTIMATED}</Badge>}
      {p.fees === null && <Badge tone="attention">{MISSING_LABELS.fee}</Badge>}
      {p.shipping === null && <Badge tone="attention">{MISSING_LABELS.shipping}</Badge>}
    </BlockStack>
  );
}
