// Traffic Sources and Top Regions: where sessions and orders come from.
import { HowCalculated, NoTraffic, pct } from "~/features/analytics/components/FigureCards";
import { BlockStack, Text } from "@shopify/polaris";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { formatMoney, formatPercent } from "~/lib/money";
import type { Analytics } from "~/features/analytics/analytics.server";
import { PaidTrafficNote } from "~/features/analytics/components/FigureNotes";
import { METRICS } from "~/features/analytics/metrics";

export function TrafficSources({ data }: { data: Analytics }) {
  if (data.sources.length === 0) return <NoTraffic />;
  return (
    <BlockStack gap="300">
      <ResponsiveIndexTable
        resourceName={{ singular: "source", plural: "sources" }}
        columns={[
          { title: "Source" },
          { title: "Sessions", alignment: "end" },
          { title: "Share of sessions", alignment: "end" },
          { title: "Orders", alignment: "end" },
          { title: "Share of orders", alignment: "end" },
          { title: "Conversion rate", alignment: "end" },
        ]}
        rows={data.sources.map((s) => ({
          id: s.source,
          cells: [
            s.label,
            s.sessions.toLocaleString("en-US"),
            pct(s.sessionShare),
            s.orders.toLocaleString("en-US"),
            pct(s.orderShare),
            s.conversionRate === null ? "—" : formatPercent(s.conversionRate, 2),
          ],
        }))}
      />
      <PaidTrafficNote data={data} />
      <HowCalculated keys={["sessionShare", "orderShare", "conversionRate"]} />
    </BlockStack>
  );
}

export function TopRegions({ data }: { data: Analytics }) {
  if (data.countries.length === 0)
    return (
      <Text as="p" tone="subdued">
        No orders in this period.
      </Text>
    );
  const money = (v: number | null) => (v === null ? "—" : formatMoney(v, data.currency));
  const rows = data.countries.flatMap((c) => [
    {
      id: c.country,
      cells: [
        <Text key="c" as="span" fontWeight="semibold">
          {c.country}
        </Text>,
        money(c.netSalesMinor),
        c.orders.toLocaleString("en-US"),
        money(c.averageOrderValueMinor),
      ],
    },
    ...c.regions.map((r) => ({
      id: `${c.country}|${r.region}`,
      cells: [
        `↳ ${r.region}`,
        money(r.netSalesMinor),
        r.orders.toLocaleString("en-US"),
        money(r.averageOrderValueMinor),
      ],
    })),
  ]);
  return (
    <BlockStack gap="300">
      <ResponsiveIndexTable
        resourceName={{ singular: "region", plural: "regions" }}
        columns={[
          { title: "Country / region" },
          { title: "Net sales", alignment: "end" },
          { title: "Orders", alignment: "end" },
          {
            title: `${METRICS.averageOrderValue.label} (${METRICS.averageOrderValue.basis?.toLowerCase()})`,
            alignment: "end",
          },
        ]}
        rows={rows}
      />
      <HowCalculated keys={["netSales", "averageOrderValue"]} />
    </BlockStack>
  );
}
