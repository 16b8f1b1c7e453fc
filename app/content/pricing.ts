// Copy of the pricing page (docs/product/public-site.md#pricing-pricing). Prices and limits come from app/features/billing/plans.ts only.
import type { PageSeo } from "~/content/seo";
import { APP_LINKS } from "~/content/site";

export const PRICING_SEO: PageSeo = {
  title: "Pricing",
  description:
    "Starter is free, Pro is $49 a month or $470 a year with a 7-day free trial, and Enterprise is priced for you.",
  path: "/pricing",
};

export const PRICING_INTRO = {
  title: "Simple pricing that grows with your store",
  lead: "Start free. Upgrade when you need unlimited invoices and a bigger team. Every paid plan starts with a 7-day free trial.",
};

export type PlanCopy = { tagline: string; cta: { label: string; to: string }; highlights: string[] };

/** Copy per plan id; the plan cards (features/billing/PlanCards.tsx) check that every plan has one. */
export const PLAN_COPY = {
  starter: {
    tagline: "For new stores getting started",
    cta: { label: "Start Free", to: APP_LINKS.dashboard },
    highlights: [
      "25 invoices per month",
      "2 platforms",
      "1 team seat",
      "1,000 API calls per month",
      "3 custom templates",
    ],
  },
  pro: {
    tagline: "For growing stores and teams",
    cta: { label: "Start 7-Day Trial", to: APP_LINKS.dashboard },
    highlights: [
      "Unlimited invoices",
      "Unlimited platforms",
      "Up to 5 team seats",
      "50,000 API calls per month",
      "AI insights and scheduled reminders",
    ],
  },
  enterprise: {
    tagline: "For multi-store brands",
    cta: { label: "Contact Sales", to: "/contact" },
    highlights: [
      "Unlimited everything",
      "Multi-store and SSO",
      "Dedicated onboarding",
      "API access with SLAs",
      "1-hour support response",
    ],
  },
} satisfies Record<string, PlanCopy>;

export const PRICING_FAQS = [
  {
    q: "Can I change plans later?",
    a: "Yes. Upgrade or downgrade at any time from Settings → Plan & billing inside the app. Shopify prorates the charge for you.",
  },
  {
    q: "What happens when the 7-day trial ends?",
    a: "If you approved the Pro subscription, billing starts after the trial. Without a subscription the store stays on the free Starter plan; nothing is lost.",
  },
  {
    q: "How am I billed?",
    a: "Through your Shopify invoice, monthly or annually, in advance. Annual billing saves 20%. Fees are non-refundable, and price changes are announced 30 days ahead.",
  },
  {
    q: "Do you offer custom plans?",
    a: "Enterprise is priced for multi-store brands that need SSO, dedicated onboarding and SLAs. Contact Sales and we will put together a quote.",
  },
];
