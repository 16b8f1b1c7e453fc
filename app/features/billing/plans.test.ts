import { describe, expect, it } from "vitest";
import { PLANS, annualMonthlyFigure, annualSaving, planFor } from "~/features/billing/plans";

describe("price list", () => {
  it("shows Pro annual as floor(470 / 12) per month and saves 49 × 12 − 470", () => {
    expect(annualMonthlyFigure(PLANS.pro)).toBe(39);
    expect(annualSaving(PLANS.pro)).toBe(118);
  });
  it("has a custom Enterprise price and falls back to Starter", () => {
    expect(annualMonthlyFigure(PLANS.enterprise)).toBeNull();
    expect(planFor("unknown").id).toBe("starter");
    expect(PLANS.starter.invoicesPerMonth).toBe(25);
  });
});
