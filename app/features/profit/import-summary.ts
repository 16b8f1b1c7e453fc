// What an import's preview and result send to the screen (browser-safe): the counts, and the
// rows to show (new and changed, then refused), each list capped so a large file stays light.
import type { CsvRefusal } from "~/lib/csv-import";

export const PREVIEW_ROWS = 200;

type Planned = { status: "new" | "changed" | "unchanged" };

export type ImportSummary<R> = {
  counts: { new: number; changed: number; unchanged: number; refused: number };
  rows: R[];
  refused: CsvRefusal[];
};

export function summariseImport<R extends Planned>(plan: { rows: R[]; refused: CsvRefusal[] }): ImportSummary<R> {
  const count = (s: Planned["status"]) => plan.rows.filter((r) => r.status === s).length;
  return {
    counts: {
      new: count("new"),
      changed: count("changed"),
      unchanged: count("unchanged"),
      refused: plan.refused.length,
    },
    rows: plan.rows.filter((r) => r.status !== "unchanged").slice(0, PREVIEW_ROWS),
    refused: plan.refused.slice(0, PREVIEW_ROWS),
  };
}

/** The answer of an import screen's action. */
export type ImportActionResult<R> =
  | { ok: true; intent: "preview"; summary: ImportSummary<R> }
  | { ok: true; intent: "import"; written: number; summary: ImportSummary<R> }
  | { ok: true; intent: "undo"; restored: number }
  | { ok: true; intent: string }
  | { ok: false; intent: string; fieldErrors: Record<string, string[] | undefined> };
