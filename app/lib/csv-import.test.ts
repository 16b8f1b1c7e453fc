// The reader every CSV import shares: header by name, formula cells, whole-file refusals.
import { describe, expect, it } from "vitest";
import { amountCell, currencyCell, looksLikeFormula, readCsvTable, withoutDuplicateKeys } from "~/lib/csv-import";

const COLUMNS = [
  { key: "sku", label: "sku", required: true },
  { key: "cost", label: "cost", required: true, aliases: ["unit_cost"] },
  { key: "note", label: "note", required: false },
] as const;

describe("readCsvTable", () => {
  it("reads columns by name in any order and case, with a BOM, quoted cells and CRLF", () => {
    const table = readCsvTable('\uFEFFUnit Cost,SKU\r\n"1,50",A\r\n\r\n2,"B ""x"""\r\n', COLUMNS);
    expect(table).toEqual({
      ok: true,
      rows: [
        { line: 2, cells: { sku: "A", cost: "1,50", note: "" } },
        { line: 3, cells: { sku: 'B "x"', cost: "2", note: "" } },
      ],
      refused: [],
    });
  });

  it("refuses formula cells and short rows one by one; plain negative numbers are not formulas", () => {
    const table = readCsvTable("sku,cost,note\nA,1,=SUM(A1)\nB,1,+1-2\nC,-3,@x\nD,1\nE,-2, =1\nF,-2,\t1\n", COLUMNS);
    // Cells are trimmed first: " =1" is a formula, "\t1" is the number 1.
    expect(table.ok && table.rows.map((r) => r.cells.sku)).toEqual(["F"]);
    expect(table.ok && table.refused.map((r) => r.line)).toEqual([2, 3, 4, 5, 6]);
    expect(looksLikeFormula("-3")).toBe(false);
    expect(looksLikeFormula("+1-2")).toBe(true);
  });

  it("refuses a whole file: no required column, a column twice, not CSV, empty", () => {
    expect(readCsvTable("sku\nA\n", COLUMNS)).toMatchObject({
      ok: false,
      status: 400,
      error: 'The file has no "cost" column.',
    });
    expect(readCsvTable("sku,cost,unit_cost\nA,1,2\n", COLUMNS)).toMatchObject({ ok: false, status: 400 });
    expect(readCsvTable('sku,cost\n"A,1\n', COLUMNS)).toMatchObject({ ok: false, status: 400 });
    expect(readCsvTable("", COLUMNS)).toMatchObject({ ok: false, status: 400, error: "The file is empty." });
  });
});

describe("cells", () => {
  it("amount: thousands separators read, a decimal comma refused, never misread", () => {
    expect(amountCell("1,234.50", "Spend", "USD")).toEqual({ minor: 123_450 });
    expect(amountCell("1,50", "Spend", "USD")).toEqual({ reason: 'Spend "1,50" is not a number' });
    expect(amountCell("-1,000", "Spend", "USD")).toEqual({ reason: "Spend is negative" });
    expect(amountCell("12", "Cost", "JPY")).toEqual({ minor: 12 });
    expect(amountCell("12.5", "Cost", "JPY")).toMatchObject({ reason: expect.stringMatching(/no decimals/) });
  });

  it("currency: blank is the shop's; unknown and other codes refused", () => {
    expect(currencyCell("", "EUR")).toBeNull();
    expect(currencyCell("eur", "EUR")).toBeNull();
    expect(currencyCell("ABC", "EUR")?.reason).toMatch(/Unknown currency/);
    expect(currencyCell("USD", "EUR")?.reason).toMatch(/not the store's currency/);
  });

  it("duplicate keys: every row of a repeated key refused, naming its twins", () => {
    const out = withoutDuplicateKeys(
      [
        { line: 2, k: "a" },
        { line: 3, k: "b" },
        { line: 4, k: "a" },
      ],
      (r) => r.k,
    );
    expect(out.rows.map((r) => r.line)).toEqual([3]);
    expect(out.refused).toEqual([
      { line: 2, reason: "Duplicate key: also on line 4" },
      { line: 4, reason: "Duplicate key: also on line 2" },
    ]);
  });
});
