// The create form's item rows: name, quantity, price, remove; and Add Item. A row wraps
// on a narrow screen (the name on its own line, then quantity, price and Remove), so no
// field is squeezed to nothing at phone widths; every field keeps its visible label.
import { BlockStack, Button, InlineError, Text, TextField } from "@shopify/polaris";
import { newRow, type FormState, type ItemRow } from "~/features/invoices/form";

type Props = {
  items: FormState["items"];
  error: (key: string) => string | undefined;
  onChange: (index: number, field: keyof ItemRow, value: string) => void;
  onItems: (update: (items: ItemRow[]) => ItemRow[]) => void;
};

export function InvoiceItemsFields({ items, error, onChange, onItems }: Props) {
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        Items
      </Text>
      {items.map((row, i) => (
        <div
          key={row.key}
          data-testid="invoice-item-row"
          style={{ display: "flex", flexWrap: "wrap", gap: "var(--p-space-200)", alignItems: "flex-start" }}
        >
          <div style={{ flex: "3 1 220px", minWidth: 0 }}>
            <TextField
              label="Item name"
              value={row.title}
              onChange={(v) => onChange(i, "title", v)}
              autoComplete="off"
              error={error(`items.${i}.title`)}
            />
          </div>
          <div style={{ flex: "1 1 72px", minWidth: 72 }}>
            <TextField
              label="Qty"
              type="number"
              min={1}
              step={1}
              value={row.qty}
              onChange={(v) => onChange(i, "qty", v)}
              autoComplete="off"
              error={error(`items.${i}.qty`)}
            />
          </div>
          <div style={{ flex: "1.5 1 110px", minWidth: 110 }}>
            <TextField
              label="Price"
              type="number"
              min={0}
              step={0.01}
              value={row.price}
              onChange={(v) => onChange(i, "price", v)}
              autoComplete="off"
              error={error(`items.${i}.unit_price`)}
            />
          </div>
          <div style={{ paddingTop: 24, flex: "0 0 auto" }}>
            <Button
              accessibilityLabel={`Remove item ${i + 1}`}
              disabled={items.length === 1}
              onClick={() => onItems((rows) => rows.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </div>
        </div>
      ))}
      {error("items") && <InlineError message={error("items")!} fieldID="invoice-items" />}
      <div>
        <Button onClick={() => onItems((rows) => [...rows, newRow()])}>Add Item</Button>
      </div>
    </BlockStack>
  );
}
