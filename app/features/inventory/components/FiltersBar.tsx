// Search, category and status filters, and the button to the Advanced Filters dialog.
// Everything lives in the URL.
import { Badge, BlockStack, Button, InlineStack, Select, Text } from "@shopify/polaris";
import { FilterIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { SearchField } from "~/components/SearchField";
import { STATUS_FILTERS, advancedCount } from "~/features/inventory/filters";
import {
  ADVANCED,
  AdvancedFiltersDialog,
  type FilterOptions,
  type Raw,
} from "~/features/inventory/components/AdvancedFiltersDialog";

export type { FilterOptions };

export function FiltersBar({
  filters,
  options,
  onChange,
}: {
  filters: Raw;
  options: FilterOptions;
  onChange: (changes: Raw) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Raw>({});
  const openAdvanced = () => {
    setDraft(Object.fromEntries(ADVANCED.map((k) => [k, filters[k] ?? ""])));
    setOpen(true);
  };
  const count = advancedCount({
    supplier: filters.supplier,
    location: filters.location,
    coverMin: filters.coverMin ? 1 : undefined,
    velocityMin: filters.velocityMin || filters.velocityMax ? 1 : undefined,
    coverMax: filters.coverMax ? 1 : undefined,
    overstock: filters.overstock === "1",
    dead: filters.dead === "1",
  });
  return (
    <BlockStack gap="300">
      <SearchField
        label="Search products"
        labelHidden
        placeholder="Search by product or SKU"
        maxLength={100}
        value={filters.q ?? ""}
        onSearch={(q) => onChange({ q })}
      />
      <InlineStack gap="300" blockAlign="end" wrap>
        <div style={{ minWidth: 180 }}>
          <Select
            label="Category"
            options={[
              { label: "All categories", value: "" },
              ...options.categories.map((c) => ({ label: c, value: c })),
            ]}
            value={filters.category ?? ""}
            onChange={(v) => onChange({ category: v })}
          />
        </div>
        <div style={{ minWidth: 160 }}>
          <Select
            label="Status"
            options={[
              { label: "All statuses", value: "" },
              ...Object.entries(STATUS_FILTERS).map(([value, label]) => ({ label, value })),
            ]}
            value={filters.status ?? ""}
            onChange={(v) => onChange({ status: v })}
          />
        </div>
        <Button icon={FilterIcon} onClick={openAdvanced} disclosure>
          {(count ? `Advanced Filters (${count})` : "Advanced Filters") as string}
        </Button>
        {count > 0 && (
          <Button variant="plain" onClick={() => onChange(Object.fromEntries(ADVANCED.map((k) => [k, ""])))}>
            Clear advanced filters
          </Button>
        )}
      </InlineStack>
      {filters.alert && (
        <InlineStack gap="200">
          <Badge tone="info">{`Showing: ${filters.alert === "reorder" ? "need reordering" : filters.alert === "out" ? "out of stock" : "low stock"}`}</Badge>
          <Button variant="plain" onClick={() => onChange({ alert: "" })}>
            Show all
          </Button>
        </InlineStack>
      )}
      <AdvancedFiltersDialog
        open={open}
        draft={draft}
        options={options}
        onDraft={setDraft}
        onClose={() => setOpen(false)}
        onApply={() => {
          onChange(draft);
          setOpen(false);
        }}
      />
      <LocationNote filters={filters} options={options} />
    </BlockStack>
  );
}

/** With a location chosen, what the list's figures are (decision 068). */
function LocationNote({ filters, options }: { filters: Raw; options: FilterOptions }) {
  const location = filters.location ? options.locations.find((l) => l.id === filters.location) : undefined;
  if (!location) return null;
  return (
    <Text as="p" tone="subdued" variant="bodySm">
      Figures at {location.name}: available (of the variant&apos;s total), status, stock bar, days of cover, reorder
      point and lost revenue per day are this location&apos;s, with the variant&apos;s demand split by the
      location&apos;s share of the shop&apos;s stock. The alert cards count this location.
    </Text>
  );
}
