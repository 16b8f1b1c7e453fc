// "Add Product Cost" / "Edit Product Cost": product, SKU, cost per unit, supplier, the day it applies from.
import { useFetcher } from "@remix-run/react";
import { FormLayout, TextField } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { useMemo, useState } from "react";
import { useFetcherResult } from "~/components/useFetcherResult";
import { fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { productCostSchema } from "~/features/profit/costs-schema";
import type { CostsActionResult } from "~/features/profit/components/costs-screen";

type Props = {
  /** Values to start from: a missing-cost variant's name and SKU, or the cost being edited. */
  prefill: Partial<{
    productName: string;
    sku: string;
    costPerUnit: string;
    supplier: string;
    effectiveFrom: string;
  }> | null;
  /** The id of the cost being edited; a new cost when absent. */
  editingId?: string;
  today: string;
  onClose: () => void;
  onDone: (ok: boolean) => void;
};

export function ProductCostDialog({ prefill, editingId, today, onClose, onDone }: Props) {
  const fetcher = useFetcher<CostsActionResult>({ key: "product-cost-dialog" });
  const [values, setValues] = useState(() => ({
    productName: "",
    sku: "",
    costPerUnit: "",
    supplier: "",
    effectiveFrom: today,
    ...(prefill ?? {}),
  }));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  useFetcherResult(fetcher, (result) => {
    if (result.ok) onClose();
    else setServerErrors(result.fieldErrors);
    onDone(result.ok);
  });
  const check = useMemo(() => productCostSchema.safeParse(values), [values]);
  const clientErrors = check.success ? {} : fieldErrorsOf(check.error);
  const errorFor = (field: keyof typeof values) =>
    serverErrors[field]?.[0] ?? (values[field] ? clientErrors[field]?.[0] : undefined);
  const set = (field: keyof typeof values) => (v: string) => {
    setValues((prev) => ({ ...prev, [field]: v }));
    setServerErrors((prev) => ({ ...prev, [field]: undefined }));
  };
  const submitting = fetcher.state !== "idle";
  const canSave = values.productName.trim() !== "" && values.costPerUnit.trim() !== "";

  return (
    <Modal
      open
      onClose={onClose}
      title={editingId ? "Edit Product Cost" : "Add Product Cost"}
      primaryAction={{
        content: submitting ? "Saving..." : "Save Product Cost",
        disabled: !canSave || submitting,
        loading: submitting,
        onAction: () =>
          fetcher.submit(
            editingId
              ? { intent: "updateProductCost", id: editingId, ...values }
              : { intent: "addProductCost", ...values },
            { method: "post" },
          ),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField
            label="Product name"
            value={values.productName}
            onChange={set("productName")}
            autoComplete="off"
            requiredIndicator
            error={errorFor("productName")}
          />
          <FormLayout.Group>
            <TextField
              label="SKU"
              value={values.sku}
              onChange={set("sku")}
              autoComplete="off"
              helpText="Matches the product's variants by SKU"
              error={errorFor("sku")}
            />
            <TextField
              label="Cost per unit"
              type="number"
              min={0}
              step={0.01}
              value={values.costPerUnit}
              onChange={set("costPerUnit")}
              autoComplete="off"
              requiredIndicator
              error={errorFor("costPerUnit")}
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField
              label="Supplier"
              value={values.supplier}
              onChange={set("supplier")}
              autoComplete="off"
              error={errorFor("supplier")}
            />
            <TextField
              label="Effective from"
              type="date"
              value={values.effectiveFrom}
              onChange={set("effectiveFrom")}
              autoComplete="off"
              helpText="Sales from this day use this cost"
              error={errorFor("effectiveFrom")}
            />
          </FormLayout.Group>
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
