// /inventory/{id}: the variant's figures per location, where the shop has several. Orders
// carry no location: demand is split by each location's share of the shop's stock (decision 063).
import { Badge, BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import { STATUS_LABELS, type InventoryStatus } from "~/features/inventory/planning";
import { STATUS_TONES } from "~/features/inventory/components/VariantFigures";
import { coverText } from "~/features/inventory/components/InventoryTable";
import { formatPercent } from "~/lib/money";

export type LocationFiguresRow = {
  locationId: string;
  name: string;
  available: number;
  share: number;
  velocity: number;
  reorderPoint: number;
  daysOfCover: number | null;
  stockOutDay: string | null;
  status: InventoryStatus;
};

export function LocationFigures({ rows }: { rows: LocationFiguresRow[] }) {
  if (!rows.length) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          By location
        </Text>
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "text", "text"]}
          headings={["Location", "Available", "Demand share", "Velocity", "Reorder point", "Days of cover", "Status"]}
          rows={rows.map((r) => [
            r.name,
            r.available.toLocaleString("en-US"),
            formatPercent(r.share),
            `${r.velocity.toFixed(2)} / day`,
            r.reorderPoint.toLocaleString("en-US"),
            `${coverText(r.daysOfCover)}${r.stockOutDay ? ` (out ${r.stockOutDay})` : ""}`,
            <Badge key={r.locationId} tone={STATUS_TONES[r.status]}>
              {STATUS_LABELS[r.status]}
            </Badge>,
          ])}
        />
        <Text as="p" tone="subdued" variant="bodySm">
          Orders do not say which location shipped them, so this variant&apos;s demand is split by each location&apos;s
          share of the shop&apos;s stock; the reorder point is split the same way.
        </Text>
      </BlockStack>
    </Card>
  );
}
