// The dashboard's App Performance card (spec: admin screen 1): the last 7 days at a glance,
// refreshed every 30 seconds, with a link to Settings → Performance.
import { BlockStack, Card, InlineGrid, InlineStack, Link, Text } from "@shopify/polaris";
import { formatMs, formatRate, HEALTH_FORMULA, type PerformanceReport } from "~/features/telemetry/figures";
import { Figure, HealthMeter, NoMeasurements, VitalsList } from "~/features/telemetry/components/parts";
import { useAutoRefresh } from "~/features/telemetry/components/useAutoRefresh";

export function PerformanceCard({ report }: { report: PerformanceReport }) {
  useAutoRefresh();
  const f = report.figures;
  const empty = f.requests === 0 && Object.values(f.vitals).every((v) => v.count === 0);
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            App Performance
          </Text>
          <Link url="/settings?tab=performance">Details</Link>
        </InlineStack>
        <Text as="p" variant="bodySm" tone="subdued">
          Last 7 days, measured · refreshed every 30 seconds
        </Text>
        {empty ? (
          <NoMeasurements />
        ) : (
          <>
            <HealthMeter health={f.health} />
            <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
              <Figure label="API median / p95" value={`${formatMs(f.medianMs)} / ${formatMs(f.p95Ms)}`} />
              <Figure label="Database average" value={formatMs(f.dbAvgMs)} />
              <Figure label="Error rate" value={formatRate(f.errorRate)} />
              <Figure label="Sessions" value={f.sessions.toLocaleString("en-US")} />
            </InlineGrid>
            <VitalsList vitals={f.vitals} />
            <Text as="p" variant="bodySm" tone="subdued">
              {HEALTH_FORMULA}
            </Text>
          </>
        )}
      </BlockStack>
    </Card>
  );
}
