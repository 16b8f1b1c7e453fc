import { describe, expect, it } from "vitest";
import {
  BILLING_PLANS,
  COMPARISON_ROWS,
  PLANS,
  billingPlanKey,
  checkExportFormat,
  checkPlanLimit,
  priceView,
} from "~/features/billing/plans";

describe("plan cards", () => {
  it("shows Pro at $49/month, or $39/month billed $470 annually with Save $118/year", () => {
    expect(priceView(PLANS.pro, "monthly")).toMatchObject({ amount: "$49", period: "/month", note: null });
    expect(priceView(PLANS.pro, "annual")).toMatchObject({
      amount: "$39",
      note: "Save $118/year",
      billedAs: "Billed $470 annually",
    });
  });
  it("keeps Starter free and Enterprise custom in both modes", () => {
    expect(priceView(PLANS.starter, "annual").amount).toBe("$0");
    expect(priceView(PLANS.enterprise, "monthly").amount).toBe("Custom");
  });
  it("compares every limit and service level", () => {
    const row = (label: string) => COMPARISON_ROWS.find((r) => r.label === label)!;
    expect(row("Invoices per month").value(PLANS.starter)).toBe("25");
    expect(row("Invoices per month").value(PLANS.pro)).toBe("Unlimited");
    expect(row("API calls per month").value(PLANS.pro)).toBe("50,000");
    expect(row("Team seats").value(PLANS.pro)).toBe("Up to 5");
    expect(row("Support response").value(PLANS.enterprise)).toBe("Within 1 hour");
    expect(row("Uptime SLA").value(PLANS.pro)).toBe("99.9%");
    expect(row("Custom dashboards").value(PLANS.starter)).toBe("None");
  });
});

describe("billing plans", () => {
  it("maps Pro and a cycle to a Billing API plan key", () => {
    expect(billingPlanKey("pro", "annual")).toBe("Pro Annual");
    expect(billingPlanKey("starter", "monthly")).toBeNull();
    expect(BILLING_PLANS["Pro Monthly"].planId).toBe("pro");
  });
});

describe("plan limits", () => {
  it("lets a shop use its allowance and names the upgrade past it", () => {
    expect(checkPlanLimit(PLANS.starter, "invoicesPerMonth", 25)).toBeNull();
    const over = checkPlanLimit(PLANS.starter, "invoicesPerMonth", 26)!;
    expect(over.message).toBe(
      "Your Starter plan includes 25 invoices per month. Upgrade to Pro for unlimited invoices per month.",
    );
    expect(over.upgradeUrl).toBe("/settings?tab=plan");
    expect(checkPlanLimit(PLANS.pro, "seats", 6)!.message).toContain("Upgrade to Enterprise");
    expect(checkPlanLimit(PLANS.enterprise, "seats", 500)).toBeNull();
  });
});

describe("checkExportFormat", () => {
  it("lets every plan export CSV and names the upgrade for JSON and Excel on Starter", () => {
    expect(checkExportFormat(PLANS.starter, "csv")).toBeNull();
    expect(checkExportFormat(PLANS.starter, "xlsx")).toEqual({
      message: "Your Starter plan exports CSV only. Upgrade to Pro to export Excel (.xlsx).",
      upgradeUrl: "/settings?tab=plan",
    });
    expect(checkExportFormat(PLANS.pro, "json")).toBeNull();
    expect(checkExportFormat(PLANS.enterprise, "xlsx")).toBeNull();
  });
});
