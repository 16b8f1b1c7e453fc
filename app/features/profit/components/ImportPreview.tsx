// An import's preview (or result): how many rows are new, changed, unchanged and refused, the
// new and changed rows (old → new), and each refused row with its line and reason.
import { Badge, BlockStack, DataTable, InlineStack, List, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import type { ImportSummary } from "~/features/profit/import-summary";

type Props<R> = {
  summary: ImportSummary<R>;
  headings: string[];
  cells: (row: R) => ReactNode[];
};

export function ImportPreview<R extends { status: string }>({ summary, headings, cells }: Props<R>) {
  const { counts } = summary;
  const more = (shown: number, all: number) =>
    all > shown ? (
      <Text as="p" tone="subdued">
        {`The first ${shown} of ${all} are shown.`}
      </Text>
    ) : null;
  return (
    <BlockStack gap="300">
      <InlineStack gap="200">
        <Badge tone="success">{`${counts.new} new`}</Badge>
        <Badge tone="attention">{`${counts.changed} changed`}</Badge>
        <Badge>{`${counts.unchanged} unchanged`}</Badge>
        <Badge tone={counts.refused ? "critical" : undefined}>{`${counts.refused} refused`}</Badge>
      </InlineStack>
      {summary.rows.length > 0 && (
        <DataTable
          columnContentTypes={[...headings.map(() => "text" as const), "text"]}
          headings={[...headings, "Status"]}
          rows={summary.rows.map((r) => [...cells(r), r.status === "new" ? "New" : "Changed"])}
        />
      )}
      {more(summary.rows.length, counts.new + counts.changed)}
      {summary.refused.length > 0 && (
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm">
            Refused rows
          </Text>
          <List>
            {summary.refused.map((r) => (
              <List.Item key={r.line}>{`Line ${r.line}: ${r.reason}`}</List.Item>
            ))}
          </List>
          {more(summary.refused.length, counts.refused)}
        </BlockStack>
      )}
    </BlockStack>
  );
}
