import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { fileNamePart, guardCell } from "~/lib/export-formats";
import { exportResponse, keysetPages } from "./tabular-export.server";

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
