// Columns: the inventory list's optional columns, switched on and off in the URL.
import { Button, ChoiceList, Popover } from "@shopify/polaris";
import { useState } from "react";
import { OPTIONAL_COLUMNS, type OptionalColumn } from "~/features/inventory/components/inventory-columns";

export function ColumnPicker({
  chosen,
  onChange,
}: {
  chosen: OptionalColumn[];
  onChange: (columns: OptionalColumn[]) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      activator={
        <Button onClick={() => setOpen((o) => !o)} disclosure={open ? "up" : "down"}>
          {chosen.length ? `Columns (+${chosen.length})` : "Columns"}
        </Button>
      }
    >
      <div style={{ padding: 16 }}>
        <ChoiceList
          allowMultiple
          title="More columns"
          choices={Object.entries(OPTIONAL_COLUMNS).map(([value, label]) => ({ value, label }))}
          selected={chosen}
          onChange={(v) => onChange(v as OptionalColumn[])}
        />
      </div>
    </Popover>
  );
}
