// The dashboard's AI insights card (admin-and-public.md §2 screen 1; core.md §2.4): the top
// three current insights with their confidence, and "Updated N minutes ago" from the last run.
import { Badge, BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import type { InsightView } from "~/features/insights/list.server";
import { ConfidenceBadge } from "~/features/insights/components/ConfidenceBadge";

export type DashboardInsights = {
  insights: InsightView[];
  total: number;
  finishedAt: string | null;
  /** "Updated 5 minutes ago": worded on the server, so the data (and the page) stay the same within a minute. */
  updated: string;
  currency: string;
};

export function InsightsDashboardCard({ data }: { data: DashboardInsights }) {
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            AI Insights
          </Text>
          <Badge>{data.updated}</Badge>
        </InlineStack>
        {data.insights.length ? (
          data.insights.map((i) => (
            <BlockStack key={i.id} gap="100">
              <InlineStack align="space-between" blockAlign="start" gap="200" wrap={false}>
                <Text as="h3" variant="headingSm">
                  {i.title}
                </Text>
                <ConfidenceBadge band={i.band} confidence={i.confidence} />
              </InlineStack>
              <Text as="p" tone="subdued">
                {i.narration ?? i.description}
              </Text>
              {i.potentialValueMinor !== null && (
                <Text as="p" variant="bodySm" fontWeight="semibold">
                  Potential value: {formatMoney(i.potentialValueMinor, data.currency)}
                </Text>
              )}
            </BlockStack>
          ))
        ) : (
          <Text as="p" tone="subdued">
            {data.finishedAt ? "Nothing needs your attention right now." : "No insights generated yet."}
          </Text>
        )}
        <Link url="/ai-insights">{data.total > 3 ? `See all ${data.total} insights` : "Open AI Insights"}</Link>
      </BlockStack>
    </Card>
  );
}
