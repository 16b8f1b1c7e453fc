// The three alert cards (critical, warning, info): counts and the revenue per day they stand
// for; clicking one filters the list to it, clicking it again clears the filter.
import { Badge, BlockStack, Box, Card, InlineGrid, Text, UnstyledButton } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import type { ALERT_FILTERS } from "~/features/inventory/filters";

type Key = keyof typeof ALERT_FILTERS;
export type AlertCardData = Record<Key, { count: number; revenuePerDayMinor: number }>;

const CARDS: { key: Key; title: string; tone: "critical" | "warning" | "info"; money: string }[] = [
  { key: "out", title: "Out of stock", tone: "critical", money: "lost per day" },
  { key: "low", title: "Low stock", tone: "warning", money: "sold per day, at risk" },
  { key: "reorder", title: "Need reordering", tone: "info", money: "sold per day" },
];

export function AlertCards({
  cards,
  currency,
  active,
  onSelect,
}: {
  cards: AlertCardData;
  currency: string;
  active: Key | undefined;
  onSelect: (key: Key | null) => void;
}) {
  return (
    <InlineGrid columns={{ xs: 1, sm: 3 }} gap="400">
      {CARDS.map((c) => (
        <UnstyledButton
          key={c.key}
          onClick={() => onSelect(active === c.key ? null : c.key)}
          pressed={active === c.key}
          style={{
            textAlign: "left",
            width: "100%",
            cursor: "pointer",
            border: 0,
            padding: 0,
            background: "none",
            font: "inherit",
          }}
        >
          <Card background={active === c.key ? "bg-surface-selected" : "bg-surface"}>
            <BlockStack gap="200">
              <Box>
                <Badge tone={c.tone}>{c.title}</Badge>
              </Box>
              <Text as="p" variant="headingXl">
                {cards[c.key].count.toLocaleString("en-US")}
              </Text>
              <Text as="p" tone="subdued">
                {formatMoney(cards[c.key].revenuePerDayMinor, currency)} {c.money}
              </Text>
            </BlockStack>
          </Card>
        </UnstyledButton>
      ))}
    </InlineGrid>
  );
}
