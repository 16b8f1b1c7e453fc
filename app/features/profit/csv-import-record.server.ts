// What every applied CSV import leaves behind (decision 090), for ad spend, product costs and
// shipping label costs alike: the CsvImport row with its changes (what its undo restores) and
// the audit entry naming how many rows were written and refused.
import type { DbClient } from "~/db.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";

type ImportRecord = {
  shopId: string;
  kind: string;
  /** The audit action, e.g. "costs.ad_spend.import". */
  audit: string;
  fileName: string | null;
  changes: readonly unknown[];
  refused: number;
};

/** Writes the import's record and audit entry in the caller's transaction; returns the record's id. */
export async function recordCsvImport(tx: DbClient, actor: Actor, input: ImportRecord): Promise<string> {
  const record = await tx.csvImport.create({
    data: {
      shopId: input.shopId,
      kind: input.kind,
      fileName: input.fileName?.slice(0, 200) ?? null,
      rowsWritten: input.changes.length,
      changes: JSON.stringify(input.changes),
    },
  });
  const summary = { written: input.changes.length, refused: input.refused, fileName: record.fileName };
  await recordAudit(actor, input.audit, "CsvImport", record.id, null, summary, tx);
  return record.id;
}
