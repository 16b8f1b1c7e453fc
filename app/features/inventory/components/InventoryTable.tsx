// The inventory list: one row per variant with the planning figures (the descriptive columns
// on request, inventory-columns.tsx), selectable for Bulk Actions, each row with Edit and
// Reorder and its "show the maths" line.
import {
  BlockStack,
  Button,
  IndexTable,
  InlineStack,
  Text,
  useBreakpoints,
  useIndexResourceState,
  type IndexTableProps,
} from "@shopify/polaris";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { formatMoney } from "~/lib/money";
import { LabelValueRows } from "~/features/inventory/components/LabelValueRows";
import {
  inventoryCells,
  type InventoryListRow,
  type OptionalColumn,
} from "~/features/inventory/components/inventory-columns";
import { useCan } from "~/features/team";

export type { InventoryListRow };

type Props = {
  /** The optional columns chosen (?cols=); the phone layout lists every figure. */
  columns: OptionalColumn[];
  rows: InventoryListRow[];
  currency: string;
  pagination: IndexTableProps["pagination"];
  onReorder: (row: InventoryListRow) => void;
  busy: string | null;
  bulkActions: (selected: string[], clear: () => void) => IndexTableProps["promotedBulkActions"];
};

export function InventoryTable({ rows, columns, currency, pagination, onReorder, busy, bulkActions }: Props) {
  const { smDown } = useBreakpoints();
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(rows);
  const [shown, setShown] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setShown((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const money = (m: number) => formatMoney(m, currency);
  const canReorder = useCan("write");
  const reorder = (r: InventoryListRow) => (
    <Button
      size="slim"
      onClick={() => onReorder(r)}
      loading={busy === r.id}
      disabled={!canReorder}
      accessibilityLabel={`Reorder ${r.title}`}
    >
      Reorder
    </Button>
  );
  const actions = (r: InventoryListRow) => (
    <InlineStack gap="200" wrap={false}>
      <Button url={`/inventory/${r.id}`} size="slim">
        Edit
      </Button>
      {reorder(r)}
    </InlineStack>
  );
  // Wide screens: the title wraps (a long name would push the figures out of the card) and
  // Edit sits under it beside the maths, so the actions column holds Reorder alone.
  const titleCell = (r: InventoryListRow, wide: boolean) => (
    <BlockStack gap="200" inlineAlign="start">
      <div style={wide ? { whiteSpace: "normal", minWidth: 160, maxWidth: 240 } : undefined}>
        <Link to={`/inventory/${r.id}`} style={{ color: "inherit", fontWeight: 600 }}>
          {r.title}
        </Link>
      </div>
      {wide && !columns.includes("sku") && r.sku && (
        <Text as="span" variant="bodySm" tone="subdued">
          {r.sku}
        </Text>
      )}
      {/* A click on a row selects it: these are not a selection. */}
      <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()} role="presentation">
        <InlineStack gap="300">
          <Button
            variant="plain"
            size="slim"
            textAlign="start"
            onClick={() => toggle(r.id)}
            ariaExpanded={shown.has(r.id)}
          >
            {shown.has(r.id) ? "Hide the maths" : "Show the maths"}
          </Button>
          {wide && (
            // A full slim button, not a plain one: a 20 px link here sat too close to the next
            // row's title for a finger (Lighthouse target-size).
            <Button size="slim" url={`/inventory/${r.id}`}>
              Edit
            </Button>
          )}
        </InlineStack>
      </span>
      {shown.has(r.id) && (
        <div style={{ maxWidth: 520, whiteSpace: "normal" }}>
          <Text as="p" variant="bodySm" tone="subdued">
            {r.maths}
          </Text>
        </div>
      )}
    </BlockStack>
  );
  const all = (r: InventoryListRow) => inventoryCells(r, money, "all");
  const cells = (r: InventoryListRow) => inventoryCells(r, money, columns);
  const headings = [{ title: "Product" }, ...cells(rows[0] ?? ({} as InventoryListRow)).map(([t]) => ({ title: t }))];
  const promoted = bulkActions(allResourcesSelected ? rows.map((r) => r.id) : selectedResources, clearSelection);
  if (smDown)
    return (
      <IndexTable
        condensed
        resourceName={{ singular: "variant", plural: "variants" }}
        itemCount={rows.length}
        selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
        onSelectionChange={handleSelectionChange}
        promotedBulkActions={promoted}
        headings={[{ title: "Product" }]}
        pagination={pagination}
      >
        {rows.map((r, i) => (
          <IndexTable.Row id={r.id} key={r.id} position={i} selected={selectedResources.includes(r.id)}>
            <div style={{ padding: "12px 16px" }}>
              <BlockStack gap="100">
                {titleCell(r, false)}
                <LabelValueRows rows={all(r)} />
                <div style={{ paddingTop: 4 }}>{actions(r)}</div>
              </BlockStack>
            </div>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  return (
    <IndexTable
      resourceName={{ singular: "variant", plural: "variants" }}
      itemCount={rows.length}
      selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
      onSelectionChange={handleSelectionChange}
      promotedBulkActions={promoted}
      headings={[...headings, { title: "Actions" }] as unknown as IndexTableProps["headings"]}
      pagination={pagination}
    >
      {rows.map((r, i) => (
        <IndexTable.Row id={r.id} key={r.id} position={i} selected={selectedResources.includes(r.id)}>
          <IndexTable.Cell>{titleCell(r, true)}</IndexTable.Cell>
          {cells(r).map(([label, value]) => (
            <IndexTable.Cell key={label}>{value}</IndexTable.Cell>
          ))}
          <IndexTable.Cell>{reorder(r)}</IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}
