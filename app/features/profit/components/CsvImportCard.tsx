// A CSV import on the Costs screens (docs/decisions/090-csv-imports.md): choose a file, see its
// preview (nothing is written), confirm to import it, and undo the last import. A Viewer sees
// the card read-only with the reason; the server refuses them anyway (403).
import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Button, DropZone, InlineStack, Text } from "@shopify/polaris";
import { useState, type ReactNode } from "react";
import { formatInstant } from "~/lib/dates";
import { CSV_IMPORT_MAX_BYTES, csvTooLargeMessage } from "~/lib/csv-limits";
import { CostSection } from "~/features/profit/components/CostSection";
import { ImportPreview } from "~/features/profit/components/ImportPreview";
import { UndoImportDialog } from "~/features/profit/components/UndoImportDialog";
import type { ImportActionResult } from "~/features/profit/import-summary";
import { DisabledReason, useDisabledReason } from "~/features/team";
import { useRefusalToast } from "~/components/toasts";

type LastImport = { fileName: string | null; rowsWritten: number; createdAt: string } | null;

type Props<R> = {
  title: string;
  help: string;
  last: LastImport;
  timezone: string;
  headings: string[];
  cells: (row: R) => ReactNode[];
  /** Beside the title: an export link. */
  action?: ReactNode;
  /** The route whose action runs the import; the page's own when absent. */
  actionPath?: string;
};

export function CsvImportCard<R extends { status: string }>({
  title,
  help,
  last,
  timezone,
  headings,
  cells,
  action,
  actionPath,
}: Props<R>) {
  const fetcher = useFetcher<ImportActionResult<R>>({ key: `import-${title}` });
  const [file, setFile] = useState<File | null>(null);
  const [undoing, setUndoing] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  const refused = useDisabledReason("write", "import or undo imports");
  useRefusalToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const send = (intent: "preview" | "import", chosen: File) => {
    const form = new FormData();
    form.set("intent", intent);
    form.set("file", chosen, chosen.name);
    fetcher.submit(form, { method: "post", encType: "multipart/form-data", action: actionPath });
  };
  const answer = fetcher.data;
  const errors = tooLarge
    ? [csvTooLargeMessage()]
    : answer && !answer.ok
      ? Object.values(answer.fieldErrors).flat().filter(Boolean)
      : [];
  const preview = answer?.ok && answer.intent === "preview" && "summary" in answer && file ? answer.summary : null;
  const done = answer?.ok && answer.intent === "import" && "written" in answer ? answer : null;
  return (
    <CostSection title={title} action={action}>
      <Text as="p" tone="subdued">
        {help}
      </Text>
      {errors.length > 0 && (
        <Banner tone="critical" title="The file was not imported">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </Banner>
      )}
      {done && (
        <Banner
          tone="success"
          title={`Imported: ${done.written} rows written, ${done.summary.counts.refused} refused`}
        />
      )}
      {preview ? (
        <BlockStack gap="300">
          <ImportPreview summary={preview} headings={headings} cells={cells} />
          <InlineStack gap="200">
            <Button
              variant="primary"
              loading={busy}
              disabled={!!refused || preview.counts.new + preview.counts.changed === 0}
              onClick={() => send("import", file!)}
            >
              {`Import ${preview.counts.new + preview.counts.changed} rows`}
            </Button>
            <Button onClick={() => setFile(null)} disabled={busy}>
              Cancel
            </Button>
          </InlineStack>
        </BlockStack>
      ) : (
        <DropZone
          accept=".csv,text/csv"
          type="file"
          allowMultiple={false}
          disabled={!!refused || busy}
          label="CSV file"
          labelHidden
          onDropAccepted={([chosen]) => {
            // The server refuses it too (413); this spares the upload.
            setTooLarge(chosen.size > CSV_IMPORT_MAX_BYTES);
            if (chosen.size > CSV_IMPORT_MAX_BYTES) return;
            setFile(chosen);
            send("preview", chosen);
          }}
        >
          <DropZone.FileUpload actionTitle="Choose a CSV file" actionHint="Nothing is written before you confirm" />
        </DropZone>
      )}
      <InlineStack gap="200" blockAlign="center">
        {last && (
          <Button onClick={() => setUndoing(true)} disabled={!!refused}>
            Undo last import
          </Button>
        )}
        {last && (
          <Text as="span" tone="subdued">
            {`Last import: ${last.fileName ?? "a file"}, ${last.rowsWritten.toLocaleString("en-US")} ${last.rowsWritten === 1 ? "row" : "rows"}, ${formatInstant(last.createdAt, timezone)}`}
          </Text>
        )}
        <DisabledReason reason={refused} />
      </InlineStack>
      {undoing && last && (
        <UndoImportDialog fileName={last.fileName} actionPath={actionPath} onClose={() => setUndoing(false)} />
      )}
    </CostSection>
  );
}
