// Ad spend entered by hand or imported, per day and channel: add, edit and delete (with a
// confirmation) for channels without a connected platform; a connected channel's rows are
// read-only, as its platform's sync writes them.
import { useFetcher } from "@remix-run/react";
import { Badge, BlockStack, Button, ButtonGroup, Text } from "@shopify/polaris";
import { useState } from "react";
import { FetcherDialog } from "~/components/FetcherDialog";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { formatMoney } from "~/lib/money";
import { AdSpendDialog } from "~/features/profit/components/AdSpendDialog";
import { CostSection } from "~/features/profit/components/CostSection";
import type { CostsActionResult } from "~/features/profit/components/costs-screen";
import { channelLabel } from "~/features/profit/pnl";
import { DisabledReason, useDisabledReason } from "~/features/team";

export type AdSpendRow = {
  id: string;
  day: string;
  channel: string;
  amount: string;
  amountMinor: number;
  source: string;
};
type Page = { rows: AdSpendRow[]; page: number; pages: number; total: number };

const SOURCE_LABELS: Record<string, string> = { csv: "Import", manual: "Manual", platform: "Platform", demo: "Demo" };

type Props = { page: Page; currency: string; today: string; connected: string[]; onPage: (page: number) => void };

export function AdSpendCard({ page, currency, today, connected, onPage }: Props) {
  const refused = useDisabledReason("write", "change ad spend");
  const [editing, setEditing] = useState<AdSpendRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdSpendRow | null>(null);
  const fetcher = useFetcher<CostsActionResult>({ key: "ad-spend-delete" });
  const locked = (r: AdSpendRow) => !!refused || r.source === "platform";
  return (
    <CostSection
      title="Ad spend by day and channel"
      action={
        <Button variant="primary" onClick={() => setEditing("new")} disabled={!!refused}>
          Add Ad Spend
        </Button>
      }
    >
      <BlockStack gap="200">
        <DisabledReason reason={refused} />
        {connected.length > 0 && (
          <Text as="p" tone="subdued">
            {`Connected (spend from the platform, not entered here): ${connected.map(channelLabel).join(", ")}`}
          </Text>
        )}
        <ResponsiveIndexTable
          resourceName={{ singular: "ad spend entry", plural: "ad spend entries" }}
          columns={[{ title: "Date" }, { title: "Channel" }, { title: "Spend", alignment: "end" }, { title: "Source" }]}
          emptyState={
            <Text as="p" tone="subdued">
              No ad spend yet: import a CSV file or add a day.
            </Text>
          }
          rows={page.rows.map((r) => ({
            id: r.id,
            cells: [
              r.day,
              channelLabel(r.channel),
              formatMoney(r.amountMinor, currency),
              <Badge key="s">{SOURCE_LABELS[r.source] ?? r.source}</Badge>,
            ],
            actions: (
              <ButtonGroup>
                <Button
                  size="slim"
                  onClick={() => setEditing(r)}
                  disabled={locked(r)}
                  accessibilityLabel={`Edit ${r.channel} on ${r.day}`}
                >
                  Edit
                </Button>
                <Button
                  size="slim"
                  tone="critical"
                  onClick={() => setDeleting(r)}
                  disabled={locked(r)}
                  accessibilityLabel={`Delete ${r.channel} on ${r.day}`}
                >
                  Delete
                </Button>
              </ButtonGroup>
            ),
          }))}
          pagination={{
            hasPrevious: page.page > 1,
            hasNext: page.page < page.pages,
            onPrevious: () => onPage(page.page - 1),
            onNext: () => onPage(page.page + 1),
            label: `Page ${page.page} of ${page.pages} · ${page.total} in all`,
          }}
        />
      </BlockStack>
      {editing && (
        <AdSpendDialog editing={editing === "new" ? null : editing} today={today} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <FetcherDialog
          title="Delete this ad spend?"
          fetcher={fetcher}
          onClose={() => setDeleting(null)}
          onResult={(result) => result.ok && setDeleting(null)}
          primaryAction={{
            content: "Delete",
            destructive: true,
            onAction: () => fetcher.submit({ intent: "deleteSpend", id: deleting.id }, { method: "post" }),
          }}
        >
          <Text as="p">{`${channelLabel(deleting.channel)} on ${deleting.day}: the P&L's ad spend drops by ${formatMoney(deleting.amountMinor, currency)}.`}</Text>
        </FetcherDialog>
      )}
    </CostSection>
  );
}
