// The Billing API plans, derived from the one price list (app/features/billing/plans.ts).
import { BillingInterval } from "@shopify/shopify-app-remix/server";
import { BILLING_PLANS, PLANS, type BillingPlanKey } from "~/features/billing/plans";

const pro = PLANS.pro;

export const BILLING_CONFIG = {
  "Pro Monthly": {
    trialDays: pro.trialDays,
    lineItems: [
      { amount: pro.monthlyPriceMinor! / 100, currencyCode: "USD", interval: BillingInterval.Every30Days as const },
    ],
  },
  "Pro Annual": {
    trialDays: pro.trialDays,
    lineItems: [
      { amount: pro.annualPriceMinor! / 100, currencyCode: "USD", interval: BillingInterval.Annual as const },
    ],
  },
} satisfies Record<BillingPlanKey, unknown>;

export const BILLING_PLAN_KEYS = Object.keys(BILLING_PLANS) as BillingPlanKey[];
