// The Costs screen's variants missing a unit cost, each with its Add cost button.
import { Button, DataTable, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { CostSection } from "~/features/profit/components/CostSection";

type Uncosted = { id: string; productName: string; variant: string | null; sku: string | null; priceMinor: number };

export function MissingCosts({
  variants,
  currency,
  onAdd,
}: {
  variants: Uncosted[];
  currency: string;
  onAdd: (v: Uncosted) => void;
}) {
  if (variants.length === 0) return null;
  return (
    <CostSection title="Missing costs">
      <Text as="p" tone="subdued">
        These variants have no unit cost from Shopify. Add one so profit is complete.
      </Text>
      <DataTable
        columnContentTypes={["text", "text", "numeric", "text"]}
        headings={["Product", "SKU", "Price", ""]}
        rows={variants.map((v) => [
          `${v.productName}${v.variant && !/^Default( Title)?$/.test(v.variant) ? ` — ${v.variant}` : ""}`,
          v.sku ?? "N/A",
          formatMoney(v.priceMinor, currency),
          <Button key={v.id} size="slim" accessibilityLabel={`Add cost for ${v.productName}`} onClick={() => onAdd(v)}>
            Add cost
          </Button>,
        ])}
      />
    </CostSection>
  );
}
