// Pieces the Performance tab and the dashboard card share.
import { useId } from "react";
import { Badge, BlockStack, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import {
  formatVital,
  VITAL_BARS,
  type HealthScore,
  type PerformanceFigures,
  type VitalFigure,
} from "~/features/telemetry/figures";
import { VITAL_METRICS, type VitalMetric } from "~/features/telemetry/stats";

export function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <BlockStack gap="100">
      <Text as="p" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg">
        {value}
      </Text>
      {note && (
        <Text as="p" variant="bodySm" tone="subdued">
          {note}
        </Text>
      )}
    </BlockStack>
  );
}

export function barText(metric: VitalMetric): string {
  return `≤ ${formatVital(metric, VITAL_BARS[metric].good)}`;
}

export function VitalBadge({ figure }: { figure: VitalFigure }) {
  if (figure.meetsBar === null) return <Badge>No data</Badge>;
  return figure.meetsBar ? <Badge tone="success">Meets the bar</Badge> : <Badge tone="critical">Over the bar</Badge>;
}

/** One line per vital: name, p75, the bar and whether it is met. */
export function VitalsList({ vitals }: { vitals: PerformanceFigures["vitals"] }) {
  return (
    <BlockStack gap="200">
      {VITAL_METRICS.map((metric) => (
        <InlineStack key={metric} align="space-between" blockAlign="center" gap="200" wrap={false}>
          <BlockStack gap="050">
            <Text as="span" variant="bodyMd" fontWeight="semibold">
              {metric} {formatVital(metric, vitals[metric].p75)}
            </Text>
            <Text as="span" variant="bodySm" tone="subdued">
              {VITAL_BARS[metric].label} · bar {barText(metric)} · {vitals[metric].count.toLocaleString("en-US")}{" "}
              {vitals[metric].count === 1 ? "page" : "pages"}
            </Text>
          </BlockStack>
          <VitalBadge figure={vitals[metric]} />
        </InlineStack>
      ))}
    </BlockStack>
  );
}

export function HealthMeter({ health }: { health: HealthScore | null }) {
  const id = useId();
  if (!health) return null;
  const tone = health.score >= 90 ? "success" : health.score >= 50 ? "highlight" : "critical";
  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" blockAlign="center">
        <Text as="span" variant="bodyMd" id={id}>
          Health score
        </Text>
        <Text as="span" variant="headingLg">
          {`${health.score} / 100`}
        </Text>
      </InlineStack>
      <ProgressBar progress={health.score} tone={tone} size="small" ariaLabelledBy={id} />
    </BlockStack>
  );
}

export function NoMeasurements() {
  return (
    <BlockStack gap="100">
      <Text as="p" variant="bodyMd" fontWeight="semibold">
        No measurements yet
      </Text>
      <Text as="p" tone="subdued">
        Figures appear as staff use the app: every admin page, data load and API call is timed on the server, and each
        page&apos;s Web Vitals are measured in the browser.
      </Text>
    </BlockStack>
  );
}
