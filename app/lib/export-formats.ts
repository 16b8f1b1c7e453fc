// The file formats a data export can take (docs/decisions/049-streamed-exports.md). Which
// formats a shop may use is the plan's (app/features/billing/plans.ts); how a file is
// written is the platform's (app/platform/tabular-export.server.ts).

export const EXPORT_FORMATS = ["csv", "json", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: "CSV", json: "JSON", xlsx: "Excel (.xlsx)" };

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === "string" && (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** A plain number as text ("-12.50", "3"): never a spreadsheet formula, so left unguarded. */
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * A text cell safe from formula injection when the file is opened in a spreadsheet: text
 * starting with = + - @ tab or carriage return is prefixed with an apostrophe (OWASP's
 * CSV-injection advice). Plain numbers pass unchanged.
 */
export function guardCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** A file name part from free text (a shop domain, a range): letters, digits, dot, dash. */
export function fileNamePart(value: string): string {
  return (
    value
      .replace(/[^A-Za-z0-9.-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "export"
  );
}
