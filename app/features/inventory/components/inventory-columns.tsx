// The inventory list's columns. At 1366 px the planning figures and the row actions fit in
// the card only without the descriptive columns, so SKU (shown under the title instead),
// Category, Reserved and Price are off by default and chosen with Columns (?cols=…, so the
// server renders the same table the browser shows).
import { Badge, ProgressBar } from "@shopify/polaris";
import type { ReactNode } from "react";
import { STATUS_LABELS, type InventoryStatus } from "~/features/inventory/planning";

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

export const OPTIONAL_COLUMNS = { sku: "SKU", category: "Category", reserved: "Reserved", price: "Price" } as const;
export type OptionalColumn = keyof typeof OPTIONAL_COLUMNS;

/** The chosen optional columns from `?cols=sku,price`; anything else is ignored. */
export function columnsFromSearch(value: string | null | undefined): OptionalColumn[] {
  const asked = new Set((value ?? "").split(","));
  return (Object.keys(OPTIONAL_COLUMNS) as OptionalColumn[]).filter((c) => asked.has(c));
}

const TONES: Record<InventoryStatus, "critical" | "warning" | "success" | "info"> = {
  "out-of-stock": "critical",
  "low-stock": "warning",
  "in-stock": "info",
  "well-stocked": "success",
};
const BAR_TONE = { 0: "critical", 25: "critical", 60: "highlight", 100: "success" } as const;

export const coverText = (d: number | null) =>
  d === null ? "No sales" : d === 0 ? "0 days" : `${d >= 100 ? Math.round(d) : d.toFixed(1)} days`;

const count = (n: number) => n.toLocaleString("en-US");

/** A row's cells after the product, as [heading, value]: every column, or only those `shown`. */
export function inventoryCells(
  r: InventoryListRow,
  money: (minor: number) => string,
  shown: readonly OptionalColumn[] | "all",
): [string, ReactNode][] {
  const on = (c: OptionalColumn) => shown === "all" || shown.includes(c);
  const cells: ([string, ReactNode] | false)[] = [
    on("sku") && ["SKU", r.sku ?? "—"],
    on("category") && ["Category", r.category],
    ["Available", r.location ? `${count(r.available)} of ${count(r.location.variantAvailable)}` : count(r.available)],
    on("reserved") && ["Reserved", count(r.committed)],
    on("price") && ["Price", money(r.priceMinor)],
    [
      "Status",
      <Badge key="s" tone={TONES[r.status]}>
        {STATUS_LABELS[r.status]}
      </Badge>,
    ],
    [
      "Stock",
      <div key="b" style={{ width: 64 }} title={`${r.stockBar}%`}>
        <ProgressBar
          progress={r.stockBar}
          size="small"
          tone={BAR_TONE[r.stockBar as 0 | 25 | 60 | 100]}
          ariaLabelledBy=""
        />
      </div>,
    ],
    ["Days of cover", coverText(r.daysOfCover)],
    ["Reorder point", count(r.reorderPoint)],
    ["Lost / day", r.lostRevenuePerDayMinor ? money(r.lostRevenuePerDayMinor) : "—"],
  ];
  return cells.filter((c): c is [string, ReactNode] => c !== false);
}
