// The inventory list: one row per variant with the spec's columns and the planning figures,
// selectable for Bulk Actions, each row with Edit and Reorder and its "show the maths" line.
import {
  Badge,
  BlockStack,
  Button,
  IndexTable,
  InlineStack,
  ProgressBar,
  Text,
  useBreakpoints,
  useIndexResourceState,
  type IndexTableProps,
} from "@shopify/polaris";
import { Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { formatMoney } from "~/lib/money";
import { STATUS_LABELS, type InventoryStatus } from "~/features/inventory/planning";
import { LabelValueRows } from "~/features/inventory/components/LabelValueRows";
import { useCan } from "~/features/team";

export type InventoryListRow = {
  id: string;
  title: string;
  sku: string | null;
  category: string;
  available: number;
  committed: number;
  onOrder: number;
  priceMinor: number;
  status: InventoryStatus;
  stockBar: number;
  daysOfCover: number | null;
  reorderPoint: number;
  lostRevenuePerDayMinor: number;
  suggestedQty: number;
  stockOutDay: string | null;
  orderByDay: string | null;
  supplierName: string | null;
  maths: string;
  /** Set when the list is filtered by a location: the figures above are then that location's. */
  location?: { id: string; name: string; share: number; variantAvailable: number } | null;
};

const TONES: Record<InventoryStatus, "critical" | "warning" | "success" | "info"> = {
  "out-of-stock": "critical",
  "low-stock": "warning",
  "in-stock": "info",
  "well-stocked": "success",
};
const BAR_TONE = { 0: "critical", 25: "critical", 60: "highlight", 100: "success" } as const;

export const coverText = (d: number | null) =>
  d === null ? "No sales" : d === 0 ? "0 days" : `${d >= 100 ? Math.round(d) : d.toFixed(1)} days`;

type Props = {
  rows: InventoryListRow[];
  currency: string;
  pagination: IndexTableProps["pagination"];
  onReorder: (row: InventoryListRow) => void;
  busy: string | null;
  bulkActions: (selected: string[], clear: () => void) => IndexTableProps["promotedBulkActions"];
};

export function InventoryTable({ rows, currency, pagination, onReorder, busy, bulkActions }: Props) {
  const { smDown } = useBreakpoints();
  const canReorder = useCan("write");
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
  const actions = (r: InventoryListRow) => (
    <InlineStack gap="200" wrap={false}>
      <Button url={`/inventory/${r.id}`} size="slim">
        Edit
      </Button>
      <Button
        size="slim"
        onClick={() => onReorder(r)}
        loading={busy === r.id}
        disabled={!canReorder}
        accessibilityLabel={`Reorder ${r.title}`}
      >
        Reorder
      </Button>
    </InlineStack>
  );
  const titleCell = (r: InventoryListRow) => (
    <BlockStack gap="200" inlineAlign="start">
      <Link to={`/inventory/${r.id}`} style={{ color: "inherit", fontWeight: 600 }}>
        {r.title}
      </Link>
      <Button variant="plain" size="slim" textAlign="start" onClick={() => toggle(r.id)} ariaExpanded={shown.has(r.id)}>
        {shown.has(r.id) ? "Hide the maths" : "Show the maths"}
      </Button>
      {shown.has(r.id) && (
        <div style={{ maxWidth: 520, whiteSpace: "normal" }}>
          <Text as="p" variant="bodySm" tone="subdued">
            {r.maths}
          </Text>
        </div>
      )}
    </BlockStack>
  );
  const cells = (r: InventoryListRow): [string, ReactNode][] => [
    ["SKU", r.sku ?? "—"],
    ["Category", r.category],
    [
      "Available",
      r.location
        ? `${r.available.toLocaleString("en-US")} of ${r.location.variantAvailable.toLocaleString("en-US")}`
        : r.available.toLocaleString("en-US"),
    ],
    ["Reserved", r.committed.toLocaleString("en-US")],
    ["Price", money(r.priceMinor)],
    [
      "Status",
      <Badge key="s" tone={TONES[r.status]}>
        {STATUS_LABELS[r.status]}
      </Badge>,
    ],
    [
      "Stock",
      <div key="b" style={{ width: 80 }} title={`${r.stockBar}%`}>
        <ProgressBar
          progress={r.stockBar}
          size="small"
          tone={BAR_TONE[r.stockBar as 0 | 25 | 60 | 100]}
          ariaLabelledBy=""
        />
      </div>,
    ],
    ["Days of cover", coverText(r.daysOfCover)],
    ["Reorder point", r.reorderPoint.toLocaleString("en-US")],
    ["Lost / day", r.lostRevenuePerDayMinor ? money(r.lostRevenuePerDayMinor) : "—"],
  ];
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
                {titleCell(r)}
                <LabelValueRows rows={cells(r)} />
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
          <IndexTable.Cell>{titleCell(r)}</IndexTable.Cell>
          {cells(r).map(([label, value]) => (
            <IndexTable.Cell key={label}>{value}</IndexTable.Cell>
          ))}
          <IndexTable.Cell>{actions(r)}</IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}
