// The glossary: every figure's definition from the metrics registry, one card per figure,
// each with an anchor (#key) that the "How is this calculated?" links open.
import { BlockStack, Card, List, Text } from "@shopify/polaris";
import { BREAKDOWN_KEYS, BREAKDOWN_METRICS, METRIC_KEYS, METRICS, TIME_ZONE_RULE } from "~/features/analytics/metrics";
import { COUNT_KEYS, COUNTS } from "~/features/analytics/counts";

const UNIT_WORDS = {
  money: "Amount in the shop's currency",
  count: "Count",
  rate: "Percentage",
  multiple: "Multiple (3.20× is 3.20 per 1 of ad spend)",
} as const;

const ENTRIES = [
  ...METRIC_KEYS.map((k) => METRICS[k]),
  ...BREAKDOWN_KEYS.map((k) => BREAKDOWN_METRICS[k]),
  // Counts of the store's people, as of now rather than of a period (except New customers).
  ...COUNT_KEYS.map((k) => ({
    ...COUNTS[k],
    note: `${COUNTS[k].ofPeriod ? "Count for a period" : "Count as of now"}, shown on ${COUNTS[k].shownOn.join("; ")}`,
  })),
].map((m) => ({
  ...m,
  note: "note" in m ? m.note : `${UNIT_WORDS[m.unit]}${m.polarity === "lowerIsBetter" ? "; lower is better" : ""}`,
}));

export function Glossary() {
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            One definition per figure
          </Text>
          <Text as="p">
            The dashboard, Analytics, Costs & Profit, Customers, Loyalty, exports and the API all compute each figure
            and count from the definition below, so the same figure is the same number everywhere.
          </Text>
          <Text as="p" tone="subdued">
            {TIME_ZONE_RULE}
          </Text>
        </BlockStack>
      </Card>
      {ENTRIES.map((m) => {
        const key = m.key;
        return (
          <div key={key} id={key} data-testid={`glossary-${key}`} style={{ scrollMarginTop: 16 }}>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {m.label}
                </Text>
                <Text as="p" variant="bodyMd">
                  <strong>Formula:</strong> {m.formula}
                </Text>
                <Text as="p" tone="subdued" variant="bodySm">
                  {m.note}
                </Text>
                <Text as="h3" variant="headingSm">
                  Includes
                </Text>
                <List>
                  {m.includes.map((t) => (
                    <List.Item key={t}>{t}</List.Item>
                  ))}
                </List>
                <Text as="h3" variant="headingSm">
                  Excludes
                </Text>
                <List>
                  {m.excludes.map((t) => (
                    <List.Item key={t}>{t}</List.Item>
                  ))}
                </List>
              </BlockStack>
            </Card>
          </div>
        );
      })}
    </BlockStack>
  );
}
