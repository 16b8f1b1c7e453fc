// Policies: the retention periods (admin-and-public.md §9), what the retention job last did,
// and the policy texts with their versions.
import { Link } from "@remix-run/react";
import { BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import type { PrivacyScreenData } from "~/features/privacy/screen.server";

export function PoliciesTab({ policies }: PrivacyScreenData) {
  if (!policies) return null;
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Retention periods
          </Text>
          <DataTable
            columnContentTypes={["text", "text", "text"]}
            headings={["Data", "Examples", "Kept for"]}
            rows={policies.retention.map((r) => [r.category, r.examples, r.retention])}
          />
          <Text as="p" tone="subdued">
            {policies.lastRetentionRun
              ? `The retention job last ran ${policies.lastRetentionRun.at}: ${policies.lastRetentionRun.did}.`
              : "The retention job has not run for this store yet."}
          </Text>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            Policy texts
          </Text>
          <DataTable
            columnContentTypes={["text", "text"]}
            headings={["Policy", "Version"]}
            rows={policies.texts.map((t) => [
              <Link key={t.url} to={t.url} target="_blank" rel="noreferrer">
                {t.title}
              </Link>,
              t.version,
            ])}
          />
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
