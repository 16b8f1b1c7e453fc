// One invoice in a dialog over the list: its figures, history and what the merchant
// may do next (send, mark paid, void, delete a draft, stop recurring, download the PDF).
// Mark as paid, void and delete ask first (InvoiceConfirmDialog, in place of this one).
import { useFetcher } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris";
import { useState } from "react";
import { FetcherDialog } from "~/components/FetcherDialog";
import { formatMoney } from "~/lib/money";
import { TOAST, type ActionResult, type InvoiceDetailData, type ToastState } from "~/features/invoices/screen";
import { InvoiceConfirmDialog, type ConfirmIntent } from "~/features/invoices/components/InvoiceConfirmDialog";
import { InvoiceDetailSummary } from "~/features/invoices/components/InvoiceDetailSummary";
import { InvoiceHistory } from "~/features/invoices/components/InvoiceHistory";
import { DisabledReason, useDisabledReason } from "~/features/team";

const DONE: Record<string, string> = {
  void: TOAST.voided,
  stopRecurring: TOAST.recurringStopped,
  markPaid: TOAST.paid,
  delete: TOAST.deleted,
};

/** Downloads the PDF with fetch (not a plain link) so the embedded app's session token is attached. */
async function downloadPdf(storeId: string, invoice: InvoiceDetailData) {
  const res = await fetch(`/api/stores/${storeId}/invoices/${invoice.id}/pdf`);
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = `invoice-${invoice.invoiceNumber}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Props = {
  storeId: string;
  invoice: InvoiceDetailData;
  onClose: () => void;
  onSend: (id: string) => void;
  onToast: (toast: ToastState) => void;
};

export function InvoiceDetailDialog({ storeId, invoice: d, onClose, onSend, onToast }: Props) {
  const fetcher = useFetcher<ActionResult>();
  const [downloading, setDownloading] = useState(false);
  const refused = useDisabledReason("write", "send or change invoices");
  const canWrite = !refused;
  const [confirm, setConfirm] = useState<ConfirmIntent | null>(null);
  const report = (result: ActionResult) => {
    setConfirm(null);
    onToast(
      result.ok
        ? { content: DONE[result.intent] ?? TOAST.paid }
        : { content: `Error — ${result.message}`, error: true },
    );
    if (result.ok && result.intent === "delete") onClose();
  };
  const busy = fetcher.state !== "idle";
  const download = async () => {
    setDownloading(true);
    try {
      await downloadPdf(storeId, d);
    } catch {
      onToast({ content: "Error — The PDF could not be downloaded.", error: true });
    } finally {
      setDownloading(false);
    }
  };
  const blocked = busy || !canWrite;
  const secondary = [
    ...(d.actions.includes("markPaid")
      ? [{ content: "Mark as paid", disabled: blocked, onAction: () => setConfirm("markPaid") }]
      : []),
    ...(d.actions.includes("void")
      ? [{ content: "Void", destructive: true, disabled: blocked, onAction: () => setConfirm("void") }]
      : []),
    ...(d.status === "draft"
      ? [{ content: "Delete draft", destructive: true, disabled: blocked, onAction: () => setConfirm("delete") }]
      : []),
    {
      content: downloading ? "Preparing PDF..." : "Download PDF",
      disabled: downloading,
      onAction: () => void download(),
    },
  ];

  if (confirm)
    return (
      <InvoiceConfirmDialog
        intent={confirm}
        invoice={{ ...d, total: formatMoney(d.totalMinor, d.currency) }}
        onDone={report}
        onCancel={() => setConfirm(null)}
      />
    );
  return (
    <FetcherDialog
      title={`Invoice ${d.invoiceNumber}`}
      size="large"
      fetcher={fetcher}
      onClose={onClose}
      onResult={report}
      primaryAction={
        d.status === "draft"
          ? { content: "Send Invoice", disabled: !canWrite, onAction: () => onSend(d.id) }
          : undefined
      }
      secondaryActions={secondary}
      cancelContent="Close"
    >
      <BlockStack gap="400">
        <DisabledReason reason={refused} />
        <InvoiceDetailSummary invoice={d} />
        <InvoiceHistory
          invoice={d}
          busy={busy}
          onStopRecurring={() => fetcher.submit({ intent: "stopRecurring", invoiceId: d.id }, { method: "post" })}
        />
      </BlockStack>
    </FetcherDialog>
  );
}
