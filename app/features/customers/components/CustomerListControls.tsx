// Above the customer list: search (on the server, name or e-mail, case-insensitive substring,
// sent a moment after typing stops), the segment filter and the sort. Everything lives in the URL.
import { Box, InlineStack, Select } from "@shopify/polaris";
import { SearchField } from "~/components/SearchField";
import {
  SEARCH_MAX,
  SORTS,
  VALUE_TOLERANCE,
  type CustomerListQuery,
  type CustomerSort,
} from "~/features/customers/query";
import { SEGMENTS, type Segment } from "~/features/customers/rfm";
import { formatPercent } from "~/lib/money";

// The spec's filter (All, VIP Only, Regular Only, New Only), plus the other segments so the filter
// always shows what the tabs chose (docs/decisions/052-customer-segments.md).
const FILTER_OPTIONS = [
  { label: "All", value: "" },
  ...SEGMENTS.map((s) => ({ label: s === "No orders yet" ? s : `${s} Only`, value: s })),
];

const SORT_LABELS: Record<CustomerSort, string> = {
  name: "Name",
  orders: "Orders",
  spent: "Total spent",
  lastOrder: "Last order",
  value: "Predicted 12-month value",
};

type Props = { query: CustomerListQuery; onQuery: (change: Partial<CustomerListQuery>) => void };

export function CustomerListControls({ query, onQuery }: Props) {
  return (
    <Box padding="300" borderBlockStartWidth="025" borderColor="border">
      <InlineStack gap="300" wrap blockAlign="end">
        <div style={{ flex: "1 1 240px" }}>
          <SearchField
            label="Search customers"
            labelHidden
            placeholder="Search by name or e-mail"
            maxLength={SEARCH_MAX}
            value={query.q}
            onSearch={(q) => onQuery({ q })}
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
              query.sort === "value"
                ? `By the value at the last nightly recompute, to within ${formatPercent(VALUE_TOLERANCE, 0)}`
                : undefined
            }
            onChange={(value) => {
              const [sort, dir] = value.split(":") as [CustomerSort, "asc" | "desc"];
              onQuery({ sort, dir });
            }}
          />
        </div>
      </InlineStack>
    </Box>
  );
}
