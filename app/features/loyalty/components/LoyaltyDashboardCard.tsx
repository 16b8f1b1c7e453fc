// The dashboard's loyalty card (issue 15 item 9): points outstanding, the liability, the value
// redeemed in the dashboard's period and active members, from the same ledger figures as /loyalty.
import { Link } from "@remix-run/react";
import { BlockStack, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { formatMoney, formatPercent } from "~/lib/money";
import type { DashboardLoyalty } from "~/features/loyalty/dashboard.server";

export type LoyaltyCardData = Pick<
  DashboardLoyalty,
  | "members"
  | "activeMembers"
  | "activeDays"
  | "outstandingPoints"
  | "liabilityMinor"
  | "redemptionRate"
  | "redemptionSource"
  | "redeemedMinor"
  | "rewardsCostMinor"
>;

const SOURCE = { observed: "the store's 12-month", override: "your", default: "the default" } as const;

// `|| 0` keeps -0 (a sum of reversals) from printing differently on the server and in the browser.
const n = (x: number) => (x || 0).toLocaleString("en-US");

function Figure({ label, value, help, testId }: { label: string; value: string; help: string; testId: string }) {
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg">
        <span data-testid={testId}>{value}</span>
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {help}
      </Text>
    </BlockStack>
  );
}

export function LoyaltyDashboardCard({
  data,
  currency,
  days,
}: {
  data: LoyaltyCardData;
  currency: string;
  days: number;
}) {
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Loyalty program
          </Text>
          <Link to="/loyalty">Open Loyalty</Link>
        </InlineStack>
        <InlineGrid columns={{ xs: 1, sm: 2, lg: 4 }} gap="400">
          <Figure
            label="Points outstanding"
            value={n(data.outstandingPoints)}
            help={`Held by ${n(data.members)} members`}
            testId="loyalty-outstanding"
          />
          <Figure
            label="Liability"
            value={formatMoney(data.liabilityMinor, currency)}
            help={`At today's points value × ${SOURCE[data.redemptionSource]} redemption rate, ${formatPercent(data.redemptionRate)}`}
            testId="loyalty-liability"
          />
          <Figure
            label={`Redeemed, last ${days} days`}
            value={formatMoney(data.redeemedMinor, currency)}
            help={`${formatMoney(data.rewardsCostMinor, currency)} not yet spent on orders (Loyalty rewards cost)`}
            testId="loyalty-redeemed"
          />
          <Figure
            label="Active members"
            value={n(data.activeMembers)}
            help={`Any points activity in the last ${data.activeDays} days`}
            testId="loyalty-active"
          />
        </InlineGrid>
        <Text as="p" variant="bodySm">
          <Link to="/analytics/glossary#loyalty" data-testid="loyalty-definition">
            How is this calculated?
          </Link>
        </Text>
      </BlockStack>
    </Card>
  );
}
