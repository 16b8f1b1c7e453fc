// "Add Product Cost" / "Edit Product Cost": product, SKU, cost per unit, supplier, the day it applies from.
// The shared schema runs as the merchant types (a field's error once it has a value); the
// server's answer shows on the same fields.
import { useFetcher } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris";
import { useMemo } from "react";
import { FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";
import { fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { productCostSchema } from "~/features/profit/costs-schema";
import type { CostsActionResult } from "~/features/profit/components/costs-screen";

type CostValues = { productName: string; sku: string; costPerUnit: string; supplier: string; effectiveFrom: string };

type Props = {
  /** Values to start from: a missing-cost variant's name and SKU, or the cost being edited. */
  prefill: Partial<CostValues> | null;
  /** The id of the cost being edited; a new cost when absent. */
  editingId?: string;
  today: string;
  onClose: () => void;
  onDone: (ok: boolean) => void;
};

export function ProductCostDialog({ prefill, editingId, today, onClose, onDone }: Props) {
  const fetcher = useFetcher<CostsActionResult>({ key: "product-cost-dialog" });
  const form = useDialogForm<CostValues>({
    productName: "",
    sku: "",
    costPerUnit: "",
    supplier: "",
    effectiveFrom: today,
    ...(prefill ?? {}),
  });
  const { values } = form;
  const check = useMemo(() => productCostSchema.safeParse(values), [values]);
  const found: FieldErrors = check.success
    ? {}
    : Object.fromEntries(
        Object.entries(fieldErrorsOf(check.error)).filter(([field]) => values[field as keyof CostValues]),
      );
  const submitting = fetcher.state !== "idle";
  const canSave = values.productName.trim() !== "" && values.costPerUnit.trim() !== "";

  return (
    <FetcherDialog
      title={editingId ? "Edit Product Cost" : "Add Product Cost"}
      fetcher={fetcher}
      form={form}
      errors={found}
      onClose={onClose}
      onResult={(result) => {
        if (result.ok) onClose();
        onDone(result.ok);
      }}
      primaryAction={{
        content: submitting ? "Saving..." : "Save Product Cost",
        disabled: !canSave || submitting,
        onAction: () =>
          fetcher.submit(
            editingId
              ? { intent: "updateProductCost", id: editingId, ...values }
              : { intent: "addProductCost", ...values },
            { method: "post" },
          ),
      }}
    >
      <FormLayout>
        <FormField name="productName" label="Product name" requiredIndicator />
        <FormLayout.Group>
          <FormField name="sku" label="SKU" helpText="Matches the product's variants by SKU" />
          <FormField name="costPerUnit" label="Cost per unit" type="number" min={0} step={0.01} requiredIndicator />
        </FormLayout.Group>
        <FormLayout.Group>
          <FormField name="supplier" label="Supplier" />
          <FormField
            name="effectiveFrom"
            label="Effective from"
            type="date"
            helpText="Sales from this day use this cost"
          />
        </FormLayout.Group>
      </FormLayout>
    </FetcherDialog>
  );
}
