// The one price list (product decisions, "reading A"): it drives the pricing page,
// the landing summary, plan enforcement and billing.

import { EXPORT_FORMAT_LABELS, type ExportFormat } from "~/lib/export-formats";
import { formatMoney } from "~/lib/money";

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
  /** Public API keys the shop may hold at once (revoked and expired ones do not count). */
  apiKeys: number | null;
  customTemplates: number | null;
  supportResponse: string;
  uptimeSla: string;
  dataExport: string;
  /** The file formats its data exports may take. */
  exportFormats: ExportFormat[];
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
    apiKeys: 2,
    customTemplates: 3,
    supportResponse: "48 hours",
    uptimeSla: "99%",
    dataExport: "CSV",
    exportFormats: ["csv"],
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
    apiKeys: 10,
    customTemplates: null,
    supportResponse: "12 hours",
    uptimeSla: "99.9%",
    dataExport: "CSV, JSON and Excel",
    exportFormats: ["csv", "json", "xlsx"],
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
    apiKeys: null,
    customTemplates: null,
    supportResponse: "1 hour",
    uptimeSla: "99.99%",
    dataExport: "CSV, JSON, Excel and API",
    exportFormats: ["csv", "json", "xlsx"],
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

// ── Display, comparison and billing (public site and Settings → Plan & billing) ──

export type BillingCycle = "monthly" | "annual";

/** Whole-dollar prices as the price list shows them ("$49", not "$49.00"). */
export function wholeUsd(minor: number): string {
  return formatMoney(minor, "USD").replace(/\.00$/, "");
}

export type PriceView = { amount: string; period: string; note: string | null; billedAs: string | null };

/** What a plan card shows for the chosen cycle. Annual: floor(annual / 12) per month and "Save $X/year". */
export function priceView(plan: Plan, cycle: BillingCycle): PriceView {
  if (plan.monthlyPriceMinor === null || plan.annualPriceMinor === null)
    return { amount: "Custom", period: "", note: null, billedAs: "Priced for your business" };
  if (plan.monthlyPriceMinor === 0)
    return { amount: wholeUsd(0), period: "/month", note: null, billedAs: "Free forever" };
  if (cycle === "monthly")
    return { amount: wholeUsd(plan.monthlyPriceMinor), period: "/month", note: null, billedAs: "Billed monthly" };
  const perMonth = annualMonthlyFigure(plan)!;
  const saving = annualSaving(plan)!;
  return {
    amount: wholeUsd(perMonth * 100),
    period: "/month",
    note: saving > 0 ? `Save ${wholeUsd(saving * 100)}/year` : null,
    billedAs: `Billed ${wholeUsd(plan.annualPriceMinor)} annually`,
  };
}

function limit(value: number | null, unit = ""): string {
  if (value === null) return "Unlimited";
  return `${value.toLocaleString("en-US")}${unit}`;
}

/** Rows of the pricing page's comparison table: every plan limit and service level. */
export const COMPARISON_ROWS: { label: string; value: (plan: Plan) => string }[] = [
  { label: "Invoices per month", value: (p) => limit(p.invoicesPerMonth) },
  { label: "Connected platforms", value: (p) => limit(p.platforms) },
  {
    label: "Team seats",
    value: (p) => (p.seats === null ? "Unlimited" : p.id === "pro" ? `Up to ${p.seats}` : String(p.seats)),
  },
  { label: "API calls per month", value: (p) => limit(p.apiCallsPerMonth) },
  { label: "API rate limit per hour", value: (p) => limit(p.apiCallsPerHour) },
  { label: "Custom invoice templates", value: (p) => limit(p.customTemplates) },
  { label: "Custom dashboards", value: (p) => (p.customDashboards === 0 ? "None" : limit(p.customDashboards)) },
  { label: "Data export", value: (p) => p.dataExport },
  { label: "Support response", value: (p) => `Within ${p.supportResponse}` },
  { label: "Uptime SLA", value: (p) => p.uptimeSla },
  {
    label: "Free trial",
    value: (p) => (p.trialDays ? `${p.trialDays} days` : p.id === "starter" ? "Free plan" : "On request"),
  },
];

/** Shopify Billing API plan keys (the names merchants see on the charge) and what they grant. */
export const BILLING_PLANS = {
  "Pro Monthly": { planId: "pro" as PlanId, cycle: "monthly" as BillingCycle },
  "Pro Annual": { planId: "pro" as PlanId, cycle: "annual" as BillingCycle },
} as const;

export type BillingPlanKey = keyof typeof BILLING_PLANS;

export function billingPlanKey(planId: PlanId, cycle: BillingCycle): BillingPlanKey | null {
  if (planId !== "pro") return null;
  return cycle === "annual" ? "Pro Annual" : "Pro Monthly";
}

export function isBillingPlanKey(name: string): name is BillingPlanKey {
  return Object.prototype.hasOwnProperty.call(BILLING_PLANS, name);
}

export type PlanLimit =
  | "invoicesPerMonth"
  | "platforms"
  | "seats"
  | "apiCallsPerMonth"
  | "apiCallsPerHour"
  | "apiKeys"
  | "customTemplates"
  | "customDashboards";

const LIMIT_NOUNS: Record<PlanLimit, string> = {
  invoicesPerMonth: "invoices per month",
  platforms: "connected platforms",
  seats: "team seats",
  apiCallsPerMonth: "API calls per month",
  apiCallsPerHour: "API calls per hour",
  apiKeys: "API keys",
  customTemplates: "custom templates",
  customDashboards: "custom dashboards",
};

export const UPGRADE_PATH = "/settings?tab=plan";

/**
 * Plan enforcement: null when `used` more would still be within the plan, otherwise
 * the message to show, naming the limit and the plan that lifts it.
 */
export function checkPlanLimit(
  plan: Plan,
  key: PlanLimit,
  usedAfter: number,
): { message: string; upgradeUrl: string } | null {
  const max = plan[key];
  if (max === null || usedAfter <= max) return null;
  const next = PLAN_ORDER.map((id) => PLANS[id]).find(
    (p) =>
      PLAN_ORDER.indexOf(p.id) > PLAN_ORDER.indexOf(plan.id) && (p[key] === null || (p[key] as number) >= usedAfter),
  );
  const upgrade = next
    ? ` Upgrade to ${next.name} for ${next[key] === null ? "unlimited" : (next[key] as number).toLocaleString("en-US")} ${LIMIT_NOUNS[key]}.`
    : "";
  return {
    message: `Your ${plan.name} plan includes ${(max as number).toLocaleString("en-US")} ${LIMIT_NOUNS[key]}.${upgrade}`,
    upgradeUrl: UPGRADE_PATH,
  };
}

/**
 * Plan enforcement for export formats: null when the plan includes `format`, otherwise the
 * message naming the first plan that does (answered with 403 and the upgrade path).
 */
export function checkExportFormat(plan: Plan, format: ExportFormat): { message: string; upgradeUrl: string } | null {
  if (plan.exportFormats.includes(format)) return null;
  const next = PLAN_ORDER.map((id) => PLANS[id]).find(
    (p) => PLAN_ORDER.indexOf(p.id) > PLAN_ORDER.indexOf(plan.id) && p.exportFormats.includes(format),
  );
  return {
    message:
      `Your ${plan.name} plan exports ${plan.exportFormats.map((f) => EXPORT_FORMAT_LABELS[f]).join(", ")} only.` +
      (next ? ` Upgrade to ${next.name} to export ${EXPORT_FORMAT_LABELS[format]}.` : ""),
    upgradeUrl: UPGRADE_PATH,
  };
}
