import { describe, expect, it } from "vitest";
import { describeChange, fieldLabel } from "~/features/audit/change";

const json = (v: unknown) => JSON.stringify(v);

describe("an audit entry's change as a merchant reads it", () => {
  it("lists each changed field as field: before → after, leaving unchanged ones out", () => {
    expect(
      describeChange(json({ leadTimeDays: 7, name: "Acme" }), json({ leadTimeDays: 10, name: "Acme" }), "UTC"),
    ).toEqual(["Lead time days: 7 → 10"]);
  });

  it("shows what was set on a create and what was removed on a delete", () => {
    expect(describeChange(null, json({ costPerUnit: "4.50", sku: null }), "UTC")).toEqual([
      "Cost per unit: 4.50",
      "Sku: —",
    ]);
    expect(describeChange(json({ id: "s1", name: "Acme" }), null, "UTC")).toEqual(["Name: Acme → —"]);
  });

  it("shows instants in the shop's time zone and lists and nested values briefly", () => {
    expect(describeChange(null, json({ until: "2026-11-29T02:30:00.000Z" }), "America/New_York")).toEqual([
      "Until: 2026-11-28 21:30",
    ]);
    expect(describeChange(json({ tags: ["a"] }), json({ tags: ["a", "b"] }), "UTC")).toEqual(["Tags: a → a, b"]);
    expect(describeChange(null, json({ window: { from: "2026-01-01", to: "2026-01-31" } }), "UTC")).toEqual([
      "Window: From 2026-01-01, To 2026-01-31",
    ]);
  });

  it("keeps text that is not JSON (cut at the stored limit) as it is, and plain values as before → after", () => {
    expect(describeChange('{"note":"abc…', null, "UTC")).toEqual(['{"note":"abc… → —']);
    expect(describeChange(json(3), json(4), "UTC")).toEqual(["3 → 4"]);
    expect(describeChange(null, null, "UTC")).toEqual([]);
  });

  it("labels fields in words", () => {
    expect(fieldLabel("reorderPointOverride")).toBe("Reorder point override");
    expect(fieldLabel("supplier_id")).toBe("Supplier id");
  });
});
