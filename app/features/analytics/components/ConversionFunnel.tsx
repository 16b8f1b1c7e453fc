// The Conversion Funnel: visitors through to orders, each step's rate of the previous step
// and of all visitors; a step Shopify does not report says so rather than showing zero.
import { HowCalculated, NoTraffic, pct } from "~/features/analytics/components/FigureCards";
import { BlockStack, InlineStack, Text } from "@shopify/polaris";
import { ChangeIndicator } from "~/features/profit";
import type { Analytics } from "~/features/analytics/analytics.server";
import { VisitorsNote } from "~/features/analytics/components/FigureNotes";

const STEP_LABELS = {
  visitors: "Visitors",
  productViews: "Product views",
  addToCart: "Add to cart",
  purchases: "Purchases",
};

export function ConversionFunnel({ data }: { data: Analytics }) {
  if (!data.funnel[0] || data.funnel[0].count === 0) return <NoTraffic />;
  return (
    <BlockStack gap="300">
      {data.funnel.map((s) => {
        if (s.count === null) return <UnreportedStep key={s.step} step={s.step} />;
        const width = Math.max(2, Math.round((s.visitorRate ?? 0) * 100));
        return (
          <div key={s.step} data-testid={`funnel-${s.step}`}>
            <BlockStack gap="100">
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="span" fontWeight="semibold">
                  {STEP_LABELS[s.step]}
                </Text>
                <InlineStack gap="200" blockAlign="center">
                  <Text as="span">{s.count.toLocaleString("en-US")}</Text>
                  <ChangeIndicator change={s.change} comparable={data.comparable} />
                </InlineStack>
              </InlineStack>
              <div
                aria-hidden
                style={{ height: 8, borderRadius: 4, background: "var(--p-color-bg-surface-secondary)" }}
              >
                <div style={{ width: `${width}%`, height: 8, borderRadius: 4, background: "#2c6ecb" }} />
              </div>
              <Text as="span" tone="subdued" variant="bodySm">
                {s.stepRate === null ? "" : `${pct(s.stepRate)} of the previous step · `}
                {pct(s.visitorRate)} of all visitors ·{" "}
                {s.previousCount === null ? "not reported" : s.previousCount.toLocaleString("en-US")} in the comparison
                period
              </Text>
            </BlockStack>
          </div>
        );
      })}
      <VisitorsNote data={data} />
      <HowCalculated keys={["visitors", "stepRate", "visitorRate"]} />
    </BlockStack>
  );
}

/** A step the store's analytics does not report: said so, never drawn as 0 (decision 065). */
function UnreportedStep({ step }: { step: keyof typeof STEP_LABELS }) {
  return (
    <div data-testid={`funnel-${step}`}>
      <BlockStack gap="100">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="span" fontWeight="semibold">
            {STEP_LABELS[step]}
          </Text>
          <Text as="span" tone="subdued">
            Not reported by Shopify
          </Text>
        </InlineStack>
        <Text as="span" tone="subdued" variant="bodySm">
          Shopify&apos;s analytics counts sessions, cart additions and completed checkouts, but not sessions that viewed
          a product, so this step is left out rather than shown as 0. The next step&apos;s rate is of all visitors.
        </Text>
      </BlockStack>
    </div>
  );
}
