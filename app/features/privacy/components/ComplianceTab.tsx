// Compliance: each checklist item, measured or confirmed, with why it is (not) done and what
// completes it; the merchant confirms items here. Not legal advice.
import { useFetcher } from "@remix-run/react";
import { Badge, BlockStack, Box, Button, Card, Divider, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { useCan } from "~/features/team";
import { NOT_LEGAL_ADVICE, type ComplianceItem } from "~/features/privacy/compliance";
import type { PrivacyScreenData } from "~/features/privacy/screen.server";
import type { PrivacyActionResult } from "~/features/privacy/tabs";

function ItemRow({ item }: { item: ComplianceItem }) {
  const fetcher = useFetcher<PrivacyActionResult>({ key: `confirm-${item.id}` });
  const canAct = useCan("write");
  const confirmable = item.action === "policy" || item.action === "dpa" || item.action === "staff";
  const label =
    item.action === "staff" ? (item.done ? "Reviewed again" : "Mark reviewed") : item.done ? "Withdraw" : "Confirm";
  return (
    <Box padding="400" id={`item-${item.id}`}>
      <InlineStack align="space-between" blockAlign="start" gap="400" wrap={false}>
        <BlockStack gap="100">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h3" variant="headingSm">
              {item.title}
            </Text>
            <Badge tone={item.done ? "success" : "attention"}>{item.done ? "Done" : "To do"}</Badge>
            <Badge>{item.kind === "measured" ? "Measured by the app" : "Confirmed by you"}</Badge>
          </InlineStack>
          <Text as="p" tone="subdued">
            {item.explanation}
          </Text>
        </BlockStack>
        {confirmable && (
          <Button
            disabled={!canAct}
            loading={fetcher.state !== "idle"}
            onClick={() =>
              fetcher.submit(
                {
                  intent: "confirm",
                  item: item.action as string,
                  confirmed: String(item.action === "staff" || !item.done),
                },
                { method: "post", action: "/privacy?tab=compliance" },
              )
            }
          >
            {label}
          </Button>
        )}
      </InlineStack>
    </Box>
  );
}

export function ComplianceTab({ checklist }: PrivacyScreenData) {
  const done = checklist.items.filter((i) => i.done).length;
  return (
    <Card padding="0">
      <Box padding="400">
        <BlockStack gap="200">
          <InlineStack align="space-between">
            <Text as="h2" variant="headingMd">
              Compliance checklist
            </Text>
            <Text as="p" variant="headingMd">
              {`${checklist.score}%`}
            </Text>
          </InlineStack>
          <ProgressBar progress={checklist.score} size="small" />
          <Text as="p" tone="subdued">
            {`${done} of ${checklist.items.length} items done. Score = done ÷ required.`}
          </Text>
          <Text as="p" variant="bodySm" tone="subdued">
            {NOT_LEGAL_ADVICE}
          </Text>
        </BlockStack>
      </Box>
      {checklist.items.map((item) => (
        <div key={item.id}>
          <Divider />
          <ItemRow item={item} />
        </div>
      ))}
    </Card>
  );
}
