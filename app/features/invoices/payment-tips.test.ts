import { describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { paymentTips, type PaidInvoice } from "./payment-tips";

/** An invoice sent on June 1 on `terms` days, paid `after` days later, for $200. */
const inv = (after: number, terms = 14, totalMinor: number | null = 200_00): PaidInvoice => ({
  sentDay: "2026-06-01",
  paidDay: addDays("2026-06-01", after),
  dueDay: addDays("2026-06-01", terms),
  dueInDays: terms,
  totalMinor,
});

describe("paymentTips", () => {
  it("computes the early-payment tip from how long customers took, with the discount's most cost", () => {
    const { earlyPayment } = paymentTips(
      [3, 10, 20, 25, 30, 40].map((d) => inv(d)),
      "USD",
    );
    // Median of 3, 10, 20, 25, 30, 40 = 22.5 → 23 days; 1 of 6 within 7 days; 5% of 6 × $200.
    expect(earlyPayment.facts).toEqual({ paid: 6, medianDays: 23, within: "17%", cost: "$60.00" });
    expect(earlyPayment.text).toContain("about 16 days sooner");
    expect(earlyPayment.text).toContain("$60.00");
  });

  it("says a discount would mostly reward what fast payers do anyway", () => {
    const { earlyPayment } = paymentTips(
      [1, 2, 3, 4, 12].map((d) => inv(d)),
      "USD",
    );
    expect(earlyPayment.facts.medianDays).toBe(3);
    expect(earlyPayment.text).toMatch(/^Half your customers pay within 3 days already \(80% within 7/);
  });

  it("judges the usual terms by the share paid by the due date, and how late the rest were", () => {
    const late = paymentTips([5, 20, 24, 30, 10, 12].map((d) => inv(d, 14)).concat([inv(2, 30)]), "USD");
    expect(late.terms.title).toBe("Net-14 terms");
    // On net-14: 5, 10, 12 on time; 20, 24, 30 late by 6, 10, 16 → median 10.
    expect(late.terms.facts).toEqual({ usual: 14, invoices: 6, onTime: "50%", lateDays: 10 });
    expect(late.terms.text).toMatch(/^Only 50% of invoices on net-14 terms/);
    const good = paymentTips(
      [5, 10, 20, 25, 29].map((d) => inv(d, 30)),
      "USD",
    );
    expect(good.terms.facts.onTime).toBe("100%");
    expect(good.terms.text).toContain("your terms work");
  });

  it("leaves invoices in another currency out of the money and waits for enough paid invoices", () => {
    const mixed = paymentTips([inv(10), inv(12), inv(14), inv(16, 14, null), inv(18, 14, null)], "USD");
    expect(mixed.earlyPayment.facts.cost).toBe("$30.00");
    const few = paymentTips([inv(10), inv(12)], "USD");
    expect(few.earlyPayment.text).toContain("(2 paid invoices so far)");
    expect(few.terms.facts).toEqual({ paid: 2 });
  });
});
