// The detail dialog's history: the recurring series (with Stop recurring) and the timeline.
import { BlockStack, Button, DataTable, InlineStack, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { statusLabel } from "~/features/invoices/status";
import { capitalize, EVENT_LABELS } from "~/features/invoices/screen";
import type { InvoiceDetailData } from "~/features/invoices/screen";
import { useCan } from "~/features/team";

type Props = { invoice: InvoiceDetailData; busy: boolean; onStopRecurring: () => void };

export function InvoiceHistory({ invoice: d, busy, onStopRecurring }: Props) {
  const canWrite = useCan("write");
  return (
    <BlockStack gap="400">
      {d.seriesId && (
        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h3" variant="headingSm">
              {`Recurring series (${capitalize(d.recurringInterval ?? "monthly")})`}
            </Text>
            {d.nextIssueDate && (
              <Button size="slim" disabled={busy || !canWrite} onClick={onStopRecurring}>
                Stop recurring
              </Button>
            )}
          </InlineStack>
          {d.nextIssueDate && (
            <Text as="p" tone="subdued">
              Next invoice on {d.nextIssueDate}
              {d.autoSend ? ", sent automatically" : ", as a draft"}.
            </Text>
          )}
          <DataTable
            columnContentTypes={["text", "text", "text", "numeric"]}
            headings={["Invoice", "Issued", "Status", "Total"]}
            rows={d.series.map((s) => [
              s.id === d.id ? `${s.invoiceNumber} (this one)` : s.invoiceNumber,
              s.issueDate,
              statusLabel(s.status),
              formatMoney(s.totalMinor, s.currency),
            ])}
          />
        </BlockStack>
      )}
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          Timeline
        </Text>
        <ol style={{ margin: 0, paddingLeft: 18 }} aria-label="Invoice timeline">
          {d.timeline.map((e) => (
            <li key={e.id} style={{ marginBottom: 6 }}>
              <Text as="span" fontWeight="semibold">
                {EVENT_LABELS[e.type] ?? capitalize(e.type.replace(/_/g, " "))}
              </Text>{" "}
              <Text as="span" tone="subdued">
                {e.when} · by {e.actor}
              </Text>
              {e.detail && (
                <Text as="p" tone="subdued" variant="bodySm">
                  {e.detail}
                </Text>
              )}
            </li>
          ))}
        </ol>
      </BlockStack>
    </BlockStack>
  );
}
