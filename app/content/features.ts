// Copy of the features page (docs/product/public-site.md#features-features).
import type { PageSeo } from "~/content/seo";

export const FEATURES_SEO: PageSeo = {
  title: "Features",
  description:
    "Real-time analytics, AI insights, customer intelligence, digital assets, privacy compliance and loyalty programs for Shopify stores.",
  path: "/features",
};

export const FEATURES_INTRO = {
  title: "Everything you need to grow a profitable store",
  lead: "Six tools that share one source of truth: your store's own orders, costs and customers.",
};

export type FeatureBlock = {
  id: string;
  title: string;
  text: string;
  benefits: string[];
  preview: "bars" | "list" | "rings" | "grid" | "shield" | "tiers";
};

export const FEATURE_BLOCKS: FeatureBlock[] = [
  {
    id: "analytics",
    title: "Real-time analytics dashboard",
    text: "Live revenue and sales, customer behaviour, product performance, geographic sales and traffic sources on one screen.",
    benefits: [
      "Live revenue, orders and average order value",
      "Net profit after cost of goods, ad spend and expenses",
      "Top products and categories by margin",
      "Sales by country and region",
      "Traffic sources and conversion funnel",
    ],
    preview: "bars",
  },
  {
    id: "ai-insights",
    title: "AI insights",
    text: "An explainable engine that watches inventory, pricing, segments, marketing and sales forecasts, and tells you why.",
    benefits: [
      "Stock-out warnings before you run dry",
      "Margin alerts on under-priced products",
      "Anomaly detection on revenue and refunds",
      "Sales forecasts for the weeks ahead",
      "Every insight shows the figures and rule behind it",
    ],
    preview: "list",
  },
  {
    id: "customers",
    title: "Customer intelligence",
    text: "Understand lifetime value, behavioural segments, churn risk and the journeys that lead to repeat orders.",
    benefits: [
      "Lifetime value per customer and segment",
      "VIP, regular, new and at-risk segments",
      "Churn prediction from purchase gaps",
      "Customer journeys across channels",
      "Exports for your e-mail and SMS tools",
    ],
    preview: "rings",
  },
  {
    id: "digital-assets",
    title: "Digital assets and loyalty tokens",
    text: "Manage digital collectibles and loyalty tokens next to the rest of your store data.",
    benefits: [
      "Collections, supply and minted counts",
      "Loyalty tokens with rewards distributed",
      "Wallet connections per customer",
      "Activity history for every asset",
      "Draft, active and paused states",
    ],
    preview: "grid",
  },
  {
    id: "privacy",
    title: "Privacy and compliance suite",
    text: "GDPR and CCPA handled for you: data requests, audit trails and cookie consent in one place.",
    benefits: [
      "Access, deletion and portability requests",
      "30-day response deadlines tracked",
      "Audit trail of every privacy action",
      "Shopify compliance webhooks handled",
      "Compliance checklist with a score",
    ],
    preview: "shield",
  },
  {
    id: "loyalty",
    title: "Loyalty programs",
    text: "Tiers, points, referrals and campaigns that reward your best customers automatically.",
    benefits: [
      "Bronze, Silver, Gold and Platinum tiers",
      "Points with a configurable value",
      "Referral rewards",
      "Campaigns with reward multipliers",
      "Retention and redemption analytics",
    ],
    preview: "tiers",
  },
];

export const FEATURES_INTEGRATIONS = ["Shopify", "OpenAI", "Google Analytics", "Klaviyo", "Twilio", "Stripe"];
