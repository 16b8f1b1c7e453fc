// A Costs screen card: a heading, an optional action beside it, then the content.
import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

export function CostSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          {action}
        </InlineStack>
        {children}
      </BlockStack>
    </Card>
  );
}
