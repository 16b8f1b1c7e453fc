// Copy of the smart-invoicing marketing page (docs/product/public-site.md#smart-invoicing-featuressmart-invoicing).
import type { PageSeo } from "~/content/seo";
import { APP_LINKS } from "~/content/site";

export const SMART_INVOICING_SEO: PageSeo = {
  title: "Smart invoicing",
  description:
    "Branded invoice templates, automatic sending with reminders at 3, 7 and 14 days, payment tracking, recurring invoices and 135+ currencies.",
  path: "/features/smart-invoicing",
};

export const SI_HERO = {
  eyebrow: "Smart invoicing",
  title: "Invoices that send, chase and reconcile themselves",
  lead: "Create a branded invoice once, send it in a click, and let reminders and payment tracking do the rest.",
  primary: { label: "Start 7-Day Free Trial", to: APP_LINKS.dashboard },
  secondary: { label: "See the live demo", to: APP_LINKS.invoices },
};

export const SI_CAPABILITIES = [
  {
    title: "Dynamic templates",
    text: "Your logo, colours and terms on every invoice, with fields filled from the order.",
  },
  {
    title: "Auto-send with reminders",
    text: "Invoices go out on time, and polite reminders follow until they are paid.",
  },
  {
    title: "Payment tracking and reconciliation",
    text: "Card and online payments are matched to invoices; statuses update themselves.",
  },
  { title: "Recurring invoices", text: "Retainers and subscriptions invoice themselves on the schedule you set." },
  {
    title: "Multi-currency",
    text: "Invoice in 135+ currencies with correct rounding, including zero-decimal currencies.",
  },
  { title: "Smart scheduling", text: "Send when customers are most likely to pay, in their own time zone." },
];

export const SI_STEPS = [
  { title: "Create a template", text: "Pick a layout, add your brand and default terms. Done once, used everywhere." },
  {
    title: "Auto-send and remind",
    text: "Invoices send automatically. Reminders follow at 3, 7 and 14 days and stop the moment the invoice is paid.",
  },
  {
    title: "Track and reconcile",
    text: "Payments are matched to invoices, overdue ones are flagged, and your books stay current.",
  },
];

export const SI_REMINDER_DAYS = [3, 7, 14];

export const SI_USE_CASES = [
  { title: "Freelancers", text: "Send professional invoices between projects and stop chasing late payments by hand." },
  {
    title: "E-commerce stores",
    text: "Invoice wholesale and B2B orders from your Shopify data, with tax and currency handled.",
  },
  { title: "SaaS", text: "Recurring invoices for subscriptions and usage, reconciled against what was actually paid." },
];

export const SI_FINAL_CTA = {
  title: "Get paid faster, starting this week",
  primary: { label: "Start Free Trial", to: APP_LINKS.dashboard },
  secondary: { label: "View Pricing", to: "/pricing" },
};
