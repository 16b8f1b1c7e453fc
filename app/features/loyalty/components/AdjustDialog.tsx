// Loyalty → Adjust points: points added or taken for one customer, the reason kept in the ledger.
import { useFetcher } from "@remix-run/react";
import { FormLayout } from "@shopify/polaris";
import { FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";
import { closeOnNotice, type LoyaltyActionResult, type Notice } from "~/features/loyalty/components/notices";

export function AdjustDialog({ onClose, onDone }: { onClose: () => void; onDone: (notice: Notice) => void }) {
  const fetcher = useFetcher<LoyaltyActionResult>({ key: "loyalty-adjust" });
  const form = useDialogForm({ email: "", points: "", reason: "" });
  return (
    <FetcherDialog
      title="Adjust points"
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={closeOnNotice(onDone, onClose)}
      primaryAction={{
        content: "Record adjustment",
        onAction: () => fetcher.submit({ intent: "adjust", ...form.values }, { method: "post" }),
      }}
    >
      <FormLayout>
        <FormField name="email" label="Customer e-mail" type="email" />
        <FormField name="points" label="Points (negative to take)" type="number" />
        <FormField name="reason" label="Reason" />
      </FormLayout>
    </FetcherDialog>
  );
}
