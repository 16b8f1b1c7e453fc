// Product costs in bulk, beside the Product Costs card: the CSV export of every variant's
// current cost, and the import by SKU or variant id with an effective date (preview, confirm,
// undo). The export's columns read back as an import.
import { Button } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { CsvImportCard } from "~/features/profit/components/CsvImportCard";
import type { CostPlanRow } from "~/features/profit/cost-import";

type Props = {
  currency: string;
  timezone: string;
  last: { fileName: string | null; rowsWritten: number; createdAt: string } | null;
};

export function ProductCostsBulkCard({ currency, timezone, last }: Props) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <CsvImportCard<CostPlanRow>
      title="Product costs in bulk"
      help={`Columns: sku or variant_id, cost (${currency}), effective_date (YYYY-MM-DD; blank for today). Sales from that day on use the cost. The export has the same columns.`}
      action={
        <Button url="/costs/product-costs" target="_self">
          Export CSV
        </Button>
      }
      actionPath="/costs/product-costs"
      last={last}
      timezone={timezone}
      headings={["SKU", "Product", "Effective from", "Cost"]}
      cells={(r) => [
        r.sku,
        r.productName,
        r.effectiveFrom,
        r.oldCostMinor === null ? money(r.costPerUnitMinor) : `${money(r.oldCostMinor)} → ${money(r.costPerUnitMinor)}`,
      ]}
    />
  );
}
