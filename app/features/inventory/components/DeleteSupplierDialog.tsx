// Asks before deleting a supplier (only one without open purchase orders can be deleted; the
// answer's reason otherwise shows in the dialog's banner). Keyed by the supplier by its screen,
// so each one starts without an earlier answer.
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";

type Result = { ok: boolean; fieldErrors?: Record<string, string[] | undefined> };

export function DeleteSupplierDialog({
  supplier,
  onClose,
  onDeleted,
}: {
  supplier: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted: (name: string) => void;
}) {
  const fetcher = useFetcher<Result>();
  if (!supplier) return null;
  return (
    <FetcherDialog
      title={`Delete ${supplier.name}?`}
      fetcher={fetcher}
      onClose={onClose}
      onResult={(result) => result.ok && onDeleted(supplier.name)}
      primaryAction={{
        content: "Delete supplier",
        destructive: true,
        onAction: () => fetcher.submit({ intent: "delete", id: supplier.id }, { method: "post" }),
      }}
    >
      <Text as="p">
        The variants it supplies lose their supplier: their lead time, minimum order and case pack fall back to your
        planning defaults. Received and cancelled purchase orders keep their lines.
      </Text>
    </FetcherDialog>
  );
}
