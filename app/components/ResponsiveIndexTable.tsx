// A Polaris IndexTable that stays usable at phone widths: on small screens each row is
// one stacked item (its first cell as the title, the others as "Heading: value" lines,
// its actions underneath), so no button is ever scrolled out of reach.
import { BlockStack, IndexTable, InlineStack, Text, useBreakpoints, type IndexTableProps } from "@shopify/polaris";
import type { ReactNode } from "react";

export type ResponsiveColumn = { title: string; alignment?: "start" | "end" };
export type ResponsiveRow = { id: string; cells: ReactNode[]; actions?: ReactNode };

/** Server-side sorting: which columns sort, the current one and direction, and what a click asks for. */
export type ResponsiveSort = {
  sortable: boolean[];
  /** undefined: the rows are in an order no column shows (no heading is marked sorted). */
  columnIndex: number | undefined;
  direction: "ascending" | "descending";
  onSort: (columnIndex: number, direction: "ascending" | "descending") => void;
};

type Props = {
  resourceName: { singular: string; plural: string };
  columns: ResponsiveColumn[];
  rows: ResponsiveRow[];
  pagination?: IndexTableProps["pagination"];
  sort?: ResponsiveSort;
  emptyState?: ReactNode;
  loading?: boolean;
};

export function ResponsiveIndexTable({ resourceName, columns, rows, pagination, sort, emptyState, loading }: Props) {
  const { smDown } = useBreakpoints();
  const withActions = rows.some((r) => r.actions);
  if (smDown)
    return (
      <IndexTable
        condensed
        resourceName={resourceName}
        itemCount={rows.length}
        selectable={false}
        headings={[{ title: columns[0]?.title ?? "" }]}
        pagination={pagination}
        emptyState={emptyState}
        loading={loading}
      >
        {rows.map((r, i) => (
          <IndexTable.Row id={r.id} key={r.id} position={i}>
            <div style={{ padding: "12px 16px" }}>
              <BlockStack gap="100">
                <Text as="span" fontWeight="semibold">
                  {r.cells[0]}
                </Text>
                {r.cells.slice(1).map((cell, k) => (
                  <InlineStack key={k} align="space-between" gap="200" wrap={false}>
                    <Text as="span" tone="subdued" variant="bodySm">
                      {columns[k + 1]?.title}
                    </Text>
                    <Text as="span" variant="bodySm">
                      {cell}
                    </Text>
                  </InlineStack>
                ))}
                {r.actions && <div style={{ paddingTop: 4 }}>{r.actions}</div>}
              </BlockStack>
            </div>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  const headings = columns.map((c) => ({ title: c.title, alignment: c.alignment }));
  if (withActions) headings.push({ title: "Actions", alignment: undefined });
  return (
    <IndexTable
      resourceName={resourceName}
      itemCount={rows.length}
      selectable={false}
      headings={headings as IndexTableProps["headings"]}
      pagination={pagination}
      emptyState={emptyState}
      loading={loading}
      {...(sort && {
        sortable: withActions ? [...sort.sortable, false] : sort.sortable,
        sortColumnIndex: sort.columnIndex,
        sortDirection: sort.direction,
        onSort: (index: number, direction: "ascending" | "descending") => sort.onSort(index, direction),
      })}
    >
      {rows.map((r, i) => (
        <IndexTable.Row id={r.id} key={r.id} position={i}>
          {r.cells.map((cell, k) => (
            <IndexTable.Cell key={k}>
              {columns[k]?.alignment === "end" ? (
                <Text as="span" alignment="end" numeric>
                  {cell}
                </Text>
              ) : (
                cell
              )}
            </IndexTable.Cell>
          ))}
          {withActions && <IndexTable.Cell>{r.actions}</IndexTable.Cell>}
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}
