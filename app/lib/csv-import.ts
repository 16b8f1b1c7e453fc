// Reading a merchant's CSV file for an import (docs/decisions/090-csv-imports.md): the file's
// size is capped, the header names the columns (any order, any case), and each row comes back
// with its line number and its cells, or refused with the reason. The feature decides what a
// row means; the cell rules every import shares live here: formula-looking cells, amounts,
// days, currencies, duplicate keys.
import { parse } from "csv-parse/sync";
import { isDayInRange, isValidDay } from "~/lib/dates";
import { DECIMAL_PATTERN, decimalStringToMinor, tooManyDecimals } from "~/lib/money";
import { CSV_IMPORT_MAX_BYTES, csvTooLargeMessage } from "~/lib/csv-limits";

export { CSV_IMPORT_MAX_BYTES, csvTooLargeMessage };

/** The most data rows one import reads. */
export const CSV_IMPORT_MAX_ROWS = 100_000;

export type CsvColumn = { key: string; label: string; required: boolean; aliases?: readonly string[] };

/** A data row: its line in the file (the header is line 1) and its cells by column key, trimmed. */
export type CsvRow<K extends string> = { line: number; cells: Record<K, string> };
export type CsvRefusal = { line: number; reason: string };

/** What an import would write (rows) and refuse, or why the whole file is refused. */
export type ImportPlan<R> =
  { ok: true; rows: R[]; refused: CsvRefusal[] } | { ok: false; status: 400 | 413; error: string };

export type CsvTable<K extends string> =
  { ok: true; rows: CsvRow<K>[]; refused: CsvRefusal[] } | { ok: false; error: string; status: 400 | 413 };

const normalise = (name: string) =>
  name
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * A cell a spreadsheet would run as a formula (= + - @, a tab or a carriage return first),
 * unless it is a plain number ("-12.50"). Such a cell is refused, never stored: it would be
 * shown and exported again (OWASP's CSV-injection advice).
 */
export function looksLikeFormula(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell) && !/^[-+]?\d+(\.\d+)?$/.test(cell);
}

/**
 * Parses the file's text into rows of the given columns. A file over the size cap is a 413;
 * a file that is not CSV, lacks a required column or names one twice is a 400 as a whole.
 * Rows with a formula-looking cell or the wrong number of cells are refused one by one.
 */
export function readCsvTable<K extends string>(
  text: string,
  columns: readonly (CsvColumn & { key: K })[],
): CsvTable<K> {
  if (new TextEncoder().encode(text).length > CSV_IMPORT_MAX_BYTES)
    return { ok: false, status: 413, error: csvTooLargeMessage() };
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true, trim: true });
  } catch {
    return { ok: false, status: 400, error: "The file is not a readable CSV file." };
  }
  if (records.length === 0) return { ok: false, status: 400, error: "The file is empty." };
  if (records.length - 1 > CSV_IMPORT_MAX_ROWS)
    return {
      ok: false,
      status: 413,
      error: `Import at most ${CSV_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows at once.`,
    };
  const header = records[0].map(normalise);
  const index = new Map<K, number>();
  for (const col of columns) {
    const names = [col.key, ...(col.aliases ?? [])].map(normalise);
    const at = header.flatMap((h, i) => (names.includes(h) ? [i] : []));
    if (at.length > 1) return { ok: false, status: 400, error: `The column "${col.label}" appears twice.` };
    if (at.length === 1) index.set(col.key, at[0]);
    else if (col.required) return { ok: false, status: 400, error: `The file has no "${col.label}" column.` };
  }
  const rows: CsvRow<K>[] = [];
  const refused: CsvRefusal[] = [];
  for (let r = 1; r < records.length; r++) {
    const record = records[r];
    const line = r + 1;
    if (record.length !== header.length) {
      refused.push({ line, reason: `Expected ${header.length} cells, found ${record.length}` });
      continue;
    }
    if (record.some(looksLikeFormula)) {
      refused.push({ line, reason: "A cell looks like a spreadsheet formula" });
      continue;
    }
    const cells = {} as Record<K, string>;
    for (const col of columns) cells[col.key] = index.has(col.key) ? record[index.get(col.key)!] : "";
    rows.push({ line, cells });
  }
  return { ok: true, rows, refused };
}

/** A store day written YYYY-MM-DD, or the reason it is not one. */
export function dayCell(value: string, label: string): { day: string } | { reason: string } {
  if (!isValidDay(value)) return { reason: `${label} "${value.slice(0, 20)}" is not a date (use YYYY-MM-DD)` };
  if (!isDayInRange(value)) return { reason: `${label} ${value} is out of range` };
  return { day: value };
}

/** An amount of 0 or more in the currency's minor units, or the reason it is not one. */
export function amountCell(value: string, label: string, currency: string): { minor: number } | { reason: string } {
  // Commas only as thousands separators ("1,234.50"); "1,50" is refused, never read as 150.
  const text = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value) ? value.replace(/,/g, "") : value;
  if (/^-\d/.test(text)) return { reason: `${label} is negative` };
  if (!DECIMAL_PATTERN.test(text)) return { reason: `${label} "${value.slice(0, 20)}" is not a number` };
  const finer = tooManyDecimals(text, currency);
  if (finer) return { reason: finer };
  const minor = decimalStringToMinor(text, currency);
  if (minor === null) return { reason: `${label} is too large` };
  return { minor };
}

const KNOWN_CURRENCIES = new Set<string>(Intl.supportedValuesOf("currency"));

/**
 * The row's currency: blank means the shop's. Only the shop's currency is accepted: an
 * import has no day's exchange rate to apply (decision 090).
 */
export function currencyCell(value: string, shopCurrency: string): { reason: string } | null {
  const code = value.trim().toUpperCase() || shopCurrency;
  if (!/^[A-Z]{3}$/.test(code) || !KNOWN_CURRENCIES.has(code))
    return { reason: `Unknown currency "${value.slice(0, 10)}"` };
  if (code !== shopCurrency)
    return { reason: `${code} is not the store's currency (${shopCurrency}); convert it first` };
  return null;
}

/**
 * Rows whose key appears more than once in the file, each refused with the lines of its
 * twins; the rest are returned. Nothing is guessed about which of two rows is right.
 */
export function withoutDuplicateKeys<R extends { line: number }>(
  rows: readonly R[],
  keyOf: (row: R) => string,
): { rows: R[]; refused: CsvRefusal[] } {
  const lines = new Map<string, number[]>();
  for (const r of rows) lines.set(keyOf(r), [...(lines.get(keyOf(r)) ?? []), r.line]);
  const kept: R[] = [];
  const refused: CsvRefusal[] = [];
  for (const r of rows) {
    const twins = lines.get(keyOf(r))!;
    if (twins.length === 1) kept.push(r);
    else
      refused.push({
        line: r.line,
        reason: `Duplicate key: also on line ${twins.filter((l) => l !== r.line).join(", ")}`,
      });
  }
  return { rows: kept, refused };
}
