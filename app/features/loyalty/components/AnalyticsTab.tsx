// Loyalty → Analytics: points over time, members against non-members, and each campaign's lift.
import { BlockStack, Box, Card, InlineGrid, Text } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { Metric, n, pct } from "~/features/loyalty/components/Metric";
import type { TierView } from "~/features/loyalty/program.server";
import type { Analytics } from "~/features/loyalty/reports.server";
import { formatMoney, formatPercent } from "~/lib/money";

function group(g: Analytics["members"], currency: string) {
  return {
    // The registry's average order value: net sales ÷ orders.
    aov: g.orders ? formatMoney(Math.round(g.netSalesMinor / g.orders), currency) : "—",
    frequency: g.customers ? (g.orders / g.customers).toFixed(2) : "—",
  };
}

export function AnalyticsTab({
  analytics,
  tiers,
  currency,
}: {
  analytics: Analytics;
  tiers: TierView[];
  currency: string;
}) {
  const m = group(analytics.members, currency);
  const nm = group(analytics.nonMembers, currency);
  return (
    <BlockStack gap="400">
      <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="300">
        <Metric label="Redemption rate (12 months)" value={pct(analytics.redemptionRate)} />
        <Metric
          label="Member average order value"
          value={m.aov}
          help={`Net sales ÷ orders, last 12 months · Non-members: ${nm.aov}`}
        />
        <Metric label="Member orders per customer" value={m.frequency} help={`Non-members: ${nm.frequency}`} />
        <Metric
          label="Largest tier"
          value={[...tiers].sort((a, b) => b.members - a.members)[0]?.name ?? "—"}
          help={tiers.map((t) => `${t.name} ${formatPercent(t.share, 0)}`).join(" · ")}
        />
      </InlineGrid>
      <Card padding="0">
        <Box padding="400">
          <Text as="h2" variant="headingMd">
            Points over time
          </Text>
        </Box>
        <ResponsiveIndexTable
          resourceName={{ singular: "month", plural: "months" }}
          columns={[
            { title: "Month" },
            { title: "Issued", alignment: "end" },
            { title: "Redeemed", alignment: "end" },
            { title: "Reversed", alignment: "end" },
            { title: "Expired", alignment: "end" },
            { title: "Outstanding", alignment: "end" },
          ]}
          rows={[...analytics.months].reverse().map((r) => ({
            id: r.month,
            cells: [r.month, n(r.issued), n(r.redeemed), n(r.reversed), n(r.expired), n(r.outstanding)],
          }))}
        />
      </Card>
      <Card padding="0">
        <Box padding="400">
          <Text as="h2" variant="headingMd">
            Campaign lift
          </Text>
          <Text as="p" tone="subdued" variant="bodySm">
            Orders per day while each campaign ran, against the same number of days before it.
          </Text>
        </Box>
        {analytics.campaigns.length === 0 ? (
          <Box padding="400">
            <Text as="p" tone="subdued">
              No campaign has started yet.
            </Text>
          </Box>
        ) : (
          <ResponsiveIndexTable
            resourceName={{ singular: "campaign", plural: "campaigns" }}
            columns={[
              { title: "Campaign" },
              { title: "Days", alignment: "end" },
              { title: "Orders a day", alignment: "end" },
              { title: "Before", alignment: "end" },
              { title: "Lift", alignment: "end" },
            ]}
            rows={analytics.campaigns.map((c) => ({
              id: c.id,
              cells: [
                c.name,
                n(c.days),
                c.ordersPerDay.toFixed(1),
                c.beforePerDay.toFixed(1),
                c.lift === null ? "—" : `${c.lift >= 0 ? "+" : ""}${formatPercent(c.lift)}`,
              ],
            }))}
          />
        )}
      </Card>
    </BlockStack>
  );
}
