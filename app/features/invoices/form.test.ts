import { describe, expect, it } from "vitest";
import { invoiceCreateSchema } from "~/features/invoices/schema";
import { emptyForm, newAdRow, previewTotals, toPayload } from "~/features/invoices/form";

const filled = () => ({
  ...emptyForm("EUR"),
  email: "a@example.com",
  name: "A",
  items: [{ key: "k", title: "Thing", qty: "2", price: "9.95" }],
});

describe("create form → payload", () => {
  it("falls back to quantity 1 and price 0 when unreadable", () => {
    const p = toPayload({ ...filled(), items: [{ key: "k", title: "Thing", qty: "abc", price: "lots" }] });
    expect(p.items).toEqual([{ title: "Thing", qty: 1, unit_price: "0" }]);
    expect(invoiceCreateSchema.safeParse(p).success).toBe(true);
  });

  it("stores the tax percent as a fraction with two percent decimals", () => {
    expect(toPayload({ ...filled(), taxPercent: "8.25" }).tax_rate).toBe(0.0825);
    expect(toPayload({ ...filled(), taxPercent: "19" }).tax_rate).toBe(0.19);
    const finer = toPayload({ ...filled(), taxPercent: "8.255" });
    expect(invoiceCreateSchema.safeParse(finer).success).toBe(false);
  });

  it("omits payment_method when none and marketing_ads when empty; defaults due in 7 days", () => {
    const p = toPayload(filled());
    expect(p).not.toHaveProperty("payment_method");
    expect(p).not.toHaveProperty("marketing_ads");
    expect(p.due_in_days).toBe(7);
    expect(p.currency).toBe("EUR");
    expect(toPayload({ ...filled(), paymentMethod: "paypal" }).payment_method).toBe("paypal");
  });

  it("sends the interval only for a recurring invoice, and ads with their positions", () => {
    expect(toPayload(filled())).not.toHaveProperty("recurring_interval");
    expect(toPayload({ ...filled(), isRecurring: true, interval: "weekly" }).recurring_interval).toBe("weekly");
    const ad = { ...newAdRow(), title: "Sale", description: "10% off", linkUrl: "https://x.example", position: "top" };
    const p = toPayload({ ...filled(), ads: [ad], adRotation: true });
    expect(p.marketing_ads).toEqual([
      { id: "ad-1", title: "Sale", description: "10% off", linkUrl: "https://x.example", position: "top" },
    ]);
    expect(p.ad_rotation_enabled).toBe(true);
    expect(invoiceCreateSchema.safeParse(p).success).toBe(true);
  });
});

describe("currency codes", () => {
  it("answers a malformed currency with a field error instead of failing", async () => {
    const { invoiceCreateSchema } = await import("~/features/invoices/schema");
    for (const currency of ["US", "12", "EURO", ""]) {
      const result = invoiceCreateSchema.safeParse({
        customer: { email: "a@example.com", name: "A" },
        items: [{ title: "t", qty: 1, unit_price: "1.00" }],
        currency,
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join("."))).toContain("currency");
    }
  });
});

describe("tax rate in percent", () => {
  it("answers in percent when the rate is out of range", () => {
    for (const taxPercent of ["150", "-5"]) {
      const result = invoiceCreateSchema.safeParse(toPayload({ ...filled(), taxPercent }));
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["tax_rate", "Tax rate must be between 0% and 100%"],
      ]);
    }
  });
});

describe("live total", () => {
  it("computes what the server stores: 3 × 19.99 + 8.25% tax (half up) + 5.00 shipping", () => {
    const form = {
      ...filled(),
      currency: "USD",
      items: [{ key: "k", title: "Earbuds", qty: "3", price: "19.99" }],
      taxPercent: "8.25",
      shipping: "5",
    };
    expect(previewTotals(form)).toEqual({
      lineTotalsMinor: [59_97],
      subtotalMinor: 59_97,
      taxMinor: 4_95,
      shippingMinor: 5_00,
      totalMinor: 69_92,
    });
  });

  it("follows every line as it is typed, and waits while a figure cannot be stored", () => {
    const base = { ...filled(), currency: "USD", taxPercent: "10", shipping: "0" };
    const two = {
      ...base,
      items: [
        { key: "a", title: "A", qty: "2", price: "1.50" },
        { key: "b", title: "B", qty: "1", price: "" },
      ],
    };
    expect(previewTotals(two)?.totalMinor).toBe(3_30);
    expect(previewTotals({ ...two, items: [two.items[0], { ...two.items[1], price: "0.70" }] })?.totalMinor).toBe(4_07);
    expect(previewTotals({ ...base, items: [{ key: "a", title: "A", qty: "1", price: "1.999" }] })).toBeNull();
    expect(
      previewTotals({ ...base, items: [{ key: "a", title: "A", qty: "1", price: "1" }], currency: "JPY" }),
    ).toEqual(expect.objectContaining({ totalMinor: 1 }));
    expect(previewTotals({ ...base, taxPercent: "101" })).toBeNull();
    expect(previewTotals({ ...base, items: [{ key: "a", title: "A", qty: "-1", price: "1" }] })).toBeNull();
  });
});
