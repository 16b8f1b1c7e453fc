// Asks before cancelling a purchase order, then posts the cancel: the page's data reloads with
// the order cancelled and a toast says so; a refusal (403) is a toast and nothing changes.
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";
import { useToast } from "~/components/toasts";

type Result = { ok: boolean; message?: string; fieldErrors?: Record<string, string[] | undefined> };

export function CancelOrderDialog({ label, onClose }: { label: string; onClose: () => void }) {
  const fetcher = useFetcher<Result>({ key: "po-cancel" });
  const toast = useToast();
  return (
    <FetcherDialog
      title={`Cancel ${label}?`}
      fetcher={fetcher}
      onClose={onClose}
      cancelContent="Keep it"
      onResult={(result) => {
        if (!result.ok) return;
        toast({ content: result.message ?? "Purchase order cancelled" });
        onClose();
      }}
      primaryAction={{
        content: "Cancel order",
        destructive: true,
        onAction: () => fetcher.submit({ intent: "cancel" }, { method: "post" }),
      }}
    >
      <Text as="p">What has not been received stops counting as on order. This cannot be undone.</Text>
    </FetcherDialog>
  );
}
