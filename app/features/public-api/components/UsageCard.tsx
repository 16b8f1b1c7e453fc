// This hour's and this month's API calls against the plan's limits (counted in the database,
// so every instance's calls are in them).
import { BlockStack, Card, InlineGrid, ProgressBar, Text } from "@shopify/polaris";
import { formatInstant } from "~/lib/dates";

export type UsageView = { kind: "hourly" | "monthly" | "minute"; limit: number | null; used: number; resetsAt: string };

const LABELS: Record<UsageView["kind"], string> = {
  hourly: "Calls this hour",
  monthly: "Calls this month",
  minute: "Calls this minute",
};

const count = (n: number) => n.toLocaleString("en-US");

export function UsageCard({ usage, timeZone }: { usage: UsageView[]; timeZone: string }) {
  const shown = usage.filter((u) => u.kind !== "minute");
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Usage
        </Text>
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="400">
          {shown.map((u) => (
            <BlockStack key={u.kind} gap="150">
              <Text as="p" variant="bodyMd" fontWeight="semibold">
                {LABELS[u.kind]}
              </Text>
              <Text as="p" variant="headingLg">
                {count(u.used)}
                <Text as="span" tone="subdued" variant="bodyMd">
                  {u.limit === null ? " (unlimited)" : ` of ${count(u.limit)}`}
                </Text>
              </Text>
              {u.limit !== null && (
                <ProgressBar
                  progress={Math.min(100, (u.used / u.limit) * 100)}
                  tone={u.used >= u.limit ? "critical" : "highlight"}
                  size="small"
                />
              )}
              <Text as="p" tone="subdued" variant="bodySm">
                Resets {formatInstant(u.resetsAt, timeZone)}
              </Text>
            </BlockStack>
          ))}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
