// The Costs screen's confirmation before deleting a product cost or an expense (it cannot be undone).
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";
import type { CostsActionResult } from "~/features/profit/components/costs-screen";

type Props = {
  intent: "deleteProductCost" | "deleteExpense" | "deleteFeeRule" | "deleteShippingRule";
  id: string;
  title: string;
  body: string;
  onClose: () => void;
  onDone: (ok: boolean) => void;
};

export function ConfirmDeleteDialog({ intent, id, title, body, onClose, onDone }: Props) {
  const fetcher = useFetcher<CostsActionResult>({ key: "confirm-delete" });
  return (
    <FetcherDialog
      title={title}
      fetcher={fetcher}
      onClose={onClose}
      onResult={(result) => {
        onClose();
        onDone(result.ok);
      }}
      primaryAction={{
        content: "Delete",
        destructive: true,
        onAction: () => fetcher.submit({ intent, id }, { method: "post" }),
      }}
    >
      <Text as="p">{body}</Text>
    </FetcherDialog>
  );
}
