// Loyalty → Overview: program health, the points liability, tiers and recent redemptions.
import { Badge, BlockStack, Box, Button, Card, InlineGrid, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { DisabledReason, useDisabledReason } from "~/features/team";
import { LiabilityCard } from "~/features/loyalty/components/LiabilityCard";
import { Metric, n, pct } from "~/features/loyalty/components/Metric";
import type { Notice } from "~/features/loyalty/components/notices";
import type { TierView } from "~/features/loyalty/program.server";
import type { RedemptionView } from "~/features/loyalty/redemptions.server";
import type { Overview } from "~/features/loyalty/reports.server";
import { formatMoney, formatPercent } from "~/lib/money";

const REDEMPTION_TONE = { issued: "info", used: "success", expired: undefined } as const;

export function OverviewTab({
  overview,
  tiers,
  currency,
  accountingHref,
  redemptions,
  embedded,
  onRedeem,
  onAdjust,
  onDone,
}: {
  overview: Overview;
  tiers: TierView[];
  currency: string;
  accountingHref: string;
  redemptions: RedemptionView[];
  embedded: boolean;
  onRedeem: () => void;
  onAdjust: () => void;
  onDone: (notice: Notice) => void;
}) {
  const refused = useDisabledReason("write", "adjust or redeem points");
  const o = overview;
  return (
    <BlockStack gap="400">
      <InlineGrid columns={{ xs: 1, sm: 2, md: 3, lg: 5 }} gap="300">
        <Metric
          label="Program health"
          value={`${o.health} / 100`}
          help="40% active members, 30% redemption rate, 30% repeat rate"
        />
        <Metric label="Total members" value={n(o.totalMembers)} help={`${n(o.activeMembers)} active in 90 days`} />
        <Metric
          label="Retention rate"
          value={pct(o.retentionRate)}
          help="Members who ordered in the 6 months before the last 6 and again in the last 6"
        />
        <Metric label="Points redeemed" value={n(o.pointsRedeemed)} />
        <Metric label="Average points per customer" value={n(o.avgPointsPerCustomer)} />
      </InlineGrid>
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
        <LiabilityCard
          overview={o}
          currency={currency}
          embedded={embedded}
          accountingHref={accountingHref}
          onDone={onDone}
        />
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Tier distribution
            </Text>
            {tiers.map((t) => (
              <BlockStack gap="100" key={t.id}>
                <InlineStack align="space-between">
                  <Text as="span">{t.name}</Text>
                  <Text as="span">
                    {n(t.members)} ({formatPercent(t.share, 0)})
                  </Text>
                </InlineStack>
                <ProgressBar progress={Math.round(t.share * 100)} size="small" />
              </BlockStack>
            ))}
          </BlockStack>
        </Card>
      </InlineGrid>
      <Card padding="0">
        <Box padding="400">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              Recent redemptions
            </Text>
            <InlineStack gap="200" blockAlign="center">
              <DisabledReason reason={refused} />
              <Button onClick={onAdjust} disabled={!!refused}>
                Adjust points
              </Button>
              <Button onClick={onRedeem} disabled={!!refused}>
                Redeem points
              </Button>
            </InlineStack>
          </InlineStack>
        </Box>
        {redemptions.length === 0 ? (
          <Box padding="400">
            <Text as="p" tone="subdued">
              No points redeemed yet. A redemption turns points into a single-use discount code for that customer.
            </Text>
          </Box>
        ) : (
          <ResponsiveIndexTable
            resourceName={{ singular: "redemption", plural: "redemptions" }}
            columns={[
              { title: "Code" },
              { title: "Points", alignment: "end" },
              { title: "Worth", alignment: "end" },
              { title: "Expires" },
              { title: "Status" },
            ]}
            rows={redemptions.map((r) => ({
              id: r.id,
              cells: [
                r.code,
                n(r.points),
                formatMoney(r.valueMinor, currency),
                r.expiresOn,
                <Badge key="s" tone={REDEMPTION_TONE[r.status as keyof typeof REDEMPTION_TONE]}>
                  {r.status[0].toUpperCase() + r.status.slice(1)}
                </Badge>,
              ],
            }))}
          />
        )}
      </Card>
    </BlockStack>
  );
}
