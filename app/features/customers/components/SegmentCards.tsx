// The segment summary cards (the spec's four and No orders yet): count, share of customers, share of the last 365 days'
// net spend, and the change in count against 30 days ago ("—" when there is no record then).
import { BlockStack, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { formatPercent } from "~/lib/money";
import type { SegmentCard } from "~/features/customers/list.server";
import { SegmentBadge } from "./SegmentBadge";

type SegmentCardData = Omit<SegmentCard, "revenueMinor">;

const signed = (n: number) => (n > 0 ? `+${n.toLocaleString("en-US")}` : n.toLocaleString("en-US"));

export function SegmentCards({ cards, comparedWith }: { cards: SegmentCardData[]; comparedWith: string | null }) {
  return (
    <InlineGrid columns={{ xs: 2, md: 5 }} gap={{ xs: "200", sm: "400" }}>
      {cards.map((c) => (
        <Card key={c.segment}>
          <BlockStack gap="200">
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h2" variant="headingSm">
                {c.segment}
              </Text>
              <SegmentBadge segment={c.segment} />
            </InlineStack>
            <Text as="p" variant="headingLg">
              {c.customers.toLocaleString("en-US")}
            </Text>
            <Text as="p" variant="bodySm" tone="subdued">
              {c.share === null ? "—" : formatPercent(c.share)} of customers ·{" "}
              {c.revenueShare === null ? "—" : formatPercent(c.revenueShare)} of revenue
            </Text>
            <Text as="p" variant="bodySm" tone="subdued">
              {c.change === null ? (
                "— vs 30 days ago (no record then)"
              ) : (
                <>
                  {signed(c.change)} vs 30 days ago
                  {/* The date stays on one line: narrow cards broke it at its hyphens. */}
                  {comparedWith ? <span style={{ whiteSpace: "nowrap" }}> ({comparedWith})</span> : null}
                </>
              )}
            </Text>
          </BlockStack>
        </Card>
      ))}
    </InlineGrid>
  );
}
