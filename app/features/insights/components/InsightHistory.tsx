// Past insights (docs/product/insights.md#history): done, dismissed with the reason, snoozed
// until a day, or expired (the last run no longer found them), with their dates in the shop's
// time zone, a page of 20 at a time.
import { useNavigation, useSearchParams } from "@remix-run/react";
import { Badge, Card, EmptySearchResult, Text } from "@shopify/polaris";
import { AdminPage } from "~/components/AdminPage";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { CATEGORY_LABELS, HISTORY_PAGE_SIZE } from "~/features/insights/types";
import type { HistoryRow, InsightHistory as History } from "~/features/insights/list.server";

const OUTCOME: Record<HistoryRow["outcome"], { label: string; tone?: "success" | "attention" | "info" }> = {
  done: { label: "Done", tone: "success" },
  dismissed: { label: "Dismissed" },
  snoozed: { label: "Snoozed", tone: "info" },
  expired: { label: "Expired", tone: "attention" },
};

function detail(row: HistoryRow): string {
  if (row.outcome === "dismissed") return row.reason ?? "No reason given";
  if (row.outcome === "snoozed") return row.snoozedUntil ? `Until ${row.snoozedUntil}` : "";
  if (row.outcome === "expired") return "The last run no longer found it";
  return "";
}

export function InsightHistoryScreen({ rows, page, pageCount, total }: History) {
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const first = (page - 1) * HISTORY_PAGE_SIZE + 1;
  const go = (p: number) => setSearchParams(p > 1 ? { page: String(p) } : {}, { preventScrollReset: true });
  return (
    <AdminPage title="Insight history" subtitle="Insights done, dismissed, snoozed or expired">
      <Card padding="0">
        <ResponsiveIndexTable
          resourceName={{ singular: "past insight", plural: "past insights" }}
          loading={navigation.state === "loading"}
          emptyState={
            <EmptySearchResult
              title="No past insights yet"
              description="Insights you mark done, dismiss or snooze, and those a run no longer finds, are kept here."
            />
          }
          columns={[
            { title: "Insight" },
            { title: "Category" },
            { title: "Outcome" },
            { title: "Reason" },
            { title: "Status changed" },
            { title: "First found" },
            { title: "Last found" },
          ]}
          rows={rows.map((row) => ({
            id: row.id,
            cells: [
              // Titles wrap rather than push the dates out of the card.
              <span key="t" style={{ display: "block", whiteSpace: "normal", minWidth: 200, maxWidth: 420 }}>
                <Text as="span" fontWeight="semibold">
                  {row.title}
                </Text>
              </span>,
              CATEGORY_LABELS[row.category],
              <Badge key="o" tone={OUTCOME[row.outcome].tone}>
                {OUTCOME[row.outcome].label}
              </Badge>,
              <span key="r" style={{ display: "block", whiteSpace: "normal", maxWidth: 240 }}>
                {detail(row)}
              </span>,
              row.changed ?? "—",
              row.firstFound,
              row.lastFound,
            ],
          }))}
          pagination={
            rows.length
              ? {
                  hasPrevious: page > 1,
                  hasNext: page < pageCount,
                  onPrevious: () => go(page - 1),
                  onNext: () => go(page + 1),
                  label: `${first}–${first + rows.length - 1} of ${total}`,
                  accessibilityLabels: {
                    previous: "Previous page of past insights",
                    next: "Next page of past insights",
                  },
                }
              : undefined
          }
        />
      </Card>
    </AdminPage>
  );
}
