// The Costs screen's lists: product costs and operating expenses.
import { Badge, Button, DataTable, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/money";
import { capitalize } from "~/features/profit/components/costs-screen";
import { CostSection } from "~/features/profit/components/CostSection";

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
    <CostSection
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
    </CostSection>
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
    <CostSection
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
    </CostSection>
  );
}
