// Asks before deleting a collection, which cannot be undone; only one that has issued nothing
// offers it (one that has issued is paused instead, so its items stay verifiable).
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";
import type { AssetActionResult } from "~/features/digital-assets/schema";

export function DeleteCollectionDialog({
  collection,
  onClose,
  onDone,
}: {
  collection: { id: string; name: string };
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const fetcher = useFetcher<AssetActionResult>({ key: `asset-delete-${collection.id}` });
  return (
    <FetcherDialog
      title={`Delete “${collection.name}”?`}
      fetcher={fetcher}
      onClose={onClose}
      onResult={(r) => r.ok && onDone(r.message)}
      primaryAction={{
        content: "Delete",
        destructive: true,
        onAction: () => fetcher.submit({ intent: "deleteCollection", collectionId: collection.id }, { method: "post" }),
      }}
    >
      <Text as="p">The collection has issued nothing; deleting it cannot be undone.</Text>
    </FetcherDialog>
  );
}
