import { describe, expect, it } from "vitest";
import { invoiceMailContent } from "~/features/invoices/mail-content";
import { computeTotals } from "~/features/invoices/money";

const lines = [
  { title: "Design work", quantity: 2, unitPriceMinor: 19_99 },
  { title: "Hosting", quantity: 1, unitPriceMinor: 5_00 },
];
const totals = computeTotals(lines, 0.0825, 7_50);
const invoice = {
  number: "INV-0007",
  status: "sent",
  currency: "USD",
  dueDate: "2026-12-01",
  customerName: "Ada <Lovelace>",
  taxRate: 0.0825,
  ...totals,
  items: lines.map((l, i) => ({ ...l, lineTotalMinor: totals.lineTotalsMinor[i] })),
};
const ctx = {
  payment: { kind: "instructions" as const, text: "Bank transfer" },
  hostedUrl: "https://app.example/i/token",
  ads: { top: [], bottom: [], sidebar: [] },
};

describe("invoice e-mail", () => {
  it("shows the PDF's breakdown, so the lines add up to the total", () => {
    const { text, html } = invoiceMailContent("Numbers Inc", invoice, ctx, { kind: "invoice" });
    // 2 × 19.99 + 5.00 = 44.98; tax 8.25% = 3.71 (half up); shipping 7.50; total 56.19
    for (const line of ["Subtotal: $44.98", "Tax (8.25%): $3.71", "Shipping: $7.50", "Total USD: $56.19"])
      expect(text).toContain(line);
    for (const cell of ["Subtotal", "Tax (8.25%)", "$3.71", "Shipping", "$7.50", "Total USD", "$56.19"])
      expect(html).toContain(cell);
    expect(html).toContain("Ada &lt;Lovelace&gt;");
    expect(html.indexOf("Subtotal")).toBeLessThan(html.indexOf("Total USD"));
  });

  it("has the same breakdown in reminders", () => {
    const { text } = invoiceMailContent("Numbers Inc", invoice, ctx, { kind: "reminder", step: 3 });
    expect(text).toContain("Tax (8.25%): $3.71");
    expect(text).toContain("Shipping: $7.50");
  });
});
