// A figure card of the Loyalty screen's tabs, and the counts' formatting they share.
import { BlockStack, Card, Text } from "@shopify/polaris";
import { formatPercent } from "~/lib/money";

// `|| 0` turns -0 (a sum of reversals) into 0: Node prints "-0", the browser "0", and React would refuse to hydrate.
export const n = (x: number) => (x || 0).toLocaleString("en-US");
export const pct = (x: number | null) => (x === null ? "—" : formatPercent(x));

export function Metric({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h2" variant="bodySm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant="headingLg">
          {value}
        </Text>
        {help && (
          <Text as="p" variant="bodySm" tone="subdued">
            {help}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
