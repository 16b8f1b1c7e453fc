// Variants sold in the period whose cost is unknown, most revenue first, each with Add cost.
import { Button, Text } from "@shopify/polaris";
import { useCan } from "~/features/team";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";
import { formatMoney } from "~/lib/money";
import { CostSection } from "~/features/profit/components/CostSection";
import { missingCostSentence } from "~/features/profit/missing-costs";

type Uncosted = {
  key: string;
  productName: string;
  variant: string | null;
  sku: string | null;
  uncostedUnits: number;
  revenueMinor: number;
};

type Missing = { sold: number; total: number; page: number; pages: number; rows: Uncosted[] };

const variantName = (v: Uncosted) =>
  `${v.productName}${v.variant && !/^Default( Title)?$/.test(v.variant) ? ` — ${v.variant}` : ""}`;

export function MissingCosts({
  missing,
  currency,
  onAdd,
  onPage,
}: {
  missing: Missing;
  currency: string;
  onAdd: (v: Uncosted) => void;
  onPage: (page: number) => void;
}) {
  const canWrite = useCan("write");
  if (missing.total === 0) return null;
  return (
    <CostSection title="Missing costs">
      <Text as="p" tone="subdued">
        <span data-testid="missing-sentence">
          {missingCostSentence({ missing: missing.total, sold: missing.sold })}.
        </span>{" "}
        Add a cost so profit is complete.
      </Text>
      <ResponsiveIndexTable
        resourceName={{ singular: "variant", plural: "variants" }}
        columns={[
          { title: "Product" },
          { title: "SKU" },
          { title: "Units without cost", alignment: "end" },
          { title: "Revenue", alignment: "end" },
        ]}
        rows={missing.rows.map((v) => ({
          id: v.key,
          cells: [
            variantName(v),
            v.sku ?? "—",
            v.uncostedUnits.toLocaleString("en-US"),
            formatMoney(v.revenueMinor, currency),
          ],
          actions: (
            <Button
              size="slim"
              disabled={!canWrite}
              accessibilityLabel={`Add cost for ${variantName(v)}`}
              onClick={() => onAdd(v)}
            >
              Add cost
            </Button>
          ),
        }))}
        pagination={{
          hasPrevious: missing.page > 1,
          hasNext: missing.page < missing.pages,
          onPrevious: () => onPage(missing.page - 1),
          onNext: () => onPage(missing.page + 1),
          label: `Page ${missing.page} of ${missing.pages}`,
        }}
      />
    </CostSection>
  );
}
