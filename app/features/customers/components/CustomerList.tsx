// The customer list: segment tabs, search (on the server, name or e-mail, case-insensitive
// substring), the segment filter, and a sortable, paged table. Everything lives in the URL.
import {
  Avatar,
  Box,
  Button,
  EmptySearchResult,
  Icon,
  InlineStack,
  Select,
  Tabs,
  Text,
  TextField,
} from "@shopify/polaris";
import { SearchIcon } from "@shopify/polaris-icons";
import { Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { ResponsiveIndexTable, type ResponsiveColumn } from "~/components/ResponsiveIndexTable";
import { formatMoney } from "~/lib/money";
import { PAGE_SIZE, segmentSlug, SORTS, type CustomerListQuery, type CustomerSort } from "~/features/customers/query";
import { scoreLine, SEGMENTS, type Segment } from "~/features/customers/rfm";
import { SegmentBadge } from "./SegmentBadge";

export type ListRow = {
  id: string;
  name: string;
  email: string | null;
  orders: number;
  totalSpentMinor: number;
  lastOrderDay: string | null;
  segment: Segment;
  scores: { r: number; f: number; m: number } | null;
};

const TABS = [
  { id: "all", label: "All", segment: null as Segment | null },
  ...SEGMENTS.map((s) => ({
    id: segmentSlug(s),
    label: s === "At-Risk" ? "At Risk" : s,
    segment: s as Segment | null,
  })),
];

// The spec's filter (All, VIP Only, Regular Only, New Only), plus the other segments so the
// filter always shows what the tabs chose (docs/decisions/052-customer-segments.md).
const FILTER_OPTIONS = [
  { label: "All", value: "" },
  ...SEGMENTS.map((s) => ({ label: s === "No orders yet" ? s : `${s} Only`, value: s })),
];

const COLUMNS: (ResponsiveColumn & { sort?: CustomerSort })[] = [
  { title: "Customer", sort: "name" },
  { title: "E-mail" },
  { title: "Orders", alignment: "end", sort: "orders" },
  { title: "Total spent", alignment: "end", sort: "spent" },
  { title: "Last order", sort: "lastOrder" },
  { title: "Segment" },
];

const SORT_LABELS: Record<CustomerSort, string> = {
  name: "Name",
  orders: "Orders",
  spent: "Total spent",
  lastOrder: "Last order",
  value: "Predicted 12-month value",
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

const SEARCH_DELAY_MS = 300;

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
  const [text, setText] = useState(query.q);
  const asked = useRef(query.q);
  if (query.q !== asked.current) {
    asked.current = query.q;
    setText(query.q);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const search = (value: string, delay: number) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      asked.current = value.trim();
      if (value.trim() !== query.q) onQuery({ q: value.trim() });
    }, delay);
  };
  const tab = Math.max(
    0,
    TABS.findIndex((t) => t.segment === query.segment),
  );
  const sortIndex = COLUMNS.findIndex((c) => c.sort === query.sort);
  const empty = query.q ? (
    <EmptySearchResult title={`No customers found matching "${query.q}"`} withIllustration />
  ) : (
    <EmptySearchResult title="No customers found" withIllustration />
  );
  return (
    <>
      <Tabs
        tabs={TABS.map((t) => ({ id: `customers-${t.id}`, content: t.label, panelID: "customers-list" }))}
        selected={tab}
        onSelect={(i) => onQuery({ segment: TABS[i]!.segment })}
      />
      <Box padding="300" borderBlockStartWidth="025" borderColor="border">
        <InlineStack gap="300" wrap blockAlign="end">
          <div style={{ flex: "1 1 240px" }}>
            <TextField
              label="Search customers"
              labelHidden
              placeholder="Search by name or e-mail"
              prefix={<Icon source={SearchIcon} tone="subdued" />}
              value={text}
              onChange={(value) => search(value, SEARCH_DELAY_MS)}
              clearButton
              onClearButtonClick={() => search("", 0)}
              autoComplete="off"
              maxLength={100}
            />
          </div>
          <div style={{ flex: "0 1 180px" }}>
            <Select
              label="Segment"
              labelInline
              options={FILTER_OPTIONS}
              value={query.segment ?? ""}
              onChange={(value) => onQuery({ segment: (value || null) as Segment | null })}
            />
          </div>
          {/* At every width: the predicted value is a sort no column shows (phones have no headings). */}
          <div style={{ flex: "0 1 240px" }}>
            <Select
              label="Sort"
              labelInline
              options={SORTS.flatMap((s) => [
                { label: `${SORT_LABELS[s]} ↓`, value: `${s}:desc` },
                { label: `${SORT_LABELS[s]} ↑`, value: `${s}:asc` },
              ])}
              value={`${query.sort}:${query.dir}`}
              helpText={
                query.sort === "value" ? "By the value at the last nightly recompute (up to a day old)" : undefined
              }
              onChange={(value) => {
                const [sort, dir] = value.split(":") as [CustomerSort, "asc" | "desc"];
                onQuery({ sort, dir });
              }}
            />
          </div>
        </InlineStack>
      </Box>
      <div id="customers-list" role="tabpanel" aria-labelledby={`customers-${TABS[tab]!.id}`}>
        <ResponsiveIndexTable
          resourceName={{ singular: "customer", plural: "customers" }}
          columns={COLUMNS}
          loading={loading}
          emptyState={empty}
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
