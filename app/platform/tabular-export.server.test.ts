import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fileNamePart, guardCell } from "~/lib/export-formats";
import {
  csvRecord,
  exportResponse,
  inPages,
  keysetPageList,
  keysetPages,
  type CellValue,
} from "./tabular-export.server";

type Row = { id: number; name: string; total: number | null };

const columns = [
  { key: "id", header: "Id", value: (r: Row) => r.id },
  { key: "name", header: "Name", value: (r: Row) => r.name },
  { key: "total", header: "Total", value: (r: Row) => r.total },
];

async function* rowsOf(count: number): AsyncGenerator<Row> {
  for (let i = 1; i <= count; i++) yield { id: i, name: `Customer, "${i}"`, total: i % 7 ? i * 1.5 : null };
}

describe("guardCell", () => {
  it("prefixes text a spreadsheet would read as a formula, and leaves numbers alone", () => {
    expect(guardCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(guardCell("+1+2")).toBe("'+1+2");
    expect(guardCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(guardCell("\tx")).toBe("'\tx");
    expect(guardCell("-12.50")).toBe("-12.50");
    expect(guardCell("-1+2")).toBe("'-1+2");
    expect(guardCell("Ada")).toBe("Ada");
  });

  it("makes file names from free text", () => {
    expect(fileNamePart("demo store.myshopify.com")).toBe("demo-store.myshopify.com");
    expect(fileNamePart("../../etc")).toBe("..-..-etc");
    expect(fileNamePart("///")).toBe("export");
  });
});

describe("exportResponse", () => {
  it("streams a CSV with a header row, quoting and guarded cells", async () => {
    const res = exportResponse({
      format: "csv",
      fileName: "demo-store-customers",
      sheets: [{ name: "Customers", columns, rows: [{ id: 1, name: "=cmd|' /C calc'!A0", total: -3 }, ...[]] }],
    });
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="demo-store-customers.csv"');
    const text = await res.text();
    const records = parse(text.replace(/^\uFEFF/, "")) as string[][];
    expect(records).toEqual([
      ["Id", "Name", "Total"],
      ["1", "'=cmd|' /C calc'!A0", "-3"],
    ]);
  });

  it("streams every row of a large source in order, the empty cells empty", async () => {
    const res = exportResponse({ format: "csv", fileName: "x", sheets: [{ name: "S", columns, rows: rowsOf(2_345) }] });
    const records = parse((await res.text()).replace(/^\uFEFF/, "")) as string[][];
    expect(records).toHaveLength(2_346);
    expect(records[1]).toEqual(["1", 'Customer, "1"', "1.5"]);
    expect(records[7][2]).toBe("");
    expect(records[2_345][0]).toBe("2345");
  });

  it("gives only headers when there are no rows", async () => {
    const res = exportResponse({ format: "csv", fileName: "x", sheets: [{ name: "S", columns, rows: [] }] });
    expect((await res.text()).replace(/^\uFEFF/, "")).toBe("Id,Name,Total\r\n");
  });

  it("writes JSON: an array for one sheet, an object of arrays for several", async () => {
    const one = exportResponse({ format: "json", fileName: "x", sheets: [{ name: "S", columns, rows: rowsOf(3) }] });
    expect(await one.json()).toEqual([
      { id: 1, name: 'Customer, "1"', total: 1.5 },
      { id: 2, name: 'Customer, "2"', total: 3 },
      { id: 3, name: 'Customer, "3"', total: 4.5 },
    ]);
    const two = exportResponse({
      format: "json",
      fileName: "x",
      sheets: [
        { name: "Days", columns, rows: rowsOf(1) },
        { name: "Orders", columns, rows: [] },
      ],
    });
    expect(await two.json()).toEqual({ Days: [{ id: 1, name: 'Customer, "1"', total: 1.5 }], Orders: [] });
  });

  it("writes an Excel workbook with one worksheet per sheet", async () => {
    const res = exportResponse({
      format: "xlsx",
      fileName: "x",
      sheets: [
        { name: "Days", columns, rows: rowsOf(1_200) },
        { name: "Orders", columns, rows: rowsOf(2) },
      ],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const days = workbook.getWorksheet("Days")!;
    expect(days.rowCount).toBe(1_201);
    expect(days.getRow(1).values).toEqual([undefined, "Id", "Name", "Total"]);
    expect(days.getRow(1_201).getCell(1).value).toBe(1_200);
    expect(workbook.getWorksheet("Orders")!.rowCount).toBe(3);
  });

  it("refuses a CSV of several sheets", () => {
    expect(() =>
      exportResponse({
        format: "csv",
        fileName: "x",
        sheets: [
          { name: "A", columns, rows: [] },
          { name: "B", columns, rows: [] },
        ],
      }),
    ).toThrow(/one sheet/);
  });
});

describe("the CSV writer", () => {
  // The app writes CSV itself (faster than csv-stringify per cell); the output must be the library's
  // with `quote_record_delimiter`. Without that option csv-stringify quotes only the whole "\r\n"
  // when it is the record delimiter, and leaves a lone "\n" or "\r" bare, which splits the record
  // in Excel and in csv-parse: the app quotes any line break (RFC 4180).
  const library = (cells: CellValue[]) =>
    stringify([cells.map((v) => (typeof v === "string" ? guardCell(v) : (v ?? null)))], {
      record_delimiter: "\r\n",
      quote_record_delimiter: true,
    });

  it("writes records exactly as csv-stringify does, on hostile values", () => {
    const hostile: CellValue[] = [
      "",
      null,
      undefined,
      0,
      -0,
      -12.5,
      1e21,
      0.1 + 0.2,
      "plain",
      "a,b",
      'say "hi"',
      '"',
      "line\nbreak",
      "carriage\rreturn",
      "crlf\r\n",
      "=SUM(A1)",
      "+1",
      "-1+2",
      "-12.50",
      "@x",
      "\tx",
      "\rx",
      " spaced ",
      "naïve ☃ 𝄞",
      "'quoted",
      ",",
      '=HYPERLINK("http://x","y")',
    ];
    for (const v of hostile) expect(csvRecord([v]), JSON.stringify(v)).toBe(library([v]));
    expect(csvRecord(hostile)).toBe(library(hostile));
    // And it reads back as one record of the guarded texts.
    const [back] = parse(csvRecord(hostile)) as string[][];
    expect(back).toEqual(hostile.map((v) => (typeof v === "string" ? guardCell(v) : v == null ? "" : String(v))));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: "binary" }), fc.integer(), fc.double({ noNaN: true }), fc.constant(null))),
        (cells) => {
          if (cells.length === 0) return;
          expect(csvRecord(cells)).toBe(library(cells));
        },
      ),
      { numRuns: 200 },
    );
  }, 30_000);

  it("writes a sheet given as pages the same as one given row by row", async () => {
    const rows = Array.from({ length: 1_234 }, (_, i) => ({ id: i + 1, name: `=x${i}, "y"`, total: i % 3 ? i : null }));
    const pages = keysetPageList<Row>(async (after) => rows.filter((r) => r.id > (after?.id ?? 0)).slice(0, 100), 100);
    const paged = exportResponse({
      format: "csv",
      fileName: "x",
      sheets: [{ name: "S", columns, rows: inPages(pages) }],
    });
    const plain = exportResponse({ format: "csv", fileName: "x", sheets: [{ name: "S", columns, rows }] });
    expect(await paged.text()).toBe(await plain.text());
  });
});

describe("keysetPages", () => {
  it("walks pages by the last row until a short page", async () => {
    const data = Array.from({ length: 25 }, (_, i) => i + 1);
    const calls: (number | null)[] = [];
    const seen: number[] = [];
    for await (const n of keysetPages<number>(async (after) => {
      calls.push(after);
      return data.filter((d) => d > (after ?? 0)).slice(0, 10);
    }, 10))
      seen.push(n);
    expect(seen).toEqual(data);
    expect(calls).toEqual([null, 10, 20]);
  });
});
