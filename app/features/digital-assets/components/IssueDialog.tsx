// Issue one item of a collection to a customer by their e-mail; the answer names the item's
// verification page.
import { useFetcher } from "@remix-run/react";
import { FetcherDialog, FormField, useDialogForm } from "~/components/FetcherDialog";
import type { AssetActionResult } from "~/features/digital-assets/schema";

export function IssueDialog({
  collection,
  onClose,
  onDone,
}: {
  collection: { id: string; name: string };
  onClose: () => void;
  onDone: (message: string, verifyPath?: string) => void;
}) {
  const fetcher = useFetcher<AssetActionResult>({ key: `asset-issue-${collection.id}` });
  const form = useDialogForm({ email: "" });
  return (
    <FetcherDialog
      title={`Issue ${collection.name}`}
      fetcher={fetcher}
      form={form}
      onClose={onClose}
      onResult={(r) => {
        if (r.ok) onDone(r.message, r.verifyPath);
      }}
      primaryAction={{
        content: "Issue",
        onAction: () =>
          fetcher.submit(
            { intent: "issue", collectionId: collection.id, email: form.values.email },
            { method: "post" },
          ),
      }}
    >
      <FormField name="email" label="Customer e-mail" type="email" helpText="One item per customer per collection" />
    </FetcherDialog>
  );
}
