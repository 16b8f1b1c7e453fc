// The Costs screen's lists: variants missing a cost, product costs, operating expenses.
import { Badge, BlockStack, Button, Card, DataTable, InlineStack, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { formatMoney } from "~/lib/money";
import { capitalize } from "~/features/profit/components/costs-screen";

type Uncosted = { id: string; productName: string; variant: string | null; sku: string | null; priceMinor: number };
type ProductCostRow = {
  id: string;
  productName: string;
  sku: string | null;
  costPerUnitMinor: number;
  supplier: string | null;
  effectiveFrom: string;
};
type ExpenseRow = {
  id: string;
  category: string;
  description: string;
  amountMinor: number;
  date: string;
  recurring: boolean;
  recurringInterval: string | null;
};

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          {action}
        </InlineStack>
        {children}
      </BlockStack>
    </Card>
  );
}

export function MissingCosts({
  variants,
  currency,
  onAdd,
}: {
  variants: Uncosted[];
  currency: string;
  onAdd: (v: Uncosted) => void;
}) {
  if (variants.length === 0) return null;
  return (
    <Section title="Missing costs">
      <Text as="p" tone="subdued">
        These variants have no unit cost from Shopify. Add one so profit is complete.
      </Text>
      <DataTable
        columnContentTypes={["text", "text", "numeric", "text"]}
        headings={["Product", "SKU", "Price", ""]}
        rows={variants.map((v) => [
          `${v.productName}${v.variant && !/^Default( Title)?$/.test(v.variant) ? ` — ${v.variant}` : ""}`,
          v.sku ?? "N/A",
          formatMoney(v.priceMinor, currency),
          <Button key={v.id} size="slim" accessibilityLabel={`Add cost for ${v.productName}`} onClick={() => onAdd(v)}>
            Add cost
          </Button>,
        ])}
      />
    </Section>
  );
}

export function ProductCostsCard({
  costs,
  currency,
  onAdd,
}: {
  costs: ProductCostRow[];
  currency: string;
  onAdd: () => void;
}) {
  return (
    <Section
      title="Product Costs"
      action={
        <Button variant="primary" onClick={onAdd}>
          Add Product Cost
        </Button>
      }
    >
      {costs.length === 0 ? (
        <Text as="p" tone="subdued">
          No product costs added yet
        </Text>
      ) : (
        <DataTable
          columnContentTypes={["text", "text", "numeric", "text", "text"]}
          headings={["Product", "SKU", "Cost per unit", "Supplier", "Effective from"]}
          rows={costs.map((c) => [
            c.productName,
            c.sku || "N/A",
            formatMoney(c.costPerUnitMinor, currency),
            c.supplier || "N/A",
            c.effectiveFrom,
          ])}
        />
      )}
    </Section>
  );
}

export function ExpensesCard({
  expenses,
  currency,
  onAdd,
}: {
  expenses: ExpenseRow[];
  currency: string;
  onAdd: () => void;
}) {
  return (
    <Section
      title="Operating Expenses"
      action={
        <Button variant="primary" onClick={onAdd}>
          Add Expense
        </Button>
      }
    >
      {expenses.length === 0 ? (
        <Text as="p" tone="subdued">
          No expenses recorded yet
        </Text>
      ) : (
        <DataTable
          columnContentTypes={["text", "text", "numeric", "text", "text"]}
          headings={["Category", "Description", "Amount", "Date", "Type"]}
          rows={expenses.map((e) => [
            capitalize(e.category),
            e.description,
            formatMoney(e.amountMinor, currency),
            e.date,
            e.recurring ? (
              <Badge key={e.id} tone="info">{`Recurring · ${capitalize(e.recurringInterval ?? "monthly")}`}</Badge>
            ) : (
              <Badge key={e.id}>One-time</Badge>
            ),
          ])}
        />
      )}
    </Section>
  );
}
