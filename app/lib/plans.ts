// The one price list (product decisions, "reading A"): it drives the pricing page,
// the landing summary, plan enforcement and billing.

export type PlanId = "starter" | "pro" | "enterprise";

export type Plan = {
  id: PlanId;
  name: string;
  /** Price in USD minor units; null for a custom (quoted) price. */
  monthlyPriceMinor: number | null;
  annualPriceMinor: number | null;
  trialDays: number;
  /** null = unlimited. */
  invoicesPerMonth: number | null;
  platforms: number | null;
  seats: number | null;
  apiCallsPerMonth: number | null;
  apiCallsPerHour: number | null;
  customTemplates: number | null;
  supportResponse: string;
  uptimeSla: string;
  dataExport: string;
  customDashboards: number | null;
  mostPopular?: boolean;
};

export const PLANS: Record<PlanId, Plan> = {
  starter: {
    id: "starter",
    name: "Starter",
    monthlyPriceMinor: 0,
    annualPriceMinor: 0,
    trialDays: 0,
    invoicesPerMonth: 25,
    platforms: 2,
    seats: 1,
    apiCallsPerMonth: 1_000,
    apiCallsPerHour: 1_000,
    customTemplates: 3,
    supportResponse: "48 hours",
    uptimeSla: "99%",
    dataExport: "CSV",
    customDashboards: 0,
  },
  pro: {
    id: "pro",
    name: "Pro",
    monthlyPriceMinor: 49_00,
    annualPriceMinor: 470_00,
    trialDays: 7,
    invoicesPerMonth: null,
    platforms: null,
    seats: 5,
    apiCallsPerMonth: 50_000,
    apiCallsPerHour: 10_000,
    customTemplates: null,
    supportResponse: "12 hours",
    uptimeSla: "99.9%",
    dataExport: "CSV, JSON and Excel",
    customDashboards: 5,
    mostPopular: true,
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    monthlyPriceMinor: null,
    annualPriceMinor: null,
    trialDays: 0,
    invoicesPerMonth: null,
    platforms: null,
    seats: null,
    apiCallsPerMonth: null,
    apiCallsPerHour: null,
    customTemplates: null,
    supportResponse: "1 hour",
    uptimeSla: "99.99%",
    dataExport: "CSV, JSON, Excel and API",
    customDashboards: null,
  },
};

export const PLAN_ORDER: PlanId[] = ["starter", "pro", "enterprise"];

export function planFor(id: string | null | undefined): Plan {
  return PLANS[(id ?? "starter") as PlanId] ?? PLANS.starter;
}

/** Monthly figure shown in annual mode: floor(annual / 12) in whole currency units. */
export function annualMonthlyFigure(plan: Plan): number | null {
  if (plan.annualPriceMinor === null) return null;
  return Math.floor(plan.annualPriceMinor / 100 / 12);
}

/** "Save $X/year": twelve monthly payments minus the annual price, in whole units. */
export function annualSaving(plan: Plan): number | null {
  if (plan.monthlyPriceMinor === null || plan.annualPriceMinor === null) return null;
  return Math.round((plan.monthlyPriceMinor * 12 - plan.annualPriceMinor) / 100);
}

export const ANNUAL_DISCOUNT_LABEL = "Save 20%";
