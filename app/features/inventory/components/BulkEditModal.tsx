// Bulk Actions → Edit planning: the same settings for every selected variant. A blank field
// leaves that setting alone; field errors from the server are shown next to the fields.
import { useFetcher } from "@remix-run/react";
import { Banner, FormLayout } from "@shopify/polaris";
import { CheckboxField, FetcherDialog, FormField, SelectField, useDialogForm } from "~/components/FetcherDialog";

type Result = { ok: boolean; intent?: string; fieldErrors?: Record<string, string[] | undefined>; updated?: number };

type Props = {
  ids: string[] | null;
  /** Set when the edit applies to every variant matching these filters (the URL's query). */
  scopeQuery: string | null;
  total: number;
  suppliers: { id: string; name: string }[];
  onClose: () => void;
  onDone: (updated: number) => void;
};

/** Open while `ids` is set; each opening starts from blank fields. */
export function BulkEditModal(props: Props) {
  return props.ids === null ? null : <BulkEditDialog {...props} ids={props.ids} />;
}

function BulkEditDialog({ ids, scopeQuery, total, suppliers, onClose, onDone }: Props & { ids: string[] }) {
  const fetcher = useFetcher<Result>();
  const form = useDialogForm({
    supplierId: "",
    leadTimeDays: "",
    daysOfStock: "",
    serviceLevel: "",
    reorderPointOverride: "",
    clearOverride: false,
  });
  const idsError = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors?.ids?.[0] : undefined;
  const submit = () => {
    const body = new FormData();
    body.set("intent", "bulk");
    if (scopeQuery !== null) {
      body.set("scope", "filters");
      body.set("query", scopeQuery);
    } else body.set("ids", ids.join(","));
    for (const [k, v] of Object.entries(form.values)) if (v) body.set(k, typeof v === "boolean" ? "1" : v);
    fetcher.submit(body, { method: "post" });
  };
  const keepAsIs = { type: "number" as const, placeholder: "Keep as is" };
  return (
    <FetcherDialog
      title={`Edit planning for ${total.toLocaleString("en-US")} ${total === 1 ? "variant" : "variants"}`}
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(r) => r.ok && r.intent === "bulk" && onDone(r.updated ?? 0)}
      primaryAction={{ content: "Save", onAction: submit }}
    >
      <FormLayout>
        {idsError && <Banner tone="critical">{idsError}</Banner>}
        <SelectField
          name="supplierId"
          label="Supplier"
          options={[{ label: "Keep as is", value: "" }, ...suppliers.map((s) => ({ label: s.name, value: s.id }))]}
        />
        <FormLayout.Group>
          <FormField name="leadTimeDays" label="Lead time (days)" {...keepAsIs} />
          <FormField name="daysOfStock" label="Days of stock" {...keepAsIs} />
        </FormLayout.Group>
        <FormLayout.Group>
          <FormField name="serviceLevel" label="Service level (%)" helpText="50 to 99.9" {...keepAsIs} />
          <FormField
            name="reorderPointOverride"
            label="Reorder point override"
            disabled={form.values.clearOverride}
            {...keepAsIs}
          />
        </FormLayout.Group>
        <CheckboxField
          name="clearOverride"
          label="Clear reorder point overrides (use the computed reorder point)"
          onChange={(checked) => checked && form.set("reorderPointOverride")("")}
        />
      </FormLayout>
    </FetcherDialog>
  );
}
