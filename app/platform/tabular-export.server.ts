// Streamed data exports (docs/decisions/049-streamed-exports.md): CSV, JSON or Excel written
// row by row from an async iterable, so a million-row export never sits whole in memory and
// the first bytes leave at once. Features describe their sheets (columns and a row source,
// usually `keysetPages` over their own query); the plan decides which formats a shop may use.
//
//   return exportResponse({
//     format, fileName: `${fileNamePart(shop.domain)}-orders-2026-10-01-to-2026-10-30`,
//     sheets: [{ name: "Orders", columns: [{ key: "name", header: "Order", value: (o) => o.name }], rows }],
//   });
//
// CSV holds one sheet (a caller with several offers a `sheet` choice); JSON is an array of
// objects keyed by `key` for one sheet, or an object of such arrays keyed by sheet name;
// Excel gets one worksheet per sheet.
//
// CSV is written here rather than through csv-stringify, with its rules (RFC 4180: a cell
// with a comma, a double quote or a line break is quoted, quotes doubled; CRLF line ends):
// a million-row export spent a third of its time in the library's per-cell options. The test
// compares the output with csv-stringify's on hostile values.
import { PassThrough, Readable } from "node:stream";
import { type ExportFormat, guardCell } from "~/lib/export-formats";

export type CellValue = string | number | null | undefined;

export type ExportColumn<R> = {
  /** The JSON property name (camelCase). */
  key: string;
  /** The CSV and Excel heading. */
  header: string;
  value: (row: R) => CellValue;
};

/** Rows that arrive a page at a time (see `inPages`): written without one await per row. */
export type RowPages<R> = { pages: AsyncIterable<R[]> };

export type ExportSheet<R> = {
  name: string;
  columns: ExportColumn<R>[];
  rows: AsyncIterable<R> | Iterable<R> | RowPages<R>;
};

/** A sheet's rows from a source of pages, such as `keysetPageList`. */
export const inPages = <R>(pages: AsyncIterable<R[]>): RowPages<R> => ({ pages });

export type ExportOptions = {
  format: ExportFormat;
  /** Without extension; the caller builds it from the shop and the range (see `fileNamePart`). */
  fileName: string;
  // Each sheet has its own row type; the columns and rows of one sheet agree by construction.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  sheets: ExportSheet<any>[];
  /** Rows expected in all, when the caller knows: sent as `X-Export-Rows` for a progress bar. */
  totalRows?: number;
};

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Rows per chunk written to the stream: big enough to keep overhead low, small enough to start at once. */
const BATCH = 500;

export function exportResponse(options: ExportOptions): Response {
  const { format, fileName, sheets } = options;
  if (format === "csv" && sheets.length !== 1) throw new Error("A CSV export holds exactly one sheet");
  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[format],
    "Content-Disposition": `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, "-")}.${format}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (options.totalRows !== undefined) headers.set("X-Export-Rows", String(options.totalRows));
  const body =
    format === "xlsx" ? xlsxStream(sheets) : textStream(format === "csv" ? csvChunks(sheets[0]) : jsonChunks(sheets));
  return new Response(body, { status: 200, headers });
}

/** Pages through a query by key: `fetch(null)` gives the first page, `fetch(last)` the next; stops on a short page. */
export async function* keysetPages<R>(fetch: (after: R | null) => Promise<R[]>, pageSize: number): AsyncGenerator<R> {
  let after: R | null = null;
  for (;;) {
    const page = await fetch(after);
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}

/** The same pages as `keysetPages`, as arrays: `fetch(null)` gives the first, `fetch(lastRow)` the next. */
export async function* keysetPageList<R>(
  fetch: (after: R | null) => Promise<R[]>,
  pageSize: number,
): AsyncGenerator<R[]> {
  let after: R | null = null;
  for (;;) {
    const page = await fetch(after);
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}

async function* batches<R>(rows: AsyncIterable<R> | Iterable<R> | RowPages<R>): AsyncGenerator<R[]> {
  if ("pages" in rows) {
    // Pages are split to batches, so the first bytes still leave after BATCH rows.
    for await (const page of rows.pages)
      for (let i = 0; i < page.length; i += BATCH) yield page.length <= BATCH ? page : page.slice(i, i + BATCH);
    return;
  }
  let batch: R[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

/** One CSV cell: empty for no value, numbers as written, text guarded and quoted as needed. */
export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return "" + value;
  const text = guardCell(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export function csvRecord(cells: readonly CellValue[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) line += (i ? "," : "") + csvCell(cells[i]);
  return line + "\r\n";
}

async function* csvChunks<R>(sheet: ExportSheet<R>): AsyncGenerator<string> {
  // A byte-order mark so Excel reads the file as UTF-8 (names with accents).
  yield "\uFEFF" + csvRecord(sheet.columns.map((c) => c.header));
  const values = sheet.columns.map((c) => c.value);
  const last = values.length - 1;
  // Each batch is one string built cell by cell: no per-row arrays.
  for await (const batch of batches(sheet.rows)) {
    let chunk = "";
    for (const row of batch) {
      for (let i = 0; i <= last; i++) chunk += csvCell(values[i](row)) + (i === last ? "\r\n" : ",");
    }
    yield chunk;
  }
}

function jsonObject<R>(columns: ExportColumn<R>[], row: R): string {
  const out: Record<string, string | number | null> = {};
  for (const c of columns) out[c.key] = c.value(row) ?? null;
  return JSON.stringify(out);
}

async function* jsonChunks(sheets: ExportSheet<unknown>[]): AsyncGenerator<string> {
  const single = sheets.length === 1;
  if (!single) yield "{";
  for (const [i, sheet] of sheets.entries()) {
    if (!single) yield `${i ? "," : ""}${JSON.stringify(sheet.name)}:`;
    yield "[";
    let first = true;
    for await (const batch of batches(sheet.rows)) {
      const parts = batch.map((row) => jsonObject(sheet.columns, row));
      yield (first ? "" : ",") + parts.join(",");
      first = false;
    }
    yield "]";
  }
  if (!single) yield "}";
}

/** A pull-driven byte stream: the next chunk is produced only when the client has taken the last. */
function textStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        exportFailed(error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

function xlsxStream(sheets: ExportSheet<unknown>[]): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  void (async () => {
    try {
      // Loaded on the first spreadsheet, not at boot: exceljs is ~11 MB of a server process's
      // resident memory that CSV and JSON exports never use (docs/decisions/070-server-memory.md).
      const { default: ExcelJS } = await import("exceljs");
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useSharedStrings: false,
        useStyles: true,
      });
      for (const sheet of sheets) {
        const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31));
        worksheet.columns = sheet.columns.map((c) => ({
          header: c.header,
          key: c.key,
          width: Math.max(12, c.header.length + 2),
        }));
        worksheet.getRow(1).font = { bold: true };
        for await (const batch of batches(sheet.rows)) {
          for (const row of batch) worksheet.addRow(sheet.columns.map((c) => c.value(row) ?? null)).commit();
          // Let the zip stream drain before producing more: the writer buffers what is not read.
          if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve));
        }
        worksheet.commit();
      }
      await workbook.commit();
    } catch (error) {
      exportFailed(error);
      out.destroy(error instanceof Error ? error : new Error("Export failed"));
    }
  })();
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

function exportFailed(error: unknown) {
  // The name only: an export's rows carry shop and personal data.
  console.error(`[export] stream failed: ${error instanceof Error ? error.name : "unknown error"}`);
}
