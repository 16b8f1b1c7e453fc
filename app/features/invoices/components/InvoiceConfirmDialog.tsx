// Confirms what cannot be undone on an invoice: mark as paid, void (destructive) and
// delete a draft (destructive). Shown in place of the detail dialog, one modal at a time.
import { Text } from "@shopify/polaris";
import { Modal } from "~/components/Modal";

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
  invoice: { invoiceNumber: string; customerName: string; total: string };
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function InvoiceConfirmDialog({ intent, invoice, busy, onConfirm, onCancel }: Props) {
  const copy = COPY[intent];
  const fill = (text: string) =>
    text
      .replace("{n}", invoice.invoiceNumber)
      .replace("{customer}", invoice.customerName)
      .replace("{total}", invoice.total);
  return (
    <Modal
      open
      onClose={onCancel}
      title={fill(copy.title)}
      primaryAction={{
        content: copy.action,
        destructive: copy.destructive,
        loading: busy,
        disabled: busy,
        onAction: onConfirm,
      }}
      secondaryActions={[{ content: "Cancel", onAction: onCancel, disabled: busy }]}
    >
      <Modal.Section>
        <Text as="p">{fill(copy.body)}</Text>
      </Modal.Section>
    </Modal>
  );
}
