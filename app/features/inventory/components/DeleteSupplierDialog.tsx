// Asks before deleting a supplier (only one without open purchase orders can be deleted).
// Keyed by the supplier by its screen, so each one starts without an earlier answer.
import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { Modal } from "~/components/Modal";

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
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok && supplier) onDeleted(supplier.name);
  }, [result, supplier, onDeleted]);
  const error = result && !result.ok ? Object.values(result.fieldErrors ?? {}).flat()[0] : undefined;
  return (
    <Modal
      open={supplier !== null}
      onClose={onClose}
      title={`Delete ${supplier?.name ?? "supplier"}?`}
      primaryAction={{
        content: "Delete supplier",
        destructive: true,
        loading: fetcher.state !== "idle",
        onAction: () => supplier && fetcher.submit({ intent: "delete", id: supplier.id }, { method: "post" }),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          {error && <Banner tone="critical">{error}</Banner>}
          <Text as="p">
            The variants it supplies lose their supplier: their lead time, minimum order and case pack fall back to your
            planning defaults. Received and cancelled purchase orders keep their lines.
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
