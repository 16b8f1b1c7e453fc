// Confirms what cannot be undone on an invoice: mark as paid, void (destructive) and
// delete a draft (destructive), and posts it. Shown in place of the detail dialog, one modal
// at a time; a refusal (403) is a toast and the dialog stays open.
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";
import type { ActionResult } from "~/features/invoices/screen";

export type ConfirmIntent = "markPaid" | "void" | "delete";

const COPY: Record<ConfirmIntent, { title: string; action: string; body: string; destructive: boolean }> = {
  markPaid: {
    title: "Mark {n} as paid?",
    action: "Mark as paid",
    body: "Record that {customer} paid {total}. Reminders stop, and the invoice can no longer be voided.",
    destructive: false,
  },
  void: {
    title: "Void {n}?",
    action: "Void invoice",
    body: "The invoice is cancelled and can no longer be paid; its number stays taken. This cannot be undone.",
    destructive: true,
  },
  delete: {
    title: "Delete draft {n}?",
    action: "Delete draft",
    body: "The draft is removed for good. It was never sent, so {customer} has not seen it.",
    destructive: true,
  },
};

type Props = {
  intent: ConfirmIntent;
  invoice: { id: string; invoiceNumber: string; customerName: string; total: string };
  /** The answer to the confirmed action (not a refusal). */
  onDone: (result: ActionResult) => void;
  onCancel: () => void;
};

export function InvoiceConfirmDialog({ intent, invoice, onDone, onCancel }: Props) {
  const fetcher = useFetcher<ActionResult>({ key: "invoice-confirm" });
  const copy = COPY[intent];
  const fill = (text: string) =>
    text
      .replace("{n}", invoice.invoiceNumber)
      .replace("{customer}", invoice.customerName)
      .replace("{total}", invoice.total);
  return (
    <FetcherDialog
      title={fill(copy.title)}
      fetcher={fetcher}
      onClose={onCancel}
      onResult={onDone}
      primaryAction={{
        content: copy.action,
        destructive: copy.destructive,
        disabled: fetcher.state !== "idle",
        onAction: () => fetcher.submit({ intent, invoiceId: invoice.id }, { method: "post" }),
      }}
    >
      <Text as="p">{fill(copy.body)}</Text>
    </FetcherDialog>
  );
}
