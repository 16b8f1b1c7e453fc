// Inventory → Suppliers → Add supplier / Edit: a supplier's lead time, minimum order and case pack.
import { useFetcher } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris";
import { FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";

export type SupplierDraft = Record<
  "id" | "name" | "email" | "leadTimeDays" | "minOrderQty" | "casePack" | "currency",
  string
>;

type Result = { ok: boolean; fieldErrors?: Record<string, string[] | undefined> };

export function SupplierDialog({
  draft,
  onClose,
  onSaved,
}: {
  draft: SupplierDraft;
  onClose: () => void;
  onSaved: () => void;
}) {
  const fetcher = useFetcher<Result>();
  const form = useDialogForm(draft);
  return (
    <FetcherDialog
      title={draft.id ? "Edit supplier" : "Add supplier"}
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(r) => r.ok && onSaved()}
      primaryAction={{ content: "Save", onAction: () => fetcher.submit(form.values, { method: "post" }) }}
    >
      <FormLayout>
        <FormField name="name" label="Name" />
        <FormField name="email" label="Order e-mail" type="email" />
        <FormLayout.Group>
          <FormField name="leadTimeDays" label="Lead time (days)" type="number" />
          <FormField name="minOrderQty" label="Minimum order" type="number" />
          <FormField name="casePack" label="Case pack" type="number" />
        </FormLayout.Group>
        <FormField name="currency" label="Currency" />
      </FormLayout>
    </FetcherDialog>
  );
}
