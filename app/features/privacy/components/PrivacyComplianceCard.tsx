// The dashboard's privacy compliance card (admin-and-public.md §2 screen 1): the figures of
// GET /api/privacy-compliance (privacyStatus), linking to /privacy.
import { Link } from "@remix-run/react";
import { Badge, BlockStack, Card, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import type { PrivacyStatus } from "~/features/privacy/centre.server";

export function PrivacyComplianceCard({ status }: { status: PrivacyStatus }) {
  const regimes = [status.gdprActive && "GDPR", status.ccpaActive && "CCPA"].filter(Boolean) as string[];
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between">
          <Text as="h2" variant="headingMd">
            Privacy compliance
          </Text>
          <InlineStack gap="100">
            {regimes.map((r) => (
              <Badge key={r} tone="success">{`${r} active`}</Badge>
            ))}
          </InlineStack>
        </InlineStack>
        <InlineStack align="space-between">
          <Text as="p">Compliance score</Text>
          <Text as="p" fontWeight="semibold">{`${status.score}%`}</Text>
        </InlineStack>
        <ProgressBar progress={status.score} size="small" />
        <InlineStack align="space-between">
          <Text as="p">Pending requests</Text>
          <Text as="p" fontWeight="semibold">
            {status.overdueRequests
              ? `${status.pendingRequests} (${status.overdueRequests} overdue)`
              : String(status.pendingRequests)}
          </Text>
        </InlineStack>
        <InlineStack align="space-between">
          <Text as="p">Completed requests</Text>
          <Text as="p" fontWeight="semibold">
            {status.completedRequests}
          </Text>
        </InlineStack>
        <InlineStack align="space-between">
          <Text as="p">Last audit</Text>
          <Text as="p">{status.lastAudit ?? "Never"}</Text>
        </InlineStack>
        <Link to="/privacy">Open Privacy & GDPR</Link>
      </BlockStack>
    </Card>
  );
}
