// "Add Expense" / "Edit Expense": category, description, amount, date, and whether it recurs.
import { useFetcher } from "@remix-run/react";
import { Checkbox, FormLayout, Select, TextField } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { useMemo, useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import { fieldErrorsOf, type FieldErrors } from "~/lib/forms";
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
  const [values, setValues] = useState<ExpenseValues>(
    () =>
      editing?.values ?? {
        category: "other",
        description: "",
        amount: "",
        date: today,
        recurring: false,
        recurringInterval: "monthly",
      },
  );
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  useFetcherResult(fetcher, (result) => {
    if (result.ok) onClose();
    else setServerErrors(result.fieldErrors);
    onDone(result.ok);
  });
  // The interval is sent only for a recurring expense.
  const payload = useMemo(() => {
    const { recurringInterval, ...rest } = values;
    return { ...rest, recurring: String(values.recurring), ...(values.recurring ? { recurringInterval } : {}) };
  }, [values]);
  const check = useMemo(() => operatingExpenseSchema.safeParse(payload), [payload]);
  const clientErrors = check.success ? {} : fieldErrorsOf(check.error);
  const errorFor = (field: string, touched: boolean) =>
    serverErrors[field]?.[0] ?? (touched ? clientErrors[field]?.[0] : undefined);
  const set = (field: keyof typeof values) => (v: string | boolean) => {
    setValues((prev) => ({ ...prev, [field]: v }));
    setServerErrors((prev) => ({ ...prev, [field]: undefined }));
  };
  const submitting = fetcher.state !== "idle";
  const canSave = values.description.trim() !== "" && values.amount.trim() !== "";

  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? "Edit Expense" : "Add Expense"}
      primaryAction={{
        content: submitting ? "Saving..." : "Save Expense",
        disabled: !canSave || submitting,
        loading: submitting,
        onAction: () =>
          fetcher.submit(
            editing ? { intent: "updateExpense", id: editing.id, ...payload } : { intent: "addExpense", ...payload },
            { method: "post" },
          ),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <Select
            label="Category"
            options={EXPENSE_CATEGORIES.map((c) => ({ label: capitalize(c), value: c }))}
            value={values.category}
            onChange={set("category")}
            error={errorFor("category", true)}
          />
          <TextField
            label="Description"
            value={values.description}
            onChange={set("description")}
            autoComplete="off"
            requiredIndicator
            error={errorFor("description", values.description !== "")}
          />
          <FormLayout.Group>
            <TextField
              label="Amount"
              type="number"
              min={0}
              step={0.01}
              value={values.amount}
              onChange={set("amount")}
              autoComplete="off"
              requiredIndicator
              error={errorFor("amount", values.amount !== "")}
            />
            <TextField
              label="Date"
              type="date"
              value={values.date}
              onChange={set("date")}
              autoComplete="off"
              error={errorFor("date", true)}
            />
          </FormLayout.Group>
          <Checkbox label="Recurring expense" checked={values.recurring} onChange={(v) => set("recurring")(v)} />
          {values.recurring && (
            <Select
              label="Repeats"
              options={EXPENSE_INTERVALS.map((i) => ({ label: capitalize(i), value: i }))}
              value={values.recurringInterval}
              onChange={set("recurringInterval")}
            />
          )}
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
