// The full-screen "Processing Request" overlay while insights are generated (admin-and-public.md
// §2 screen 1 and §4): it covers the page so nothing is changed under a running generation, and
// is hidden when the run ends, whether it succeeded or failed.
import { BlockStack, Card, InlineStack, Spinner, Text } from "@shopify/polaris";

export function ProcessingOverlay() {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-busy="true"
      aria-labelledby="insights-processing-title"
      data-testid="insights-processing"
      style={{
        position: "fixed",
        inset: 0,
        zIndex: 600,
        background: "rgba(0, 0, 0, 0.45)",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        padding: 16,
      }}
    >
      <div style={{ maxWidth: 360, width: "100%" }}>
        <Card>
          <BlockStack gap="300" inlineAlign="center">
            <Spinner accessibilityLabel="Generating insights" size="large" />
            <InlineStack align="center">
              <Text as="h2" variant="headingMd" id="insights-processing-title">
                Processing Request
              </Text>
            </InlineStack>
            <Text as="p" tone="subdued" alignment="center">
              Analyzing data and generating insights...
            </Text>
          </BlockStack>
        </Card>
      </div>
    </div>
  );
}
