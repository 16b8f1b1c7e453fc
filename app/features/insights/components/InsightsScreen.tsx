// The AI Insights screen (admin-and-public.md §2 screen 3): Generate New Insights, the tabs with
// live counts, the insight cards, the processing overlay while a run goes, and its notice.
import { useNavigation, useSearchParams } from "@remix-run/react";
import { BlockStack, Card, EmptyState, InlineStack, Tabs, Text, Toast } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { useDisabledReason, DisabledReason } from "~/features/team";
import { TABS, type TabId } from "~/features/insights/types";
import type { InsightList } from "~/features/insights/list.server";
import type { RunView } from "~/features/insights/runs.server";
import { InsightCard } from "~/features/insights/components/InsightCard";
import { InsightsSkeleton } from "~/features/insights/components/InsightsSkeleton";
import { ProcessingOverlay } from "~/features/insights/components/ProcessingOverlay";
import { useInsightRun } from "~/features/insights/components/useInsightRun";
import { updatedAgo } from "~/features/insights/components/updated-ago";

type Props = InsightList & {
  tab: TabId;
  currency: string;
  running: RunView | null;
  latest: RunView | null;
  now: string;
};

export function InsightsScreen({ tab, currency, insights, counts, lastRun, running, latest, now }: Props) {
  const run = useInsightRun(latest, running);
  const reason = useDisabledReason("write", "generate insights");
  const navigation = useNavigation();
  const [, setSearchParams] = useSearchParams();
  const loadingTab = navigation.state === "loading" && navigation.location?.pathname.endsWith("insights");
  const selected = Math.max(
    0,
    TABS.findIndex((t) => t.id === tab),
  );
  const tabs = TABS.map((t) => ({
    id: t.id,
    content: `${t.label} (${t.id === "all" ? counts.all : counts[t.id]})`,
    panelID: `insights-${t.id}`,
  }));
  return (
    <AdminPage
      title="AI Insights"
      subtitle={lastRun ? updatedAgo(lastRun.finishedAt, now) : "Not generated yet"}
      primaryAction={{
        content: run.generating ? "Generating..." : "Generate New Insights",
        disabled: run.generating || !!reason,
        onAction: run.generate,
      }}
      secondaryActions={[{ content: "History", url: "/ai-insights/history" }]}
    >
      <BlockStack gap="400">
        {reason && (
          <InlineStack align="end">
            <DisabledReason reason={reason} />
          </InlineStack>
        )}
        <Card padding="0">
          <Tabs
            tabs={tabs}
            selected={selected}
            onSelect={(i) =>
              setSearchParams(TABS[i]!.id === "all" ? {} : { tab: TABS[i]!.id }, { preventScrollReset: true })
            }
          />
        </Card>
        {loadingTab ? (
          <InsightsSkeleton />
        ) : insights.length ? (
          insights.map((insight) => (
            <div key={insight.id} data-insight={insight.id}>
              <InsightCard insight={insight} currency={currency} />
            </div>
          ))
        ) : (
          <Card>
            <EmptyState heading={lastRun ? "Nothing needs your attention here" : "No insights yet"} image="">
              <Text as="p">
                {lastRun
                  ? "The last run found nothing in this category worth your time. Runs happen nightly and when you generate them."
                  : "Generate New Insights to analyse your store's sales, stock, customers, prices and invoices."}
              </Text>
            </EmptyState>
          </Card>
        )}
      </BlockStack>
      {run.generating && <ProcessingOverlay />}
      {run.notice && (
        <Toast
          content={`${run.notice.title}: ${run.notice.body}`}
          error={run.notice.destructive}
          duration={5000}
          onDismiss={run.clearNotice}
        />
      )}
    </AdminPage>
  );
}
