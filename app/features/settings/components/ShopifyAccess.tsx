// The Shopify row's detail: requested versus granted permissions (with what each missing one
// turns off) and the webhook topics with their last delivery and last failure.
import { Badge, BlockStack, Button, Collapsible, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import type { ShopifyDetails } from "~/features/settings/integration-status";

const OUTCOME: Record<string, string> = { applied: "Applied", ignored: "Ignored", rejected: "Rejected" };

function Scopes({ scopes }: { scopes: ShopifyDetails["scopes"] }) {
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
  format,
}: {
  details: ShopifyDetails;
  format: (iso: string | null) => string;
}) {
  const [open, setOpen] = useState(false);
  const { topics } = details;
  const failing = topics.filter((t) => t.lastFailure).length;
  const latest = topics.map((t) => t.lastDelivery?.at ?? "").reduce((a, b) => (b > a ? b : a), "");
  return (
    <BlockStack gap="300">
      <Scopes scopes={details.scopes} />
      <BlockStack gap="200">
        <Text as="h3" variant="headingXs">
          Webhook subscriptions
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {topics.length} topics · last delivery {format(latest || null)} ·{" "}
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
                t.lastDelivery
                  ? `${format(t.lastDelivery.at)} · ${OUTCOME[t.lastDelivery.outcome] ?? t.lastDelivery.outcome}`
                  : "Never",
                t.lastFailure ? (
                  <Text as="span" tone="critical" variant="bodySm">
                    {format(t.lastFailure.at)}: {t.lastFailure.reason}
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
