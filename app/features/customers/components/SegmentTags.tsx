// The per-segment toggle that writes segments to customers' tags in Shopify, with what is
// left to do and the last error. Each toggle posts at once; the tag job does the writing.
import { BlockStack, Card, Checkbox, InlineGrid, Text } from "@shopify/polaris";
import { useFetcher } from "@remix-run/react";
import type { tagSettings } from "~/features/customers/tags.server";

type TagSetting = Awaited<ReturnType<typeof tagSettings>>[number];

export function SegmentTags({
  settings,
  pending,
  canWrite,
  demo,
}: {
  settings: TagSetting[];
  pending: number;
  canWrite: boolean;
  demo: boolean;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle" ? fetcher.formData?.get("segment") : null;
  const error = settings.find((s) => s.lastError)?.lastError;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Use segments in Shopify
        </Text>
        <Text as="p" tone="subdued">
          Writes each customer&apos;s segment to their Shopify tags, so Shopify Email, Flow and other apps can target
          it. {demo ? "In the demo the tags are recorded locally." : ""}
        </Text>
        <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="300">
          {settings.map((s) => (
            <Checkbox
              key={s.segment}
              label={`${s.segment} → tag "${s.tag}"`}
              checked={busy === s.segment ? !s.enabled : s.enabled}
              disabled={!canWrite || busy === s.segment}
              onChange={(checked) =>
                fetcher.submit(
                  { intent: "tags", segment: s.segment, enabled: String(checked) },
                  { method: "post", action: "/customers" },
                )
              }
            />
          ))}
        </InlineGrid>
        <Text as="p" variant="bodySm" tone="subdued">
          {pending
            ? `${pending.toLocaleString("en-US")} customers' tags to update; this runs in the background.`
            : "Every customer's tags match the segments chosen."}
        </Text>
        {error && (
          <Text as="p" tone="critical">
            Last run stopped: {error}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
