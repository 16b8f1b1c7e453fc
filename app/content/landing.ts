// Copy of the landing page (docs/product/public-site.md#landing-page-).
import type { PageSeo } from "~/content/seo";
import { APP_LINKS, SITE } from "~/content/site";

export const LANDING_SEO: PageSeo = {
  title: "Profit Pilot — smart invoicing and profit analytics for Shopify stores",
  description:
    "Branded invoices with automatic reminders, unified revenue and net-profit analytics, and AI insights that flag anomalies. Free 7-day trial.",
  path: "/",
};

export const HERO = {
  eyebrow: "Built for Shopify merchants",
  title: "Know what your store really earns — and get paid faster",
  lead: "Smart invoicing with card and online payments, automatic reminders and status updates, plus unified analytics that turn revenue, ad spend and costs into one honest net-profit figure.",
  primary: { label: "Get Started — Free 7-Day Trial", to: APP_LINKS.dashboard },
  secondary: { label: "See Smart Invoices", to: APP_LINKS.invoices },
  note: "7-day free trial · No credit card required · Cancel anytime",
};

export const STATS = [
  { value: "10,000+", label: "Active stores" },
  { value: "500M+", label: "Data points analysed" },
  { value: "99.9%", label: "Uptime guarantee" },
  { value: SITE.supportHoursShort.days, label: `Support, ${SITE.supportHoursShort.hours}` },
];

export const FEATURE_CARDS = [
  {
    icon: "invoice",
    title: "Smart invoicing",
    text: "Branded invoices, card and online-payment acceptance, automatic reminders and status updates that keep themselves current.",
    cta: { label: "Create Invoice", to: "/features/smart-invoicing" },
  },
  {
    icon: "chart",
    title: "Unified analytics",
    text: "Revenue, ad spend and net profit side by side, with AI insights that flag anomalies before they cost you.",
    cta: { label: "View Dashboard", to: APP_LINKS.dashboard },
  },
  {
    icon: "plug",
    title: "One-click integrations",
    text: "Connect your store platform, payment providers and the API in minutes; your data arrives on its own.",
    cta: { label: "View Integrations", to: "/integrations" },
  },
] as const;

/** What works today (app/content/integrations.ts lists the rest as coming). */
export const INTEGRATION_STRIP = ["Shopify", "Shopify Plus", "Stripe", "PayPal", "REST API"];

export const STEPS = [
  {
    title: "Connect your store",
    text: "Install from the Shopify App Store. Your store is connected in under 60 seconds.",
  },
  {
    title: "AI analyses your data",
    text: "Orders, costs and traffic are analysed to find what drives — and drains — your profit.",
  },
  {
    title: "Act on the recommendations",
    text: "Implement the suggestions, send invoices and watch net profit move on the dashboard.",
  },
];

export type Testimonial = { quote: string; author: string; role: string; rating?: number };

export const TESTIMONIALS: Testimonial[] = [
  {
    quote: "We finally know our real margin per product. Reminders alone cut our overdue invoices in half.",
    author: "Maya Chen",
    role: "Founder, Lumen Goods",
    rating: 5,
  },
  {
    quote: "The net-profit view changed how we spend on ads. We paused two campaigns the first week.",
    author: "Daniel Ortiz",
    role: "Head of Growth, Northline Outfitters",
    rating: 5,
  },
  {
    quote: "Setup took minutes and the invoices look like ours, not like a template.",
    author: "Priya Nair",
    role: "Owner, Saffron & Sage",
  },
];

/** The same controls as /security (app/content/security.ts), in short. */
export const SECURITY_CARDS = [
  {
    title: "GDPR built in",
    text: "Data-subject requests tracked against 30 days, with exports delivered by signed link.",
  },
  {
    title: "Signed webhooks, scoped data",
    text: "Every webhook's signature is checked, and every query is limited to your store.",
  },
  {
    title: "HTTPS only",
    text: "Pages are served over HTTPS with HSTS; card details stay on Stripe's own checkout page.",
  },
];

export const FINAL_CTA = {
  title: "Ready to see your real profit?",
  text: "Start free for 7 days. No credit card required.",
  primary: { label: "Start Your Free Trial", to: APP_LINKS.dashboard },
  secondary: { label: "Contact Sales", to: "/contact" },
};
