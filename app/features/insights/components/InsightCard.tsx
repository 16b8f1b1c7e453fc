// One insight as facts: its title, the description built from computed figures, confidence,
// the money at stake with its formula, the evidence, the data it rests on and what answers it.
import { Badge, BlockStack, Box, Button, Card, InlineStack, Link, Text } from "@shopify/polaris";

import { formatMoney } from "~/lib/money";
import type { InsightView } from "~/features/insights/list.server";
import { ConfidenceBadge } from "~/features/insights/components/ConfidenceBadge";
import { InsightControls } from "~/features/insights/components/InsightControls";
import { CATEGORY_LABELS } from "~/features/insights/types";

function Evidence({ insight }: { insight: InsightView }) {
  const e = insight.evidence;
  const rows: [string, string][] = [
    ["Observed", e.observed],
    ["Expected", e.expected],
    ["Band", e.band],
    ["Baseline", `${e.baselineWindow} (sample ${e.sampleSize})`],
    ["Method", e.method],
  ];
  return (
    <Box background="bg-surface-secondary" padding="300" borderRadius="200">
      <BlockStack gap="100">
        {rows.map(([label, value]) => (
          <Text key={label} as="p" variant="bodySm">
            <Text as="span" fontWeight="semibold">
              {label}:
            </Text>{" "}
            {value}
          </Text>
        ))}
      </BlockStack>
    </Box>
  );
}

export function InsightCard({
  insight,
  currency,
  compact = false,
}: {
  insight: InsightView;
  currency: string;
  compact?: boolean;
}) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="start" gap="200" wrap>
          <BlockStack gap="100" inlineAlign="start">
            <InlineStack gap="200" align="start" blockAlign="center" wrap>
              <Badge>{CATEGORY_LABELS[insight.category]}</Badge>
              {insight.status === "new" && <Badge tone="attention-strong">New</Badge>}
            </InlineStack>
            <Text as="h3" variant="headingSm">
              {insight.title}
            </Text>
          </BlockStack>
          <ConfidenceBadge band={insight.band} confidence={insight.confidence} />
        </InlineStack>
        {insight.narration ? (
          <BlockStack gap="100">
            <Text as="p">{insight.narration}</Text>
            {!compact && (
              <Text as="p" variant="bodySm" tone="subdued">
                {`Worded by a language model; every number in it was checked against the computed figures. As computed: ${insight.description}`}
              </Text>
            )}
          </BlockStack>
        ) : (
          <Text as="p">{insight.description}</Text>
        )}
        {insight.potentialValueMinor !== null && (
          <Text as="p" variant="bodySm">
            <Text as="span" fontWeight="semibold">
              Potential value: {formatMoney(insight.potentialValueMinor, currency)}
            </Text>
            {insight.valueFormula && <Text as="span" tone="subdued">{` = ${insight.valueFormula}`}</Text>}
          </Text>
        )}
        {!compact && <Evidence insight={insight} />}
        <InlineStack gap="300" blockAlign="center" wrap>
          {insight.action && (
            <Button url={insight.action.url} variant={compact ? undefined : "primary"}>
              {insight.action.label}
            </Button>
          )}
          {insight.link && insight.link !== insight.action?.url && <Link url={insight.link}>See the data</Link>}
        </InlineStack>
        {!compact && <InsightControls insight={insight} />}
      </BlockStack>
    </Card>
  );
}
