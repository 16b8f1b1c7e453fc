// Bulk Actions → Edit planning: the same settings for every selected variant. A blank field
// leaves that setting alone; field errors from the server are shown next to the fields.
import { Banner, Checkbox, FormLayout, Select, TextField } from "@shopify/polaris";
import { Modal } from "~/components/Modal";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";

type Result = { ok: boolean; intent?: string; fieldErrors?: Record<string, string[] | undefined>; updated?: number };

const EMPTY = {
  supplierId: "",
  leadTimeDays: "",
  daysOfStock: "",
  serviceLevel: "",
  reorderPointOverride: "",
  clearOverride: false,
};

export function BulkEditModal({
  ids,
  scopeQuery,
  total,
  suppliers,
  onClose,
  onDone,
}: {
  ids: string[] | null;
  /** Set when the edit applies to every variant matching these filters (the URL's query). */
  scopeQuery: string | null;
  total: number;
  suppliers: { id: string; name: string }[];
  onClose: () => void;
  onDone: (updated: number) => void;
}) {
  const fetcher = useFetcher<Result>();
  const [form, setForm] = useState(EMPTY);
  const open = ids !== null;
  useEffect(() => {
    if (open) setForm(EMPTY);
  }, [open]);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok && result.intent === "bulk") onDone(result.updated ?? 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  const err = (k: string) => (result && !result.ok ? result.fieldErrors?.[k]?.[0] : undefined);
  const submit = () => {
    const body = new FormData();
    body.set("intent", "bulk");
    if (scopeQuery !== null) {
      body.set("scope", "filters");
      body.set("query", scopeQuery);
    } else body.set("ids", (ids ?? []).join(","));
    for (const [k, v] of Object.entries(form))
      if (typeof v === "string" ? v : v) body.set(k, v === true ? "1" : String(v));
    fetcher.submit(body, { method: "post" });
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Edit planning for ${total.toLocaleString("en-US")} ${total === 1 ? "variant" : "variants"}`}
      primaryAction={{ content: "Save", onAction: submit, loading: fetcher.state !== "idle" }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          {(err("_form") || err("ids")) && <Banner tone="critical">{err("_form") ?? err("ids")}</Banner>}
          <Select
            label="Supplier"
            options={[{ label: "Keep as is", value: "" }, ...suppliers.map((s) => ({ label: s.name, value: s.id }))]}
            value={form.supplierId}
            onChange={(v) => setForm({ ...form, supplierId: v })}
            error={err("supplierId")}
          />
          <FormLayout.Group>
            <TextField
              label="Lead time (days)"
              type="number"
              autoComplete="off"
              placeholder="Keep as is"
              value={form.leadTimeDays}
              onChange={(v) => setForm({ ...form, leadTimeDays: v })}
              error={err("leadTimeDays")}
            />
            <TextField
              label="Days of stock"
              type="number"
              autoComplete="off"
              placeholder="Keep as is"
              value={form.daysOfStock}
              onChange={(v) => setForm({ ...form, daysOfStock: v })}
              error={err("daysOfStock")}
            />
          </FormLayout.Group>
          <FormLayout.Group>
            <TextField
              label="Service level (%)"
              type="number"
              autoComplete="off"
              placeholder="Keep as is"
              value={form.serviceLevel}
              onChange={(v) => setForm({ ...form, serviceLevel: v })}
              error={err("serviceLevel")}
              helpText="50 to 99.9"
            />
            <TextField
              label="Reorder point override"
              type="number"
              autoComplete="off"
              placeholder="Keep as is"
              value={form.reorderPointOverride}
              disabled={form.clearOverride}
              onChange={(v) => setForm({ ...form, reorderPointOverride: v })}
              error={err("reorderPointOverride")}
            />
          </FormLayout.Group>
          <Checkbox
            label="Clear reorder point overrides (use the computed reorder point)"
            checked={form.clearOverride}
            onChange={(c) => setForm({ ...form, clearOverride: c, reorderPointOverride: "" })}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
