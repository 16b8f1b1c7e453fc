// The size cap of a CSV import (docs/decisions/090-csv-imports.md), apart from the parser so
// the browser can check a chosen file before sending it. The production server's body limit
// for the import routes (scripts/body-limits.mjs, csvImport) is this plus the form's overhead.

/** The largest file an import reads: far above a year of daily spend per campaign. */
export const CSV_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export function csvTooLargeMessage(): string {
  return `The file is larger than ${CSV_IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it and import each part.`;
}
