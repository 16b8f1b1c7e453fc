// The customer list: segment tabs, its controls (search, segment filter, sort) and a sortable,
// paged table. Everything lives in the URL.
import { Avatar, Button, EmptySearchResult, InlineStack, Tabs, Text } from "@shopify/polaris";
import { Link } from "@remix-run/react";
import { ResponsiveIndexTable, type ResponsiveColumn } from "~/components/ResponsiveIndexTable";
import { formatMoney } from "~/lib/money";
import { PAGE_SIZE, segmentSlug, type CustomerListQuery, type CustomerSort } from "~/features/customers/query";
import { scoreLine, SEGMENTS, type Segment } from "~/features/customers/rfm";
import type { CustomerRow } from "~/features/customers/list.server";
import { CustomerListControls } from "./CustomerListControls";
import { SegmentBadge } from "./SegmentBadge";

/** A list row as the route shows it: the last order as the shop's day. */
export type ListRow = Omit<CustomerRow, "lastOrderAt" | "predicted12mMinor" | "churnRisk"> & {
  lastOrderDay: string | null;
};

const TABS = [
  { id: "all", label: "All", segment: null as Segment | null },
  ...SEGMENTS.map((s) => ({
    id: segmentSlug(s),
    label: s === "At-Risk" ? "At Risk" : s,
    segment: s as Segment | null,
  })),
];

const COLUMNS: (ResponsiveColumn & { sort?: CustomerSort })[] = [
  { title: "Customer", sort: "name" },
  { title: "E-mail" },
  { title: "Orders", alignment: "end", sort: "orders" },
  { title: "Total spent", alignment: "end", sort: "spent" },
  { title: "Last order", sort: "lastOrder" },
  { title: "Segment" },
];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

type Props = {
  rows: ListRow[];
  query: CustomerListQuery;
  /** capped: a search with more matches than were counted (the total is a lower bound). */
  paging: { page: number; pageCount: number; total: number; capped?: boolean };
  currency: string;
  loading: boolean;
  onQuery: (change: Partial<CustomerListQuery>) => void;
  onExplain: (id: string) => void;
};

export function CustomerList({ rows, query, paging, currency, loading, onQuery, onExplain }: Props) {
  const tab = TABS.findIndex((t) => t.segment === query.segment);
  const sortIndex = COLUMNS.findIndex((c) => c.sort === query.sort);
  return (
    <>
      <Tabs
        tabs={TABS.map((t) => ({ id: `customers-${t.id}`, content: t.label, panelID: "customers-list" }))}
        selected={tab}
        onSelect={(i) => onQuery({ segment: TABS[i]!.segment })}
      />
      <CustomerListControls query={query} onQuery={onQuery} />
      <div id="customers-list" role="tabpanel" aria-labelledby={`customers-${TABS[tab]!.id}`}>
        <ResponsiveIndexTable
          resourceName={{ singular: "customer", plural: "customers" }}
          columns={COLUMNS}
          loading={loading}
          emptyState={
            <EmptySearchResult
              title={query.q ? `No customers found matching "${query.q}"` : "No customers found"}
              withIllustration
            />
          }
          sort={{
            sortable: COLUMNS.map((c) => !!c.sort),
            columnIndex: sortIndex === -1 ? undefined : sortIndex,
            direction: query.dir === "asc" ? "ascending" : "descending",
            onSort: (index, direction) =>
              onQuery({ sort: COLUMNS[index]?.sort ?? "spent", dir: direction === "ascending" ? "asc" : "desc" }),
          }}
          rows={rows.map((r) => ({
            id: r.id,
            cells: [
              <InlineStack key="n" gap="200" blockAlign="center" wrap={false}>
                <Avatar size="sm" initials={initials(r.name)} name={r.name} />
                <Text as="span" fontWeight="semibold">
                  {r.name}
                </Text>
              </InlineStack>,
              r.email ?? "—",
              r.orders.toLocaleString("en-US"),
              formatMoney(r.totalSpentMinor, currency),
              r.lastOrderDay ?? "—",
              <InlineStack key="s" gap="200" blockAlign="center" wrap={false}>
                <SegmentBadge segment={r.segment} />
                <Button
                  variant="plain"
                  onClick={() => onExplain(r.id)}
                  accessibilityLabel={`${scoreLine(r.scores, r.segment)}: why ${r.name} is ${r.segment}`}
                >
                  {scoreLine(r.scores, r.segment)}
                </Button>
              </InlineStack>,
            ],
            actions: (
              <Link to={`/customers/${r.id}`} aria-label={`View ${r.name}`}>
                View
              </Link>
            ),
          }))}
          // Nothing to page through when nothing matched: the empty text says so alone.
          pagination={
            !rows.length && paging.page === 1
              ? undefined
              : {
                  hasPrevious: paging.page > 1,
                  hasNext: paging.capped
                    ? rows.length > 0 && rows.length % PAGE_SIZE === 0
                    : paging.page < paging.pageCount,
                  onPrevious: () => onQuery({ page: paging.page - 1 }),
                  onNext: () => onQuery({ page: paging.page + 1 }),
                  label: paging.capped
                    ? `Page ${paging.page} · more than ${paging.total.toLocaleString("en-US")} customers`
                    : `Page ${paging.page} of ${paging.pageCount} · ${paging.total.toLocaleString("en-US")} customers`,
                }
          }
        />
      </div>
    </>
  );
}
