// Search, category and status filters, and the Advanced Filters dialog (supplier, location,
// days-of-cover and velocity ranges, overstock, dead stock). Everything lives in the URL.
import {
  Badge,
  BlockStack,
  Button,
  Checkbox,
  FormLayout,
  Icon,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { FilterIcon, SearchIcon } from "@shopify/polaris-icons";
import { useRef, useState } from "react";
import { STATUS_FILTERS, advancedCount, type InventoryFilters } from "~/features/inventory/filters";
import { DEAD_STOCK_DAYS } from "~/features/inventory/planning";

export type FilterOptions = {
  categories: string[];
  suppliers: { id: string; name: string }[];
  locations: { id: string; name: string }[];
};
type Raw = Partial<Record<keyof InventoryFilters, string>>;

const ADVANCED = [
  "supplier",
  "location",
  "coverMin",
  "coverMax",
  "velocityMin",
  "velocityMax",
  "overstock",
  "dead",
] as const;

export function FiltersBar({
  filters,
  options,
  onChange,
}: {
  filters: Raw;
  options: FilterOptions;
  onChange: (changes: Raw) => void;
}) {
  const [text, setText] = useState(filters.q ?? "");
  const asked = useRef(filters.q ?? "");
  if ((filters.q ?? "") !== asked.current) {
    asked.current = filters.q ?? "";
    setText(filters.q ?? "");
  }
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const search = (value: string, delay: number) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      asked.current = value.trim();
      onChange({ q: value.trim() });
    }, delay);
  };
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
      <TextField
        label="Search products"
        labelHidden
        placeholder="Search by product or SKU"
        prefix={<Icon source={SearchIcon} tone="subdued" />}
        value={text}
        onChange={(v) => search(v, 300)}
        clearButton
        onClearButtonClick={() => search("", 0)}
        autoComplete="off"
        maxLength={100}
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
      <AdvancedFiltersModal
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

function AdvancedFiltersModal({
  open,
  draft,
  options,
  onDraft,
  onClose,
  onApply,
}: {
  open: boolean;
  draft: Raw;
  options: FilterOptions;
  onDraft: (d: Raw) => void;
  onClose: () => void;
  onApply: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Advanced Filters"
      primaryAction={{
        content: "Apply filters",
        onAction: onApply,
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <Select
            label="Supplier"
            options={[
              { label: "Any supplier", value: "" },
              ...options.suppliers.map((s) => ({ label: s.name, value: s.id })),
            ]}
            value={draft.supplier ?? ""}
            onChange={(v) => onDraft({ ...draft, supplier: v })}
          />
          <Select
            label="Location"
            helpText="The variants it stocks, with its own stock, status, cover and reorder point"
            options={[
              { label: "Any location", value: "" },
              ...options.locations.map((l) => ({ label: l.name, value: l.id })),
            ]}
            value={draft.location ?? ""}
            onChange={(v) => onDraft({ ...draft, location: v })}
          />
          <FormLayout.Group>
            <TextField
              label="Days of cover from"
              type="number"
              min={0}
              autoComplete="off"
              value={draft.coverMin ?? ""}
              onChange={(v) => onDraft({ ...draft, coverMin: v })}
            />
            <TextField
              label="Days of cover to"
              type="number"
              min={0}
              autoComplete="off"
              value={draft.coverMax ?? ""}
              onChange={(v) => onDraft({ ...draft, coverMax: v })}
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField
              label="Velocity from (units/day)"
              type="number"
              min={0}
              step={0.1}
              autoComplete="off"
              value={draft.velocityMin ?? ""}
              onChange={(v) => onDraft({ ...draft, velocityMin: v })}
            />
            <TextField
              label="Velocity to (units/day)"
              type="number"
              min={0}
              step={0.1}
              autoComplete="off"
              value={draft.velocityMax ?? ""}
              onChange={(v) => onDraft({ ...draft, velocityMax: v })}
            />
          </FormLayout.Group>
          <Checkbox
            label="Overstock only"
            helpText="More than twice what the lead time and days of stock need"
            checked={draft.overstock === "1"}
            onChange={(c) => onDraft({ ...draft, overstock: c ? "1" : "" })}
          />
          <Checkbox
            label="Dead stock only"
            helpText={`In stock with no sale in ${DEAD_STOCK_DAYS} days`}
            checked={draft.dead === "1"}
            onChange={(c) => onDraft({ ...draft, dead: c ? "1" : "" })}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
