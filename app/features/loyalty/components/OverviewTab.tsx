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

/** "Of 2,973 customers (2 not enrolled) · 2,379 active in 90 days · 27 accounts of redacted … not counted". */
function membersHelp(o: Overview) {
  const notEnrolled = o.customers - o.totalMembers;
  const of = `Of ${n(o.customers)} customers${notEnrolled > 0 ? ` (${n(notEnrolled)} not enrolled)` : ""}`;
  const closed = o.closedAccounts
    ? ` · ${n(o.closedAccounts)} ${o.closedAccounts === 1 ? "account" : "accounts"} of redacted or deleted customers not counted`
    : "";
  return `${of} · ${n(o.activeMembers)} active in 90 days${closed}`;
}

/** Members below the first tier's minimum spend, as their own row so the rows add to the members. */
function noTierRow(o: Overview) {
  if (!o.untieredMembers) return [];
  const share = o.totalMembers ? o.untieredMembers / o.totalMembers : 0;
  return [{ id: "no-tier", name: "No tier (below the first tier)", members: o.untieredMembers, share }];
}

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
        <Metric label="Total members" value={n(o.totalMembers)} help={membersHelp(o)} />
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
            {[...tiers, ...noTierRow(o)].map((t) => (
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
            <Text as="p" variant="bodySm" tone="subdued" id="tier-total">
              {n(o.totalMembers)} members in all: the rows add up to it.
            </Text>
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
