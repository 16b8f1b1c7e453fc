// Settings → Integrations: each integration with its status (Shopify is connected by the install;
// Stripe and PayPal take invoice payments once chosen on an invoice, docs/product/invoices.md).
import { Badge, BlockStack, Box, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { INTEGRATIONS } from "~/content/integrations";

export function IntegrationsSettings({ shopDomain }: { shopDomain: string }) {
  return (
    <Card padding="0">
      {INTEGRATIONS.map((integration, i) => {
        const connected = integration.id === "shopify";
        return (
          <Box
            key={integration.id}
            id={`integration-${integration.id}`}
            padding="400"
            borderBlockStartWidth={i ? "025" : "0"}
            borderColor="border"
          >
            {/* No wrap: a long setup text wraps inside its column, the category stays on the right. */}
            <InlineStack align="space-between" blockAlign="center" gap="300" wrap={false}>
              <BlockStack gap="100">
                {/* align is explicit: Polaris stack alignment is a CSS variable that nested stacks would inherit. */}
                <InlineStack gap="200" blockAlign="center" align="start">
                  <Text as="h3" variant="headingSm">
                    {integration.name}
                  </Text>
                  <Badge tone={connected ? "success" : integration.status === "Available" ? "info" : undefined}>
                    {connected ? "Connected" : integration.status === "Available" ? "Available" : "Coming soon"}
                  </Badge>
                </InlineStack>
                <Text as="p" tone="subdued">
                  {connected
                    ? `Connected by installing the app on ${shopDomain}.`
                    : integration.id === "shopify-plus"
                      ? "Included in the Shopify connection when your store is on Shopify Plus."
                      : (integration.setup?.text ?? integration.description)}
                </Text>
                {integration.setup?.link && (
                  <Text as="p">
                    <Link url={integration.setup.link.to}>{integration.setup.link.label}</Link>
                  </Text>
                )}
              </BlockStack>
              <Text as="span" tone="subdued">
                {integration.category}
              </Text>
            </InlineStack>
          </Box>
        );
      })}
    </Card>
  );
}
