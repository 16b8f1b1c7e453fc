// The Costs screen's dialogs, one open at a time: add or edit a product cost or an expense,
// and the confirmation before deleting one.
import { formatMoney } from "~/lib/money";
import { ProductCostDialog } from "~/features/profit/components/ProductCostDialog";
import { ExpenseDialog } from "~/features/profit/components/ExpenseDialog";
import { ConfirmDeleteDialog } from "~/features/profit/components/ConfirmDeleteDialog";
import type { COSTS_TOASTS } from "~/features/profit/components/costs-screen";
import type { ExpenseRow, ProductCostRow } from "~/features/profit/components/CostTables";

export type CostsDialogState =
  | null
  | { kind: "cost"; prefill: { productName: string; sku: string } | null }
  | { kind: "cost"; editing: ProductCostRow }
  | { kind: "expense"; editing?: ExpenseRow }
  | { kind: "deleteCost"; target: ProductCostRow }
  | { kind: "deleteExpense"; target: ExpenseRow };

type Report = (kind: keyof typeof COSTS_TOASTS) => (ok: boolean) => void;

export function CostsDialogs({
  state,
  today,
  currency,
  onClose,
  report,
}: {
  state: CostsDialogState;
  today: string;
  currency: string;
  onClose: () => void;
  report: Report;
}) {
  if (!state) return null;
  if (state.kind === "cost") {
    const editing = "editing" in state ? state.editing : null;
    return (
      <ProductCostDialog
        prefill={
          editing
            ? {
                productName: editing.productName,
                sku: editing.sku ?? "",
                costPerUnit: editing.costPerUnit,
                supplier: editing.supplier ?? "",
                effectiveFrom: editing.effectiveFrom,
              }
            : "prefill" in state
              ? state.prefill
              : null
        }
        editingId={editing?.id}
        today={today}
        onClose={onClose}
        onDone={report(editing ? "updateProductCost" : "addProductCost")}
      />
    );
  }
  if (state.kind === "expense") {
    const e = state.editing;
    return (
      <ExpenseDialog
        today={today}
        editing={
          e
            ? {
                id: e.id,
                values: {
                  category: e.category,
                  description: e.description,
                  amount: e.amount,
                  date: e.date,
                  recurring: e.recurring,
                  recurringInterval: e.recurringInterval ?? "monthly",
                },
              }
            : undefined
        }
        onClose={onClose}
        onDone={report(e ? "updateExpense" : "addExpense")}
      />
    );
  }
  if (state.kind === "deleteCost")
    return (
      <ConfirmDeleteDialog
        intent="deleteProductCost"
        id={state.target.id}
        title="Delete product cost?"
        body={`The cost of ${formatMoney(state.target.costPerUnitMinor, currency)} for ${state.target.productName} from ${state.target.effectiveFrom} will be removed, and profit recalculated without it. This cannot be undone.`}
        onClose={onClose}
        onDone={report("deleteProductCost")}
      />
    );
  return (
    <ConfirmDeleteDialog
      intent="deleteExpense"
      id={state.target.id}
      title="Delete expense?"
      body={`"${state.target.description}" (${formatMoney(state.target.amountMinor, currency)}) will be removed, and profit recalculated without it. This cannot be undone.`}
      onClose={onClose}
      onDone={report("deleteExpense")}
    />
  );
}
