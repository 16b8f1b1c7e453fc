// The create form's item rows: name, quantity, price, remove; and Add Item.
import { BlockStack, Button, InlineError, InlineStack, Text, TextField } from "@shopify/polaris";
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
        <InlineStack key={row.key} gap="200" blockAlign="start" wrap={false}>
          <div style={{ flex: 3 }}>
            <TextField
              label="Item name"
              labelHidden={i > 0}
              value={row.title}
              onChange={(v) => onChange(i, "title", v)}
              autoComplete="off"
              error={error(`items.${i}.title`)}
            />
          </div>
          <div style={{ flex: 1 }}>
            <TextField
              label="Qty"
              labelHidden={i > 0}
              type="number"
              min={1}
              step={1}
              value={row.qty}
              onChange={(v) => onChange(i, "qty", v)}
              autoComplete="off"
              error={error(`items.${i}.qty`)}
            />
          </div>
          <div style={{ flex: 1.5 }}>
            <TextField
              label="Price"
              labelHidden={i > 0}
              type="number"
              min={0}
              step={0.01}
              value={row.price}
              onChange={(v) => onChange(i, "price", v)}
              autoComplete="off"
              error={error(`items.${i}.unit_price`)}
            />
          </div>
          <div style={{ paddingTop: i === 0 ? 24 : 0 }}>
            <Button
              accessibilityLabel={`Remove item ${i + 1}`}
              disabled={items.length === 1}
              onClick={() => onItems((rows) => rows.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </div>
        </InlineStack>
      ))}
      {error("items") && <InlineError message={error("items")!} fieldID="invoice-items" />}
      <div>
        <Button onClick={() => onItems((rows) => [...rows, newRow()])}>Add Item</Button>
      </div>
    </BlockStack>
  );
}
