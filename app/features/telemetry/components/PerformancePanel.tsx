// Settings → Performance: the app's measured performance over the last 7 days, refreshed
// every 30 seconds (docs/product/performance.md).
import { BlockStack, Card, DataTable, InlineGrid, List, Text } from "@shopify/polaris";
import {
  formatMs,
  formatRate,
  formatVital,
  HEALTH_FORMULA,
  type PerformanceReport,
} from "~/features/telemetry/figures";
import { Figure, HealthMeter, NoMeasurements, VitalsList } from "~/features/telemetry/components/parts";
import { useAutoRefresh } from "~/features/telemetry/components/useAutoRefresh";

function Summary({ report }: { report: PerformanceReport }) {
  const f = report.figures;
  return (
    <InlineGrid columns={{ xs: 2, md: 5 }} gap="400">
      <Figure label="API median" value={formatMs(f.medianMs)} note={`${f.requests.toLocaleString("en-US")} requests`} />
      <Figure label="API p95" value={formatMs(f.p95Ms)} note="target ≤ 500 ms" />
      <Figure label="Database average" value={formatMs(f.dbAvgMs)} note="per request" />
      <Figure label="Error rate" value={formatRate(f.errorRate)} note="responses 500 and above" />
      <Figure label="Sessions" value={f.sessions.toLocaleString("en-US")} note="staff visits" />
    </InlineGrid>
  );
}

function HealthCard({ report }: { report: PerformanceReport }) {
  const health = report.figures.health;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd">
          Health
        </Text>
        <HealthMeter health={health} />
        <Text as="p" variant="bodySm" tone="subdued">
          {HEALTH_FORMULA}
        </Text>
        {health && (
          <List>
            {health.parts.map((part) => (
              <List.Item key={part.id}>
                {`${part.label} (weight ${part.weight}): ${
                  part.score === null ? "no data" : `${Math.round(part.score * 100)} / 100`
                }`}
              </List.Item>
            ))}
          </List>
        )}
      </BlockStack>
    </Card>
  );
}

function ByDay({ report }: { report: PerformanceReport }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd">
          By day
        </Text>
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "numeric", "numeric"]}
          headings={["Day", "Requests", "Median", "p95", "Database avg", "Error rate", "Sessions"]}
          rows={[...report.days]
            .reverse()
            .map((d) => [
              d.day === report.to ? `${d.day} (today)` : d.day,
              d.requests.toLocaleString("en-US"),
              formatMs(d.medianMs),
              formatMs(d.p95Ms),
              formatMs(d.dbAvgMs),
              formatRate(d.errorRate),
              d.sessions.toLocaleString("en-US"),
            ])}
        />
      </BlockStack>
    </Card>
  );
}

export function PerformancePanel({ report }: { report: PerformanceReport }) {
  useAutoRefresh();
  const f = report.figures;
  const empty = f.requests === 0 && Object.values(f.vitals).every((v) => v.count === 0);
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              App performance, {report.from} to {report.to}
            </Text>
            <Text as="p" variant="bodySm" tone="subdued">
              {`Measured on this app's server and in staff browsers. Refreshed every 30 seconds (last ${report.computedTime}).`}
            </Text>
          </BlockStack>
          {empty ? <NoMeasurements /> : <Summary report={report} />}
        </BlockStack>
      </Card>
      {!empty && (
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          <Card>
            <BlockStack gap="300">
              <Text as="h3" variant="headingMd">
                Web Vitals, 75th percentile
              </Text>
              <Text as="p" variant="bodySm" tone="subdued">
                {`Built for Shopify's bar: LCP ${formatVital("LCP", 2500)}, INP ${formatVital("INP", 200)}, CLS ${formatVital("CLS", 0.1)} or less.`}
              </Text>
              <VitalsList vitals={f.vitals} />
            </BlockStack>
          </Card>
          <HealthCard report={report} />
        </InlineGrid>
      )}
      {!empty && <ByDay report={report} />}
    </BlockStack>
  );
}
