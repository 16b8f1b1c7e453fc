// The Loyalty screen's four tabs. Every figure comes from the ledger through the loader.
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  InlineGrid,
  InlineStack,
  ProgressBar,
  Text,
} from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { currencyDigits, formatMoney, formatPercent } from "~/lib/money";

// `|| 0` turns -0 (a sum of reversals) into 0: Node prints "-0", the browser "0", and React would refuse to hydrate.
const n = (x: number) => (x || 0).toLocaleString("en-US");
const pct = (x: number | null) => (x === null ? "—" : formatPercent(x));

export type OverviewData = {
  programName: string;
  totalMembers: number;
  activeMembers: number;
  outstandingPoints: number;
  pointsEarned: number;
  pointsRedeemed: number;
  avgPointsPerCustomer: number;
  redemptionRate: number | null;
  repeatRate: number | null;
  retentionRate: number | null;
  health: number;
  liability: { faceMinor: number; liabilityMinor: number; breakage: number; expectedRedemptionRate: number };
};

export type TierData = {
  id: string;
  name: string;
  minSpend: number;
  benefitList: string[];
  multiplier: number;
  color: string;
  members: number;
  share: number;
  /** A threshold and multiplier scheduled for a later date (decision 059). */
  pendingMinSpend: number | null;
  pendingMultiplier: number | null;
  pendingFrom: string | null;
};

/** "From 2026-12-01: $700.00, ×1.5", or the plain value when nothing is scheduled. */
function scheduled(t: TierData, currency: string) {
  const money = (major: number) => formatMoney(major * 10 ** currencyDigits(currency), currency);
  if (!t.pendingFrom) return null;
  return `From ${t.pendingFrom.slice(0, 10)}: ${money(t.pendingMinSpend ?? t.minSpend)}, ×${t.pendingMultiplier ?? t.multiplier}`;
}

function Metric({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h2" variant="bodySm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant="headingLg">
          {value}
        </Text>
        {help && (
          <Text as="p" variant="bodySm" tone="subdued">
            {help}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

export type RedemptionData = {
  id: string;
  code: string;
  points: number;
  valueMinor: number;
  status: string;
  /** A day in the shop's time zone. */
  expiresOn: string;
};

const REDEMPTION_TONE = { issued: "info", used: "success", expired: undefined } as const;

export function OverviewTab({
  overview,
  tiers,
  currency,
  accountingHref,
  redemptions,
  onRedeem,
  onAdjust,
}: {
  overview: OverviewData;
  tiers: TierData[];
  currency: string;
  accountingHref: string;
  redemptions: RedemptionData[];
  onRedeem: () => void;
  onAdjust: () => void;
}) {
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
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              Points liability
            </Text>
            <InlineStack align="space-between">
              <Text as="span">Outstanding points</Text>
              <Text as="span">{n(o.outstandingPoints)}</Text>
            </InlineStack>
            <InlineStack align="space-between">
              <Text as="span">Face value</Text>
              <Text as="span">{formatMoney(o.liability.faceMinor, currency)}</Text>
            </InlineStack>
            <InlineStack align="space-between">
              <Text as="span">Expected redemption</Text>
              <Text as="span">
                {formatPercent(o.liability.expectedRedemptionRate)} (breakage {formatPercent(o.liability.breakage)})
              </Text>
            </InlineStack>
            <InlineStack align="space-between">
              <Text as="span" fontWeight="semibold">
                Liability
              </Text>
              <Text as="span" fontWeight="semibold">
                {formatMoney(o.liability.liabilityMinor, currency)}
              </Text>
            </InlineStack>
            <InlineStack>
              <Button url={accountingHref} download>
                Export points accounting (CSV)
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
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
            <InlineStack gap="200">
              <Button onClick={onAdjust}>Adjust points</Button>
              <Button onClick={onRedeem}>Redeem points</Button>
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

export function TiersTab({
  tiers,
  currency,
  onAdd,
  onEdit,
  onDelete,
}: {
  tiers: TierData[];
  currency: string;
  onAdd: () => void;
  onEdit: (t: TierData) => void;
  onDelete: (t: TierData) => void;
}) {
  return (
    <Card padding="0">
      <Box padding="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Tiers
          </Text>
          <Button variant="primary" onClick={onAdd}>
            Add tier
          </Button>
        </InlineStack>
      </Box>
      {tiers.length === 0 ? (
        <EmptyState heading="No tiers yet" image="">
          <p>Add a tier to reward your best customers.</p>
        </EmptyState>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: "tier", plural: "tiers" }}
          columns={[
            { title: "Tier" },
            { title: "Minimum spend", alignment: "end" },
            { title: "Benefits" },
            { title: "Multiplier", alignment: "end" },
            { title: "Members", alignment: "end" },
          ]}
          rows={tiers.map((t) => ({
            id: t.id,
            cells: [
              scheduled(t, currency) ? (
                <BlockStack key="n" gap="100">
                  <span>{t.name}</span>
                  <Text as="span" variant="bodySm" tone="caution">
                    {`Scheduled change · ${scheduled(t, currency)}`}
                  </Text>
                </BlockStack>
              ) : (
                t.name
              ),
              formatMoney(t.minSpend * 10 ** currencyDigits(currency), currency),
              t.benefitList.join(", ") || "—",
              `×${t.multiplier}`,
              `${n(t.members)} (${formatPercent(t.share, 0)})`,
            ],
            actions: (
              <InlineStack gap="200">
                <Button onClick={() => onEdit(t)} accessibilityLabel={`Edit ${t.name}`}>
                  Edit
                </Button>
                <Button tone="critical" onClick={() => onDelete(t)} accessibilityLabel={`Delete ${t.name}`}>
                  Delete
                </Button>
              </InlineStack>
            ),
          }))}
        />
      )}
    </Card>
  );
}

export type CampaignData = {
  id: string;
  name: string;
  description: string;
  multiplier: number;
  startsOn: string;
  endsOn: string;
  tierName: string | null;
  segment: string | null;
  collectionTitle: string | null;
  stacking: string;
  status: "active" | "scheduled" | "completed";
};

const STATUS_TONE = { active: "success", scheduled: "info", completed: undefined } as const;

export function CampaignsTab({ campaigns, onNew }: { campaigns: CampaignData[]; onNew: () => void }) {
  return (
    <Card padding="0">
      <Box padding="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Campaigns
          </Text>
          <Button variant="primary" onClick={onNew}>
            New Campaign
          </Button>
        </InlineStack>
      </Box>
      {campaigns.length === 0 ? (
        <EmptyState heading="No campaigns yet" image="">
          <p>
            Run a bonus-points campaign for any length of time, for everyone, one tier, one customer segment or the
            products of one collection.
          </p>
        </EmptyState>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: "campaign", plural: "campaigns" }}
          columns={[
            { title: "Campaign" },
            { title: "Multiplier", alignment: "end" },
            { title: "Runs" },
            { title: "For" },
            { title: "Overlaps" },
            { title: "Status" },
          ]}
          rows={campaigns.map((c) => ({
            id: c.id,
            cells: [
              c.name,
              `×${c.multiplier}`,
              `${c.startsOn} to ${c.endsOn}`,
              [c.tierName, c.segment && `${c.segment} customers`, c.collectionTitle && `${c.collectionTitle} products`]
                .filter(Boolean)
                .join(" · ") || "All members",
              c.stacking === "multiply" ? "Multiplies" : "Highest wins",
              <Badge key="s" tone={STATUS_TONE[c.status]}>
                {c.status[0].toUpperCase() + c.status.slice(1)}
              </Badge>,
            ],
          }))}
        />
      )}
    </Card>
  );
}

export type AnalyticsData = {
  months: { month: string; issued: number; redeemed: number; expired: number; reversed: number; outstanding: number }[];
  redemptionRate: number | null;
  members: { orders: number; customers: number; revenueMinor: number };
  nonMembers: { orders: number; customers: number; revenueMinor: number };
  campaigns: {
    id: string;
    name: string;
    days: number;
    ordersPerDay: number;
    beforePerDay: number;
    lift: number | null;
  }[];
};

function group(g: AnalyticsData["members"], currency: string) {
  return {
    aov: g.orders ? formatMoney(Math.round(g.revenueMinor / g.orders), currency) : "—",
    frequency: g.customers ? (g.orders / g.customers).toFixed(2) : "—",
  };
}

export function AnalyticsTab({
  analytics,
  tiers,
  currency,
}: {
  analytics: AnalyticsData;
  tiers: TierData[];
  currency: string;
}) {
  const m = group(analytics.members, currency);
  const nm = group(analytics.nonMembers, currency);
  return (
    <BlockStack gap="400">
      <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="300">
        <Metric label="Redemption rate (12 months)" value={pct(analytics.redemptionRate)} />
        <Metric label="Member average order" value={m.aov} help={`Non-members: ${nm.aov}`} />
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
