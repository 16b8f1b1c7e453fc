// Confirms undoing the last import: every row it wrote gets back what it held before.
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import { FetcherDialog } from "~/components/FetcherDialog";
import type { ImportActionResult } from "~/features/profit/import-summary";

type Props = { fileName: string | null; actionPath?: string; onClose: () => void };

export function UndoImportDialog({ fileName, actionPath, onClose }: Props) {
  const fetcher = useFetcher<ImportActionResult<unknown>>({ key: "undo-import" });
  return (
    <FetcherDialog
      title="Undo the last import?"
      fetcher={fetcher}
      onClose={onClose}
      onResult={(result) => {
        if (result.ok) onClose();
      }}
      primaryAction={{
        content: "Undo import",
        destructive: true,
        onAction: () => fetcher.submit({ intent: "undo" }, { method: "post", action: actionPath }),
      }}
    >
      <Text as="p">
        {`Every row written by ${fileName ?? "the last import"} gets back the value it had before. Entries changed since the import stop the undo.`}
      </Text>
    </FetcherDialog>
  );
}
