// One variant's planning figures on /inventory/{id}, with the maths line behind them.
import { Badge, BlockStack, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { STATUS_LABELS, type InventoryStatus } from "~/features/inventory/planning";
import { coverText } from "~/features/inventory/components/inventory-columns";

export const STATUS_TONES: Record<InventoryStatus, "critical" | "warning" | "info" | "success"> = {
  "out-of-stock": "critical",
  "low-stock": "warning",
  "in-stock": "info",
  "well-stocked": "success",
};

export type VariantFiguresRow = {
  status: InventoryStatus;
  supplierName: string | null;
  available: number;
  committed: number;
  onOrder: number;
  priceMinor: number;
  velocity: number;
  safetyStock: number;
  reorderPoint: number;
  reorderPointOverridden: boolean;
  daysOfCover: number | null;
  stockOutDay: string | null;
  orderByDay: string | null;
  suggestedQty: number;
  lostRevenuePerDayMinor: number;
  maths: string;
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="050">
      <Text as="span" tone="subdued" variant="bodySm">
        {label}
      </Text>
      <Text as="span" variant="headingMd">
        {value}
      </Text>
    </BlockStack>
  );
}

export function VariantFigures({ row, currency }: { row: VariantFiguresRow; currency: string }) {
  const n = (v: number) => v.toLocaleString("en-US");
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack gap="200" blockAlign="center">
          <Badge tone={STATUS_TONES[row.status]}>{STATUS_LABELS[row.status]}</Badge>
          <Text as="span" tone="subdued">
            {row.supplierName ? `Supplier: ${row.supplierName}` : "No supplier assigned"}
          </Text>
        </InlineStack>
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
          <Figure label="Available" value={n(row.available)} />
          <Figure label="Reserved" value={n(row.committed)} />
          <Figure label="On order" value={n(row.onOrder)} />
          <Figure label="Price" value={formatMoney(row.priceMinor, currency)} />
          <Figure label="Velocity" value={`${row.velocity.toFixed(2)} / day`} />
          <Figure label="Safety stock" value={row.safetyStock.toFixed(1)} />
          <Figure
            label="Reorder point"
            value={`${row.reorderPoint}${row.reorderPointOverridden ? " (override)" : ""}`}
          />
          <Figure label="Days of cover" value={coverText(row.daysOfCover)} />
          <Figure label="Stock-out date" value={row.stockOutDay ?? "—"} />
          <Figure label="Order by" value={row.orderByDay ?? "—"} />
          <Figure label="Suggested order" value={n(row.suggestedQty)} />
          <Figure label="Lost revenue / day" value={formatMoney(row.lostRevenuePerDayMinor, currency)} />
        </InlineGrid>
        <Text as="p" tone="subdued" variant="bodySm">
          {row.maths}
        </Text>
      </BlockStack>
    </Card>
  );
}
