// The label cost import's plan, pure (docs/decisions/092): ShipStation's and Shippo's columns,
// labels of an order summed, bad rows refused with a reason, an order with a refused row
// refused whole, and a file of any content never throwing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_IMPORT_MAX_BYTES } from "~/lib/csv-import";
import { planLabelImport, readLabelRows, type StoredLabelOrder } from "~/features/profit/label-import";

const SHOP = { currency: "USD" };
const stored = (name: string, extra: Partial<StoredLabelOrder> = {}): StoredLabelOrder => ({
  id: `o${name}`,
  name: `#${name}`,
  day: "2026-06-10",
  cancelled: false,
  shippingCostMinor: null,
  shippingCostSource: "none",
  ...extra,
});
const ORDERS = [
  stored("1001"),
  stored("1002", { shippingCostMinor: 650, shippingCostSource: "rule" }),
  stored("1003", { shippingCostMinor: 700, shippingCostSource: "import" }),
  stored("1004", { shippingCostMinor: 800, shippingCostSource: "import" }),
];

const plan = (csv: string, orders = ORDERS) => {
  const parsed = readLabelRows(csv, SHOP);
  if (!parsed.ok) return parsed;
  return planLabelImport(parsed, orders);
};

describe("reading ShipStation's and Shippo's exports", () => {
  it("reads ShipStation's shipments columns, summing an order's labels and its insurance", () => {
    const result = plan(
      [
        "Ship Date,Order Number,Carrier,Shipping Cost,Insurance Cost,Tracking Number",
        "2026-06-11,1001,USPS,5.20,0.80,9400A",
        "2026-06-12,#1001,USPS,4.00,,9400B",
        "2026-06-12,1002,UPS,7.10,,1ZB",
        "2026-06-12,1003,UPS,7.00,,1ZC",
      ].join("\n"),
    );
    expect(result.ok && result.refused).toEqual([]);
    expect(result.ok && result.rows.map((r) => [r.orderName, r.costMinor, r.labels, r.status, r.oldCostMinor])).toEqual(
      [
        ["#1001", 1000, 2, "new", null],
        ["#1002", 710, 1, "new", 650],
        ["#1003", 700, 1, "unchanged", 700],
      ],
    );
  });

  it("reads Shippo's label export (Rate, Currency), lower-case headers in any order", () => {
    const result = plan(["currency,rate,order number,tracking number", "USD,9.5,#1004,92001"].join("\n"));
    expect(result.ok && result.rows.map((r) => [r.orderName, r.costMinor, r.status])).toEqual([
      ["#1004", 950, "changed"],
    ]);
  });

  it("refuses the whole file without an order number or a cost column", () => {
    expect(plan("Tracking Number,Shipping Cost\n1,2")).toMatchObject({ ok: false, status: 400 });
    expect(plan("Order Number,Carrier\n1001,USPS")).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses a file over the size cap with 413 before reading it", () => {
    const big = "Order Number,Shipping Cost\n" + "1001,1.00\n".repeat(2_000_000); // 20 MB
    expect(big.length).toBeGreaterThan(CSV_IMPORT_MAX_BYTES);
    expect(plan(big)).toMatchObject({ ok: false, status: 413 });
  });
});

describe("bad rows", () => {
  const csv = [
    "Order Number,Shipping Cost,Currency,Tracking Number",
    "9999,5.00,USD,T1", // 2: no such order
    "1001,-5.00,USD,T2", // 3: negative
    "1002,abc,USD,T3", // 4: not a number
    "1003,5.00,EUR,T4", // 5: another currency
    "1004,5.00,USD,T5", // 6: duplicate tracking number
    "1004,6.00,USD,t5", // 7: its twin
    "=HYPERLINK(1),5.00,USD,T8", // 8: formula
    "1001,2.00,USD,T9", // 9: fine, but 1001 has a refused row
    "1002,1.234,USD,T10", // 10: too many decimals
  ].join("\n");

  it("refuses each with its reason and plans nothing for their orders", () => {
    const result = plan(csv);
    if (!result.ok) throw new Error(result.error);
    expect(result.rows).toEqual([]);
    const reasons = Object.fromEntries(result.refused.map((r) => [r.line, r.reason]));
    expect(reasons[2]).toMatch(/No order #9999/);
    expect(reasons[3]).toMatch(/negative/);
    expect(reasons[4]).toMatch(/not a number/);
    expect(reasons[5]).toMatch(/EUR is not the store's currency/);
    expect(reasons[6]).toMatch(/Duplicate key: also on line 7/);
    expect(reasons[7]).toMatch(/Duplicate key: also on line 6/);
    expect(reasons[8]).toMatch(/formula/);
    expect(reasons[9]).toMatch(/Another label of this order was refused/);
    expect(reasons[10]).toMatch(/decimals/);
    expect(result.refused).toHaveLength(9);
  });

  it("refuses an order number that names two orders", () => {
    const result = plan("Order Number,Shipping Cost\n1001,1", [stored("1001"), stored("1001", { id: "twin" })]);
    expect(result.ok && result.refused[0].reason).toMatch(/names 2 orders/);
  });

  it("sees the same untracked row twice as a duplicate, two different labels as two", () => {
    const twice = plan("Order Number,Shipping Cost\n1001,5\n1001,5");
    expect(twice.ok && twice.refused.map((r) => r.line)).toEqual([2, 3]);
    const two = plan("Order Number,Shipping Cost\n1001,5\n1001,3.5");
    expect(two.ok && two.rows.map((r) => r.costMinor)).toEqual([850]);
  });

  it("plans or refuses every line of any file, and never throws (fuzz)", () => {
    const cell = fc.oneof(
      fc.constantFrom("1001", "#1002", "1003", "9999", "", "-1", "1e3", "=1+1", "@x", "5.00", "0", "USD", "EUR", "abc"),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell, cell, cell), { maxLength: 30 }), (rows) => {
        const text = [
          "Order Number,Shipping Cost,Currency,Tracking Number",
          ...rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")),
        ].join("\n");
        const result = plan(text);
        if (!result.ok) return;
        const lines = [...result.rows.flatMap((r) => r.lines), ...result.refused.map((r) => r.line)];
        expect(new Set(lines).size).toBe(lines.length);
        for (const r of result.rows) expect(r.costMinor).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
