// Label-and-value lines of a stacked row on a phone (the list's rows and the per-location blocks).
import type { ReactNode } from "react";
import { InlineStack, Text } from "@shopify/polaris";

export function LabelValueRows({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <>
      {rows.map(([label, value]) => (
        <InlineStack key={label} align="space-between" gap="200" wrap={false}>
          <Text as="span" tone="subdued" variant="bodySm">
            {label}
          </Text>
          <Text as="span" variant="bodySm">
            {value}
          </Text>
        </InlineStack>
      ))}
    </>
  );
}
