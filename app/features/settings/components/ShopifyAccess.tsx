// The Shopify row's detail: requested versus granted permissions (with what each missing one
// turns off) and the webhook topics with their last delivery and last failure.
import { Badge, BlockStack, Button, Collapsible, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import type { IntegrationsView } from "~/features/settings/integration-status";

function Scopes({ scopes }: { scopes: IntegrationsView["scopes"] }) {
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingXs">
        Permissions
      </Text>
      <BlockStack gap="150" as="ul">
        {scopes.map((s) => (
          <li key={s.scope} style={{ listStyle: "none" }} data-scope={s.scope}>
            <InlineStack gap="200" blockAlign="center" align="start">
              <Text as="span" variant="bodySm" fontWeight="medium">
                <code>{s.scope}</code>
              </Text>
              {s.granted ? (
                <Badge tone="success" size="small">
                  {s.requested ? "Granted" : "Granted, not requested"}
                </Badge>
              ) : (
                <Badge tone="critical" size="small">
                  Not granted
                </Badge>
              )}
            </InlineStack>
            {s.disables.length > 0 && (
              <Text as="p" variant="bodySm" tone="subdued">
                Without it: {s.disables.join("; ")}.
              </Text>
            )}
          </li>
        ))}
      </BlockStack>
    </BlockStack>
  );
}

export function ShopifyAccess({
  details,
}: {
  details: Pick<IntegrationsView, "scopes" | "topics" | "lastDeliveryText" | "failingTopics">;
}) {
  const [open, setOpen] = useState(false);
  const { topics, failingTopics: failing } = details;
  return (
    <BlockStack gap="300">
      <Scopes scopes={details.scopes} />
      <BlockStack gap="200">
        <Text as="h3" variant="headingXs">
          Webhook subscriptions
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {topics.length} topics · last delivery {details.lastDeliveryText} ·{" "}
          {failing ? `${failing} with a rejected delivery` : "no rejected delivery"}
        </Text>
        <InlineStack align="start">
          <Button
            variant="plain"
            disclosure={open ? "up" : "down"}
            onClick={() => setOpen(!open)}
            ariaExpanded={open}
            ariaControls="shopify-webhook-topics"
          >
            {open ? "Hide topics" : "Show topics"}
          </Button>
        </InlineStack>
        <Collapsible id="shopify-webhook-topics" open={open}>
          <ResponsiveIndexTable
            resourceName={{ singular: "topic", plural: "topics" }}
            columns={[{ title: "Topic" }, { title: "Last delivery" }, { title: "Last failure" }]}
            rows={topics.map((t) => ({
              id: t.topic,
              cells: [
                t.topic,
                t.lastDeliveryText,
                t.lastFailureText ? (
                  <Text as="span" tone="critical" variant="bodySm" breakWord>
                    {t.lastFailureText}
                  </Text>
                ) : (
                  "None"
                ),
              ],
            }))}
          />
        </Collapsible>
      </BlockStack>
    </BlockStack>
  );
}
