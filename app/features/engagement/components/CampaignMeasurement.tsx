// A campaign's measurement: the funnel (opens labelled as inflated by privacy features) and the
// lift against the hold-out with its 95% interval, or "not enough data yet".
import { BlockStack, Card, InlineGrid, Text } from "@shopify/polaris";
import { formatMoney, formatPercent } from "~/lib/money";
import type { CampaignFigures } from "~/features/engagement/types";
import { incrementalLine, rate } from "./format";

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <BlockStack gap="050">
      <Text as="p" tone="subdued" variant="bodySm">
        {label}
      </Text>
      <Text as="p" variant="headingMd">
        {value}
      </Text>
      {note && (
        <Text as="p" tone="subdued" variant="bodySm">
          {note}
        </Text>
      )}
    </BlockStack>
  );
}

export function CampaignMeasurement({ f, currency }: { f: CampaignFigures; currency: string }) {
  const lift = f.lift;
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Measurement
        </Text>
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
          <Figure label="Recipients" value={String(f.recipients)} note={`${f.holdout} held out, never sent`} />
          <Figure label="Sent" value={String(f.sent)} note={`${f.delivered} delivered`} />
          <Figure
            label="Opened"
            value={rate(f.openRate)}
            note="Inflated by privacy features (Apple Mail Privacy Protection)"
          />
          <Figure label="Clicked" value={rate(f.clickRate)} />
          <Figure label="Recovery rate" value={rate(f.recoveryRate)} note="Ordered within 5 days of the trigger" />
          <Figure label="Attributed revenue" value={formatMoney(f.attributedRevenueMinor, currency)} />
          <Figure label="Incremental revenue" value={incrementalLine(f, currency)} note="Against the hold-out" />
          <Figure
            label="Incremental conversion"
            value={
              lift.enough
                ? `${formatPercent(lift.rateLift)} (95%: ${formatPercent(lift.rateLow)} to ${formatPercent(lift.rateHigh)})`
                : "Not enough data yet"
            }
            note={
              lift.enough
                ? `${formatPercent(lift.treatedRate)} sent vs ${formatPercent(lift.holdoutRate)} held out`
                : lift.reason
            }
          />
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
