// Loyalty → Add tier / Edit tier. The first press previews how many members move ("N customers
// move up, M down"); saving is offered once the preview for the current values is shown.
import { useFetcher } from "@remix-run/react";
import { Banner, FormLayout } from "@shopify/polaris";
import { useState } from "react";
import { FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";
import type { TierView } from "~/features/loyalty/program.server";
import {
  asOfSentence,
  movesSentence,
  type LoyaltyActionResult,
  type Notice,
} from "~/features/loyalty/components/notices";

export function TierDialog({
  editing,
  onClose,
  onDone,
}: {
  editing: TierView | null;
  onClose: () => void;
  onDone: (notice: Notice) => void;
}) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-tier" });
  // Edit starts empty: an empty field keeps the tier's value (the spec's rule); placeholders show it.
  const form = useDialogForm({ name: "", minSpend: "", benefits: "", multiplier: "", effectiveOn: "" });
  const [previewed, setPreviewed] = useState<string | null>(null);
  const key = JSON.stringify(form.values);
  const fields = { ...form.values, ...(editing ? { id: editing.id } : {}) };
  const r = fetcher.data;
  const preview = r?.ok && r.preview && previewed === key ? r.preview : null;
  return (
    <FetcherDialog
      title={editing ? `Edit ${editing.name}` : "Add tier"}
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(answer) => {
        if (answer.ok && answer.intent === "previewTier") setPreviewed(key);
        if (answer.ok && answer.notice) {
          form.reset();
          onDone(answer.notice);
          onClose();
        }
      }}
      primaryAction={
        preview
          ? {
              content: editing ? "Save tier" : "Add tier",
              onAction: () =>
                fetcher.submit({ intent: editing ? "editTier" : "addTier", ...fields }, { method: "post" }),
            }
          : {
              content: "Preview changes",
              onAction: () =>
                fetcher.submit(
                  { intent: "previewTier", mode: editing ? "edit" : "add", ...fields },
                  { method: "post" },
                ),
            }
      }
    >
      <FormLayout>
        <FormField name="name" label="Tier name" placeholder={editing?.name ?? "New Tier"} />
        <FormField
          name="minSpend"
          label="Minimum spend"
          type="number"
          placeholder={editing ? String(editing.minSpend) : "0"}
        />
        <FormField
          name="benefits"
          label="Benefits (one per line)"
          multiline={3}
          placeholder={editing?.benefitList.join("\n")}
        />
        <FormField
          name="multiplier"
          label="Points multiplier"
          type="number"
          step={0.1}
          placeholder={editing ? String(editing.multiplier) : "1"}
        />
        {editing && (
          <FormField
            name="effectiveOn"
            label="Minimum spend and multiplier take effect on"
            type="date"
            helpText="Leave empty for now. Until that day, points are earned at the current values; the preview counts the moves as of that day."
          />
        )}
      </FormLayout>
      {preview && (
        <Banner tone="info" title={preview.asOf ? `Preview as of ${preview.asOf}` : "Preview"}>
          <p>{movesSentence(preview)}</p>
          {asOfSentence(preview.asOf) && <p>{asOfSentence(preview.asOf)}</p>}
        </Banner>
      )}
    </FetcherDialog>
  );
}
