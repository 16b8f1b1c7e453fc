// The dashboard's customer engagement card (admin-and-public.md §2 screen 1): live campaigns,
// messages sent, open and click rates and the revenue they added against their hold-outs.
import { BlockStack, Card, InlineGrid, Link, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { rate } from "./format";

export type EngagementTotals = {
  campaigns: number;
  active: number;
  sent: number;
  openRate: number | null;
  clickRate: number | null;
  attributedRevenueMinor: number;
  incrementalRevenueMinor: number;
};

export function EngagementCard({ totals, currency }: { totals: EngagementTotals; currency: string }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Customer Engagement
        </Text>
        {totals.campaigns === 0 ? (
          <Text as="p" tone="subdued">
            No campaigns yet.
          </Text>
        ) : (
          <InlineGrid columns={2} gap="300">
            <Stat label="Active campaigns" value={String(totals.active)} />
            <Stat label="Messages sent" value={String(totals.sent)} />
            <Stat label="Open rate*" value={rate(totals.openRate)} />
            <Stat label="Click rate" value={rate(totals.clickRate)} />
            <Stat label="Attributed revenue" value={formatMoney(totals.attributedRevenueMinor, currency)} />
            <Stat label="Incremental revenue" value={formatMoney(totals.incrementalRevenueMinor, currency)} />
          </InlineGrid>
        )}
        {totals.campaigns > 0 && (
          <Text as="p" tone="subdued" variant="bodySm">
            * Opens are inflated by privacy features. Incremental revenue counts campaigns with enough data.
          </Text>
        )}
        <Link url="/customers/campaigns">Open campaigns</Link>
      </BlockStack>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="050">
      <Text as="p" tone="subdued" variant="bodySm">
        {label}
      </Text>
      <Text as="p" variant="headingMd">
        {value}
      </Text>
    </BlockStack>
  );
}
