// The import screens' shared action (preview, import, undo of the last import) for ad spend,
// product costs and shipping label costs: one answer shape, the right status for each refusal, nothing written
// before "import".
import { FieldError, type FieldErrors } from "~/lib/forms";
import type { Actor } from "~/features/audit/index.server";
import type { CsvUpload } from "~/platform/csv-upload.server";
import { applyAdSpendImport, previewAdSpendImport, undoAdSpendImport } from "~/features/profit/ad-spend.server";
import { CostsRefused } from "~/features/profit/refused";
import { applyCostImport, previewCostImport, undoCostImport } from "~/features/profit/cost-import.server";
import { summariseImport } from "~/features/profit/import-summary";
import { applyLabelImport, previewLabelImport, undoLabelImport } from "~/features/profit/label-import.server";

type ShopRef = { id: string; currency: string; timezone: string };
export type ImportKind = "ad_spend" | "product_cost" | "label_cost";

const RUN = {
  ad_spend: { preview: previewAdSpendImport, apply: applyAdSpendImport, undo: undoAdSpendImport },
  product_cost: { preview: previewCostImport, apply: applyCostImport, undo: undoCostImport },
  label_cost: { preview: previewLabelImport, apply: applyLabelImport, undo: undoLabelImport },
} as const;

export type Answer = { status: number; body: Record<string, unknown> };

const refused = (status: number, intent: string, fieldErrors: FieldErrors): Answer => ({
  status,
  body: { ok: false, intent, fieldErrors },
});

/** Runs the import intent ("preview", "import", "undo") of an upload read by readCsvUpload, or null for another intent. */
export async function importIntent(
  actor: Actor & { shop: ShopRef },
  kind: ImportKind,
  upload: Extract<CsvUpload, { ok: true }>,
): Promise<Answer | null> {
  const intent = upload.values.intent ?? "";
  const run = RUN[kind];
  try {
    if (intent === "undo") return { status: 200, body: { ok: true, intent, ...(await run.undo(actor)) } };
    if (intent !== "preview" && intent !== "import") return null;
    if (upload.text === null) return refused(400, intent, { file: ["Choose a CSV file"] });
    const plan =
      intent === "preview"
        ? await run.preview(actor.shop, upload.text)
        : await run.apply(actor, upload.text, upload.fileName);
    if (!plan.ok) return refused(plan.status, intent, { file: [plan.error] });
    const summary = summariseImport<(typeof plan.rows)[number]>(plan);
    return { status: 200, body: { ok: true, intent, summary, ...("written" in plan && { written: plan.written }) } };
  } catch (error) {
    if (error instanceof FieldError) return refused(400, intent, error.fieldErrors);
    if (error instanceof CostsRefused) return refused(error.status, intent, { _form: [error.message] });
    throw error;
  }
}
