// The ad spend import's plan: each kind of bad row refused with its reason, campaigns summed,
// and (fuzzed) no file, however hostile, ever yields a row that was not a valid one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_IMPORT_MAX_BYTES } from "~/lib/csv-import";
import { planAdSpendImport, type AdSpendPlanRow } from "~/features/profit/ad-spend-import";

const shop = { currency: "USD" };
const plan = (rows: string[], stored = [], connected = new Set<string>()) =>
  planAdSpendImport(["date,channel,campaign,spend,currency", ...rows].join("\r\n"), shop, stored, connected);
const refusedOf = (rows: string[]) => {
  const p = plan(rows);
  if (!p.ok) throw new Error(p.error);
  return p.refused;
};

describe("planAdSpendImport", () => {
  it("refuses each kind of bad row with its reason", () => {
    expect(
      refusedOf([
        "2026-02-30,google,a,10,USD", // no such day
        "30/06/2026,google,b,10,USD", // not ISO
        "2026-06-01,google,c,-5,USD", // negative
        "2026-06-02,google,d,ten,USD", // not a number
        "2026-06-03,google,e,10,XYZ", // unknown currency
        "2026-06-04,google,f,10,EUR", // not the shop's
        "2026-06-05,google,=HYPERLINK(1),10,USD", // formula
        "2026-06-06,@SUM(1),g,10,USD", // formula in the channel
        "2026-06-07,google,h,10.123,USD", // finer than cents
        "2026-06-08,google,i,10", // missing a cell
      ]).map((r) => [r.line, r.reason]),
    ).toEqual([
      [2, expect.stringMatching(/not a date/)],
      [3, expect.stringMatching(/not a date/)],
      [4, "Spend is negative"],
      [5, expect.stringMatching(/not a number/)],
      [6, expect.stringMatching(/Unknown currency/)],
      [7, expect.stringMatching(/not the store's currency/)],
      [8, expect.stringMatching(/formula/)],
      [9, expect.stringMatching(/formula/)],
      [10, expect.stringMatching(/decimals/)],
      [11, expect.stringMatching(/Expected 5 cells/)],
    ]);
  });

  it("refuses duplicate keys and the rest of their day and channel, never a partial sum", () => {
    const p = plan([
      "2026-06-01,google,brand,10,USD",
      "2026-06-01,google,brand,12,USD",
      "2026-06-01,google,generic,5,USD",
      "2026-06-02,google,brand,7,USD",
      "2026-06-03,meta,a,1,USD",
      "2026-06-03,meta,b,-1,USD",
    ]);
    expect(p.ok && p.rows.map((r) => [r.day, r.channel, r.amountMinor])).toEqual([["2026-06-02", "google", 7_00]]);
    expect(p.ok && p.refused.map((r) => r.line)).toEqual([2, 3, 4, 6, 7]);
  });

  it("refuses a whole file over the size cap with a 413, and one with no spend column with a 400", () => {
    const big =
      "date,channel,campaign,spend,currency\n" + "2026-06-01,google,x,1,USD\n".repeat((20 * 1024 * 1024) / 25);
    expect(big.length).toBeGreaterThan(CSV_IMPORT_MAX_BYTES);
    expect(planAdSpendImport(big, shop, [], new Set())).toMatchObject({ ok: false, status: 413 });
    expect(planAdSpendImport("date,channel\n2026-06-01,google", shop, [], new Set())).toMatchObject({
      ok: false,
      status: 400,
      error: 'The file has no "spend" column.',
    });
  });

  it("fuzz: any file yields only valid rows, each line accounted for once", () => {
    const cell = fc.oneof(
      fc.constantFrom("2026-06-01", "2026-06-02", "google", "Meta Ads", "10", "0.5", "-3", "USD", "EUR", "", "=1+1"),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { maxLength: 30 }), (records) => {
        const quote = (c: string) => `"${c.replace(/"/g, '""')}"`;
        const text = ["date,channel,campaign,spend,currency", ...records.map((r) => r.map(quote).join(","))].join("\n");
        const p = planAdSpendImport(text, shop, [], new Set());
        if (!p.ok) return; // the whole file refused: nothing to write
        const lines = [...p.rows.flatMap((r: AdSpendPlanRow) => r.lines), ...p.refused.map((r) => r.line)];
        expect(new Set(lines).size).toBe(lines.length);
        for (const r of p.rows) {
          expect(r.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(r.channel).toMatch(/^[a-z0-9_]+$/);
          expect(Number.isInteger(r.amountMinor) && r.amountMinor >= 0).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
