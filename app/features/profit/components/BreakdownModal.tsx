// What makes up one line of the profit and loss statement, in a modal opened by ?line=.
import { BlockStack, DataTable, Text } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { formatMoney } from "~/lib/money";

type Breakdown = {
  line: string;
  title: string;
  rows: { label: string; amountMinor: number; detail?: string }[];
  totalMinor: number;
  note?: string;
};

export function BreakdownModal({
  breakdown,
  currency,
  onClose,
}: {
  breakdown: Breakdown;
  currency: string;
  onClose: () => void;
}) {
  return (
    <Modal open onClose={onClose} title={`${breakdown.title}: what makes it up`}>
      <Modal.Section>
        <BlockStack gap="300">
          {breakdown.note && (
            <Text as="p" tone="subdued">
              {breakdown.note}
            </Text>
          )}
          {breakdown.rows.length === 0 ? (
            <Text as="p" tone="subdued">
              Nothing in this period.
            </Text>
          ) : (
            <DataTable
              columnContentTypes={["text", "numeric"]}
              headings={["", "Amount"]}
              rows={breakdown.rows.map((r) => [
                r.detail ? `${r.label} (${r.detail})` : r.label,
                formatMoney(r.amountMinor, currency),
              ])}
              totals={["", formatMoney(breakdown.totalMinor, currency)]}
              showTotalsInFooter
            />
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
