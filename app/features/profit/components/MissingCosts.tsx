// Variants sold in the period whose cost is unknown, most revenue first, each with Add cost.
import { Button, IndexTable, Text } from "@shopify/polaris";
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
  if (missing.total === 0) return null;
  return (
    <CostSection title="Missing costs">
      <Text as="p" tone="subdued">
        <span data-testid="missing-sentence">
          {missingCostSentence({ missing: missing.total, sold: missing.sold })}.
        </span>{" "}
        Add a cost so profit is complete.
      </Text>
      <IndexTable
        resourceName={{ singular: "variant", plural: "variants" }}
        itemCount={missing.rows.length}
        selectable={false}
        headings={[
          { title: "Product" },
          { title: "SKU" },
          { title: "Units without cost", alignment: "end" },
          { title: "Revenue", alignment: "end" },
          { title: "Action", hidden: true },
        ]}
        pagination={{
          hasPrevious: missing.page > 1,
          hasNext: missing.page < missing.pages,
          onPrevious: () => onPage(missing.page - 1),
          onNext: () => onPage(missing.page + 1),
          label: `Page ${missing.page} of ${missing.pages}`,
        }}
      >
        {missing.rows.map((v, i) => (
          <IndexTable.Row id={v.key} key={v.key} position={i}>
            <IndexTable.Cell>{variantName(v)}</IndexTable.Cell>
            <IndexTable.Cell>{v.sku ?? "—"}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {v.uncostedUnits.toLocaleString("en-US")}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatMoney(v.revenueMinor, currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Button size="slim" accessibilityLabel={`Add cost for ${variantName(v)}`} onClick={() => onAdd(v)}>
                Add cost
              </Button>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    </CostSection>
  );
}
