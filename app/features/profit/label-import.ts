// The plan of a shipping label cost CSV import (docs/decisions/092), pure: ShipStation's
// shipments export and Shippo's label export read by the shared reader (app/lib/csv-import.ts),
// each row a label of one order, the labels of an order summed (split shipments and return
// labels add up), each order compared with the label cost it has. An order with any refused
// row is refused whole, so a partial sum is never written.
import {
  amountCell,
  currencyCell,
  readCsvTable,
  withoutDuplicateKeys,
  type CsvRefusal,
  type ImportPlan,
} from "~/lib/csv-import";

/** The columns, by the names the two exports use (any case; spaces and hyphens read as "_"). */
export const LABEL_COLUMNS = [
  { key: "order", label: "order number", required: true, aliases: ["order_number", "order_#", "order_no", "order_id"] },
  {
    key: "cost",
    label: "shipping cost",
    required: true,
    aliases: ["shipping_cost", "shipment_cost", "label_cost", "rate", "postage", "cost"],
  },
  { key: "insurance", label: "insurance cost", required: false, aliases: ["insurance_cost"] },
  { key: "currency", label: "currency", required: false, aliases: ["rate_currency"] },
  { key: "tracking", label: "tracking number", required: false, aliases: ["tracking_number", "tracking_#"] },
] as const;

/** The order number as the exports write it ("1001", "#1001") as it is matched: without "#". */
export const orderRef = (text: string) => text.trim().replace(/^#/, "").trim();

export type LabelRow = { line: number; ref: string; costMinor: number; tracking: string };

export type LabelRows =
  | {
      ok: true;
      rows: LabelRow[];
      refused: CsvRefusal[];
      /** Order numbers with a refused row: their other rows are refused too. */
      refusedRefs: Set<string>;
    }
  | { ok: false; status: 400 | 413; error: string };

/** The file's rows checked cell by cell; duplicates (a tracking number twice, or the same row twice) refused. */
export function readLabelRows(text: string, shop: { currency: string }): LabelRows {
  const table = readCsvTable(text, LABEL_COLUMNS);
  if (!table.ok) return table;
  const refused: CsvRefusal[] = [...table.refused];
  const refusedRefs = new Set<string>();
  const rows: LabelRow[] = [];
  for (const { line, cells } of table.rows) {
    const ref = orderRef(cells.order);
    const refuseRef = () => ref && refusedRefs.add(ref);
    const cost = amountCell(cells.cost, "Shipping cost", shop.currency);
    const insurance = cells.insurance ? amountCell(cells.insurance, "Insurance cost", shop.currency) : { minor: 0 };
    const currency = currencyCell(cells.currency, shop.currency);
    const refuse = (reason: string) => {
      refused.push({ line, reason });
      refuseRef();
    };
    if (!ref || ref.length > 60) refuse("Order number is missing");
    else if ("reason" in cost) refuse(cost.reason);
    else if ("reason" in insurance) refuse(insurance.reason);
    else if (currency) refuse(currency.reason);
    else rows.push({ line, ref, costMinor: cost.minor + insurance.minor, tracking: cells.tracking });
  }
  const unique = withoutDuplicateKeys(rows, (r) =>
    r.tracking ? `t|${r.tracking.toLowerCase()}` : `r|${r.ref}|${r.costMinor}`,
  );
  const duplicated = new Set(unique.refused.map((x) => x.line));
  for (const r of rows) if (duplicated.has(r.line)) refusedRefs.add(r.ref);
  return { ok: true, rows: unique.rows, refused: [...refused, ...unique.refused], refusedRefs };
}

export type StoredLabelOrder = {
  id: string;
  name: string;
  day: string;
  cancelled: boolean;
  shippingCostMinor: number | null;
  shippingCostSource: string | null;
};

export type LabelPlanRow = {
  orderId: string;
  orderName: string;
  day: string;
  cancelled: boolean;
  /** The labels' sum, which becomes the order's label cost. */
  costMinor: number;
  labels: number;
  /** new: the order had no imported label; changed: another imported amount; unchanged: nothing to write. */
  status: "new" | "changed" | "unchanged";
  oldCostMinor: number | null;
  oldSource: string | null;
  lines: number[];
};

/**
 * Matches the rows to the shop's orders by number and sums each order's labels. A number that
 * is no order of the shop, or names two, is refused; so is every row of an order with a refused row.
 */
export function planLabelImport(
  parsed: Extract<LabelRows, { ok: true }>,
  stored: readonly StoredLabelOrder[],
): ImportPlan<LabelPlanRow> {
  const refused: CsvRefusal[] = [...parsed.refused];
  const byRef = new Map<string, StoredLabelOrder[]>();
  for (const o of stored) byRef.set(orderRef(o.name), [...(byRef.get(orderRef(o.name)) ?? []), o]);
  const groups = new Map<string, LabelPlanRow>();
  for (const r of parsed.rows) {
    const matches = byRef.get(r.ref) ?? [];
    if (matches.length === 0) {
      refused.push({ line: r.line, reason: `No order #${r.ref.slice(0, 30)} in this store` });
      continue;
    }
    if (matches.length > 1) {
      refused.push({
        line: r.line,
        reason: `#${r.ref.slice(0, 30)} names ${matches.length} orders; fix it in Shopify`,
      });
      continue;
    }
    const o = matches[0];
    const g = groups.get(o.id) ?? {
      orderId: o.id,
      orderName: o.name,
      day: o.day,
      cancelled: o.cancelled,
      costMinor: 0,
      labels: 0,
      status: "new" as const,
      oldCostMinor: o.shippingCostMinor,
      oldSource: o.shippingCostSource,
      lines: [],
    };
    g.costMinor += r.costMinor;
    g.labels += 1;
    g.lines.push(r.line);
    groups.set(o.id, g);
  }
  const rows: LabelPlanRow[] = [];
  for (const g of groups.values()) {
    if (parsed.refusedRefs.has(orderRef(g.orderName))) {
      for (const line of g.lines) refused.push({ line, reason: "Another label of this order was refused" });
      continue;
    }
    const status =
      g.oldSource !== "import" ? "new" : g.oldCostMinor === g.costMinor ? "unchanged" : ("changed" as const);
    rows.push({ ...g, status });
  }
  rows.sort((a, b) => a.day.localeCompare(b.day) || a.orderName.localeCompare(b.orderName));
  refused.sort((a, b) => a.line - b.line);
  return { ok: true, rows, refused };
}
