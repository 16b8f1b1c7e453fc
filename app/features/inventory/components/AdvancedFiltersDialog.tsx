// Advanced Filters: supplier, location, days-of-cover and velocity ranges, overstock, dead
// stock. It posts nothing (the filters go to the URL when applied), so it is the shared Modal
// rather than the FetcherDialog.
import { Checkbox, FormLayout, Select, TextField } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import type { InventoryFilters } from "~/features/inventory/filters";
import { DEAD_STOCK_DAYS } from "~/features/inventory/planning";

export type FilterOptions = {
  categories: string[];
  suppliers: { id: string; name: string }[];
  locations: { id: string; name: string }[];
};
/** The filters as the URL holds them. */
export type Raw = Partial<Record<keyof InventoryFilters, string>>;

export const ADVANCED = [
  "supplier",
  "location",
  "coverMin",
  "coverMax",
  "velocityMin",
  "velocityMax",
  "overstock",
  "dead",
] as const;

export function AdvancedFiltersDialog({
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
