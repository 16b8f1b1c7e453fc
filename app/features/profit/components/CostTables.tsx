// The Costs screen's lists: product costs and operating expenses, a page at a time,
// each row with Edit and Delete.
import { Badge, Button, ButtonGroup, Text } from "@shopify/polaris";
import { useCan } from "~/features/team";
import { ResponsiveIndexTable, type ResponsiveColumn } from "~/components/ResponsiveIndexTable";
import type { ReactNode } from "react";
import { formatMoney } from "~/lib/money";
import { capitalize } from "~/features/profit/components/costs-screen";
import { CostSection } from "~/features/profit/components/CostSection";

export type ProductCostRow = {
  id: string;
  productName: string;
  sku: string | null;
  costPerUnit: string;
  costPerUnitMinor: number;
  supplier: string | null;
  effectiveFrom: string;
};
export type ExpenseRow = {
  id: string;
  category: string;
  description: string;
  amount: string;
  amountMinor: number;
  date: string;
  recurring: boolean;
  recurringInterval: string | null;
};
type Page<T> = { rows: T[]; page: number; pages: number; total: number };

type TableProps<T> = {
  page: Page<T>;
  currency: string;
  onPage: (page: number) => void;
  onAdd: () => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
};

function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const canWrite = useCan("write");
  return (
    <ButtonGroup>
      <Button size="slim" onClick={onEdit} disabled={!canWrite} accessibilityLabel={`Edit ${name}`}>
        Edit
      </Button>
      <Button
        size="slim"
        tone="critical"
        variant="plain"
        onClick={onDelete}
        disabled={!canWrite}
        accessibilityLabel={`Delete ${name}`}
      >
        Delete
      </Button>
    </ButtonGroup>
  );
}

function Paged<T extends { id: string }>({
  page,
  noun,
  empty,
  headings,
  onPage,
  row,
  actions,
}: {
  page: Page<T>;
  noun: [string, string];
  empty: string;
  headings: ResponsiveColumn[];
  onPage: (page: number) => void;
  row: (r: T) => ReactNode[];
  actions: (r: T) => ReactNode;
}) {
  if (page.total === 0)
    return (
      <Text as="p" tone="subdued">
        {empty}
      </Text>
    );
  return (
    <ResponsiveIndexTable
      resourceName={{ singular: noun[0], plural: noun[1] }}
      columns={headings}
      rows={page.rows.map((r) => ({ id: r.id, cells: row(r), actions: actions(r) }))}
      pagination={{
        hasPrevious: page.page > 1,
        hasNext: page.page < page.pages,
        onPrevious: () => onPage(page.page - 1),
        onNext: () => onPage(page.page + 1),
        label: `Page ${page.page} of ${page.pages} · ${page.total} in all`,
      }}
    />
  );
}

const amount = (minor: number, currency: string) => formatMoney(minor, currency);

export function ProductCostsCard({ page, currency, onPage, onAdd, onEdit, onDelete }: TableProps<ProductCostRow>) {
  const canWrite = useCan("write");
  return (
    <CostSection
      title="Product Costs"
      action={
        <Button variant="primary" onClick={onAdd} disabled={!canWrite}>
          Add Product Cost
        </Button>
      }
    >
      <Paged
        page={page}
        noun={["product cost", "product costs"]}
        empty="No product costs added yet"
        headings={[
          { title: "Product" },
          { title: "SKU" },
          { title: "Cost per unit", alignment: "end" },
          { title: "Supplier" },
          { title: "Effective from" },
        ]}
        onPage={onPage}
        row={(c) => [
          c.productName,
          c.sku || "—",
          amount(c.costPerUnitMinor, currency),
          c.supplier || "—",
          c.effectiveFrom,
        ]}
        actions={(c) => <RowActions name={c.productName} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />}
      />
    </CostSection>
  );
}

export function ExpensesCard({ page, currency, onPage, onAdd, onEdit, onDelete }: TableProps<ExpenseRow>) {
  const canWrite = useCan("write");
  return (
    <CostSection
      title="Operating Expenses"
      action={
        <Button variant="primary" onClick={onAdd} disabled={!canWrite}>
          Add Expense
        </Button>
      }
    >
      <Paged
        page={page}
        noun={["expense", "expenses"]}
        empty="No expenses recorded yet"
        headings={[
          { title: "Category" },
          { title: "Description" },
          { title: "Amount", alignment: "end" },
          { title: "Date" },
          { title: "Type" },
        ]}
        onPage={onPage}
        row={(e) => [
          capitalize(e.category),
          e.description,
          amount(e.amountMinor, currency),
          e.date,
          e.recurring ? (
            <Badge tone="info">{`Recurring · ${capitalize(e.recurringInterval ?? "monthly")}`}</Badge>
          ) : (
            <Badge>One-time</Badge>
          ),
        ]}
        actions={(e) => <RowActions name={e.description} onEdit={() => onEdit(e)} onDelete={() => onDelete(e)} />}
      />
    </CostSection>
  );
}
