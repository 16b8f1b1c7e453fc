// The Products profit report's table: per product (or variant) units, net sales, refunds, cost of
// goods, fees and shipping allocated, profit and margin; uncosted and unknown parts as badges;
// sorted on the server, paged.
import { Badge, BlockStack, EmptySearchResult, Text } from "@shopify/polaris";
import { ResponsiveIndexTable, type ResponsiveColumn } from "~/components/ResponsiveIndexTable";
import { formatMoney, formatPercent } from "~/lib/money";
import type { ProductSort, ProductsQuery } from "~/features/profit/products-report";
import type { ProductProfitPage } from "~/features/profit/products-report.server";

const COLUMNS: (ResponsiveColumn & { sort?: ProductSort })[] = [
  { title: "Product" },
  { title: "Units", alignment: "end", sort: "units" },
  // Profit before what makes it up; a sortable heading last would put its sort button past
  // the card's edge.
  { title: "Profit", alignment: "end", sort: "profit" },
  { title: "Margin", alignment: "end", sort: "margin" },
  { title: "Net sales", alignment: "end", sort: "netSales" },
  { title: "Refunds", alignment: "end" },
  { title: "Cost of goods", alignment: "end" },
  { title: "Fees and shipping", alignment: "end" },
];

type Props = {
  page: ProductProfitPage;
  query: ProductsQuery;
  currency: string;
  loading: boolean;
  onQuery: (change: Partial<ProductsQuery>) => void;
};

const units = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "unit" : "units"}`;

export function ProductsProfitTable({ page, query, currency, loading, onQuery }: Props) {
  const money = (v: number) => formatMoney(v, currency);
  const withUnknown = (text: string, ...unknowns: [number, string][]) =>
    unknowns.some(([n]) => n > 0) ? (
      <BlockStack gap="050" inlineAlign="end">
        {text}
        {unknowns
          .filter(([n]) => n > 0)
          .map(([n, what]) => (
            <Badge key={what} tone="attention">{`${what} unknown for ${units(n)}`}</Badge>
          ))}
      </BlockStack>
    ) : (
      text
    );
  const sortIndex = COLUMNS.findIndex((c) => c.sort === query.sort);
  return (
    <ResponsiveIndexTable
      resourceName={{ singular: query.by, plural: `${query.by}s` }}
      columns={COLUMNS}
      loading={loading}
      emptyState={<EmptySearchResult title="No products sold in this period" withIllustration />}
      sort={{
        sortable: COLUMNS.map((c) => !!c.sort),
        columnIndex: sortIndex === -1 ? undefined : sortIndex,
        direction: query.dir === "asc" ? "ascending" : "descending",
        onSort: (index, direction) =>
          onQuery({ sort: COLUMNS[index]?.sort ?? "profit", dir: direction === "ascending" ? "asc" : "desc" }),
      }}
      rows={page.rows.map((r) => ({
        id: r.key || "none",
        cells: [
          <Text key="t" as="span" fontWeight="semibold">
            {r.variantTitle ? `${r.title} · ${r.variantTitle}` : r.title}
          </Text>,
          r.units.toLocaleString("en-US"),
          r.profitMinor === null ? <Badge tone="warning">Unknown</Badge> : money(r.profitMinor),
          r.profitMargin === null ? "—" : formatPercent(r.profitMargin),
          money(r.netSalesMinor),
          money(r.refundsMinor),
          withUnknown(money(r.cogsMinor), [r.uncostedUnits, "Cost"]),
          // Fees and shipping in one column, so the table fits a laptop's width; each unknown
          // keeps its own badge. The CSV export has them apart.
          withUnknown(
            money(r.paymentFeesMinor + r.shippingCostMinor),
            [r.unknownFeeUnits, "Fee"],
            [r.unknownShippingUnits, "Shipping"],
          ),
        ],
      }))}
      pagination={
        page.pageCount <= 1
          ? undefined
          : {
              hasPrevious: page.page > 1,
              hasNext: page.page < page.pageCount,
              onPrevious: () => onQuery({ page: page.page - 1 }),
              onNext: () => onQuery({ page: page.page + 1 }),
              label: `Page ${page.page} of ${page.pageCount} · ${page.total.toLocaleString("en-US")} ${query.by}s`,
            }
      }
    />
  );
}
