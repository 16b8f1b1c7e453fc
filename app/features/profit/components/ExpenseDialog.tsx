// "Add Expense" / "Edit Expense": category, description, amount, date, and whether it recurs.
// The shared schema runs as the merchant types (a field's error once it has a value); the
// server's answer shows on the same fields.
import { useFetcher } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris";
import { useMemo } from "react";
import { CheckboxField, FetcherDialog, FormField, SelectField, useDialogForm } from "~/components/FetcherDialog";
import { fieldErrorsOf } from "~/lib/forms";
import { EXPENSE_CATEGORIES, operatingExpenseSchema } from "~/features/profit/costs-schema";
import { EXPENSE_INTERVALS } from "~/features/profit/profit";
import { capitalize, type CostsActionResult } from "~/features/profit/components/costs-screen";

export type ExpenseValues = {
  category: string;
  description: string;
  amount: string;
  date: string;
  recurring: boolean;
  recurringInterval: string;
};

type Props = {
  today: string;
  /** The expense being edited; a new one when absent. */
  editing?: { id: string; values: ExpenseValues };
  onClose: () => void;
  onDone: (ok: boolean) => void;
};

export function ExpenseDialog({ today, editing, onClose, onDone }: Props) {
  const fetcher = useFetcher<CostsActionResult>({ key: "expense-dialog" });
  const form = useDialogForm<ExpenseValues>(
    editing?.values ?? {
      category: "other",
      description: "",
      amount: "",
      date: today,
      recurring: false,
      recurringInterval: "monthly",
    },
  );
  const { values } = form;
  // The interval is sent only for a recurring expense.
  const payload = useMemo(() => {
    const { recurringInterval, ...rest } = values;
    return { ...rest, recurring: String(values.recurring), ...(values.recurring ? { recurringInterval } : {}) };
  }, [values]);
  const check = useMemo(() => operatingExpenseSchema.safeParse(payload), [payload]);
  const found = check.success ? {} : fieldErrorsOf(check.error);
  // Description and amount are checked once typed in, not while still empty.
  if (values.description === "") delete found.description;
  if (values.amount === "") delete found.amount;
  const submitting = fetcher.state !== "idle";
  const canSave = values.description.trim() !== "" && values.amount.trim() !== "";

  return (
    <FetcherDialog
      title={editing ? "Edit Expense" : "Add Expense"}
      fetcher={fetcher}
      form={form}
      errors={found}
      onClose={onClose}
      onResult={(result) => {
        if (result.ok) onClose();
        onDone(result.ok);
      }}
      primaryAction={{
        content: submitting ? "Saving..." : "Save Expense",
        disabled: !canSave || submitting,
        onAction: () =>
          fetcher.submit(
            editing ? { intent: "updateExpense", id: editing.id, ...payload } : { intent: "addExpense", ...payload },
            { method: "post" },
          ),
      }}
    >
      <FormLayout>
        <SelectField
          name="category"
          label="Category"
          options={EXPENSE_CATEGORIES.map((c) => ({ label: capitalize(c), value: c }))}
        />
        <FormField name="description" label="Description" requiredIndicator />
        <FormLayout.Group>
          <FormField name="amount" label="Amount" type="number" min={0} step={0.01} requiredIndicator />
          <FormField name="date" label="Date" type="date" />
        </FormLayout.Group>
        <CheckboxField name="recurring" label="Recurring expense" />
        {values.recurring && (
          <SelectField
            name="recurringInterval"
            label="Repeats"
            options={EXPENSE_INTERVALS.map((i) => ({ label: capitalize(i), value: i }))}
          />
        )}
      </FormLayout>
    </FetcherDialog>
  );
}
