// Analytics → Marketing (decision 093): the period's ad spend, MER (blended ROAS), POAS and CAC
// against the comparison period, and per ad channel its spend with ROAS two ways, each labelled
// by where it comes from: the platform's own report and the orders attributed by UTM and click ids.
import { BlockStack, InlineGrid, Text } from "@shopify/polaris";
import { ChangeIndicator } from "~/features/profit";
import { formatMoney, formatMultiple } from "~/lib/money";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import type { Analytics } from "~/features/analytics/analytics.server";
import { formatFigure, HowCalculated } from "~/features/analytics/components/FigureCards";
import { METRICS, type MetricKey } from "~/features/analytics/metrics";
import { COUNTS } from "~/features/analytics/counts";

const KEYS = ["adSpend", "mer", "poas", "cac"] as const satisfies readonly MetricKey[];

function Figure({ data, k }: { data: Analytics; k: (typeof KEYS)[number] }) {
  const value = data.figures.values[k];
  const reason = k === "adSpend" ? null : data.marketing.reasons[k];
  return (
    <div data-testid={`marketing-${k}`} data-value={value ?? ""}>
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm" tone="subdued">
          {METRICS[k].label}
        </Text>
        <Text as="p" variant="headingLg">
          <span data-testid="marketing-value">{formatFigure(k, value, data.currency)}</span>
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {reason ?? METRICS[k].basis ?? "All channels"}
        </Text>
        <ChangeIndicator
          change={data.figures.change[k]}
          comparable={data.comparable}
          polarity={METRICS[k].polarity === "lowerIsBetter" ? "lowerIsBetter" : "higherIsBetter"}
          compact
        />
      </BlockStack>
    </div>
  );
}

function Roas({ value, reason }: { value: number | null; reason: string | null }) {
  if (value !== null) return <span>{formatMultiple(value)}</span>;
  return (
    <span>
      —{" "}
      <Text as="span" variant="bodySm" tone="subdued">
        {reason}
      </Text>
    </span>
  );
}

export function MarketingCard({ data }: { data: Analytics }) {
  const { channels, newCustomers, previousNewCustomers } = data.marketing;
  return (
    <BlockStack gap="400">
      <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
        {KEYS.map((k) => (
          <Figure key={k} data={data} k={k} />
        ))}
      </InlineGrid>
      <Text as="p" variant="bodySm" tone="subdued">
        <span data-testid="marketing-new-customers">
          {`${COUNTS.newCustomers.label}: ${newCustomers.toLocaleString("en-US")}`}
          {data.comparable ? ` (comparison period ${previousNewCustomers.toLocaleString("en-US")})` : ""}
        </span>
        . MER and blended ROAS are one figure: net sales over all ad spend.
      </Text>
      {channels.length === 0 ? (
        <Text as="p" tone="subdued">
          No ad spend and no orders from ads in this period. Connect an ad platform under Settings → Integrations, or
          enter spend under Costs &amp; Profit → Ad spend.
        </Text>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: "channel", plural: "channels" }}
          columns={[
            { title: "Channel" },
            { title: "Spend", alignment: "end" },
            { title: "ROAS as the platform reports", alignment: "end" },
            { title: "Orders from ads", alignment: "end" },
            { title: "ROAS from orders (UTM, click ids)", alignment: "end" },
          ]}
          rows={channels.map((c) => ({
            id: c.channel,
            cells: [
              c.label,
              formatMoney(c.spendMinor, data.currency),
              <span key="p" data-testid={`platform-roas-${c.channel}`} data-value={c.platformRoas ?? ""}>
                <Roas value={c.platformRoas} reason={c.platformReason} />
              </span>,
              `${c.attributedOrders.toLocaleString("en-US")} · ${formatMoney(c.attributedNetSalesMinor, data.currency)}`,
              <span key="a" data-testid={`attributed-roas-${c.channel}`} data-value={c.attributedRoas ?? ""}>
                <Roas value={c.attributedRoas} reason={c.attributedReason} />
              </span>,
            ],
          }))}
        />
      )}
      <HowCalculated keys={["mer", "poas", "cac", "platformRoas", "attributedRoas"]} />
    </BlockStack>
  );
}
