// The dashboard's two-column card rows below the metrics and the trend (admin-and-public.md
// §1): each row names its two slots, so a card that is not built yet has its place. A slot
// without a card gives its row to the neighbour (full width); a row with neither is not shown.
// Never a placeholder card.
import { BlockStack, InlineGrid, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

export type DashboardSlot = {
  id: string;
  card: ReactNode | null | false | undefined;
  /** When the card's figures were computed, shown under it (the text is formatted on the server). */
  asOf?: string;
};
export type DashboardRow = {
  id: string;
  /** The two slots' widths side by side (md and up); one column below that. */
  columns: ["twoThirds", "oneThird"] | ["oneHalf", "oneHalf"];
  slots: [DashboardSlot, DashboardSlot];
};

export function DashboardCardGrid({ rows }: { rows: DashboardRow[] }) {
  const shown = rows
    .map((row) => ({ ...row, filled: row.slots.filter((s) => s.card) }))
    .filter((row) => row.filled.length > 0);
  if (!shown.length) return null;
  return (
    <BlockStack gap="500">
      {shown.map((row) =>
        row.filled.length === 1 ? (
          <div key={row.id} data-dashboard-row={row.id} data-dashboard-slot={row.filled[0]!.id}>
            <SlotCard slot={row.filled[0]!} />
          </div>
        ) : (
          <InlineGrid key={row.id} columns={{ xs: 1, md: row.columns }} gap="400">
            {row.filled.map((slot) => (
              <div key={slot.id} data-dashboard-row={row.id} data-dashboard-slot={slot.id}>
                <SlotCard slot={slot} />
              </div>
            ))}
          </InlineGrid>
        ),
      )}
    </BlockStack>
  );
}

function SlotCard({ slot }: { slot: DashboardSlot }) {
  if (!slot.asOf) return <>{slot.card}</>;
  return (
    <BlockStack gap="100">
      {slot.card}
      <Text as="p" variant="bodySm" tone="subdued">
        <span data-testid={`${slot.id}-as-of`}>{slot.asOf}</span>
      </Text>
    </BlockStack>
  );
}
