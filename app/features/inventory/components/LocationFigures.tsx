// /inventory/{id}: the variant's figures per location, where the shop has several. Orders
// carry no location: demand is split by each location's share of the shop's stock (decision 063).
import { Badge, BlockStack, Box, Card, DataTable, InlineStack, Text, useBreakpoints } from "@shopify/polaris";
import { STATUS_LABELS, type InventoryStatus } from "~/features/inventory/planning";
import { STATUS_TONES } from "~/features/inventory/components/VariantFigures";
import { coverText } from "~/features/inventory/components/inventory-columns";
import { formatPercent } from "~/lib/money";
import { LabelValueRows } from "~/features/inventory/components/LabelValueRows";

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
  const { smDown } = useBreakpoints();
  if (!rows.length) return null;
  const cover = (r: LocationFiguresRow) =>
    `${coverText(r.daysOfCover)}${r.stockOutDay ? ` (out ${r.stockOutDay})` : ""}`;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          By location
        </Text>
        {smDown ? (
          // On a phone the seven columns would scroll sideways one at a time: one block per location.
          <BlockStack gap="300">
            {rows.map((r) => (
              <Box key={r.locationId} borderBlockStartWidth="025" borderColor="border" paddingBlockStart="300">
                <BlockStack gap="100">
                  <InlineStack align="space-between" blockAlign="center">
                    <Text as="h3" variant="headingSm">
                      {r.name}
                    </Text>
                    <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>
                  </InlineStack>
                  <LabelValueRows
                    rows={[
                      ["Available", r.available.toLocaleString("en-US")],
                      ["Demand share", formatPercent(r.share)],
                      ["Velocity", `${r.velocity.toFixed(2)} / day`],
                      ["Reorder point", r.reorderPoint.toLocaleString("en-US")],
                      ["Days of cover", cover(r)],
                    ]}
                  />
                </BlockStack>
              </Box>
            ))}
          </BlockStack>
        ) : (
          <DataTable
            columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "text", "text"]}
            headings={["Location", "Available", "Demand share", "Velocity", "Reorder point", "Days of cover", "Status"]}
            rows={rows.map((r) => [
              r.name,
              r.available.toLocaleString("en-US"),
              formatPercent(r.share),
              `${r.velocity.toFixed(2)} / day`,
              r.reorderPoint.toLocaleString("en-US"),
              cover(r),
              <Badge key={r.locationId} tone={STATUS_TONES[r.status]}>
                {STATUS_LABELS[r.status]}
              </Badge>,
            ])}
          />
        )}
        <Text as="p" tone="subdued" variant="bodySm">
          Orders do not say which location shipped them, so this variant&apos;s demand is split by each location&apos;s
          share of the shop&apos;s stock; the reorder point is split the same way.
        </Text>
      </BlockStack>
    </Card>
  );
}
