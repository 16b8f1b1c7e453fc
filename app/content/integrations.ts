// The integrations catalogue: the public /integrations page and the in-app
// Settings → Integrations section read the same list, so "Available" means the
// same thing in both places.
import type { PageSeo } from "~/content/seo";
import { APP_LINKS } from "~/content/site";

export const INTEGRATIONS_SEO: PageSeo = {
  title: "Integrations",
  description:
    "Profit Pilot works with Shopify and Shopify Plus, and takes invoice payments through Stripe and PayPal today; AI, analytics, marketing, support and automation tools are on the way.",
  path: "/integrations",
};

export const INTEGRATION_CATEGORIES = [
  "E-commerce",
  "AI & Analytics",
  "Marketing",
  "Payment",
  "Support",
  "Automation",
] as const;
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

export type Integration = {
  id: string;
  name: string;
  category: IntegrationCategory;
  status: "Available" | "Coming Soon";
  description: string;
  features: string[];
  /** How a merchant turns it on in the app (Settings → Integrations), when it is more than installing. */
  setup?: { text: string; link?: { label: string; to: string } };
};

export const INTEGRATIONS: Integration[] = [
  {
    id: "shopify",
    name: "Shopify",
    category: "E-commerce",
    status: "Available",
    description: "Orders, products, inventory and customers sync from your store. Connected when you install the app.",
    features: ["Order and refund sync", "Product costs", "Inventory levels"],
  },
  {
    id: "shopify-plus",
    name: "Shopify Plus",
    category: "E-commerce",
    status: "Available",
    description: "Everything in Shopify, across every expansion store of your Plus organisation.",
    features: ["Multi-store reporting", "Staff accounts", "Wholesale orders"],
  },
  {
    id: "openai",
    name: "OpenAI",
    category: "AI & Analytics",
    status: "Coming Soon",
    description: "Plain-language summaries of your insights and forecasts.",
    features: ["Weekly digest", "Ask your data", "Insight explanations"],
  },
  {
    id: "google-analytics",
    name: "Google Analytics",
    category: "AI & Analytics",
    status: "Coming Soon",
    description: "Bring sessions and campaign data into the profit view.",
    features: ["Traffic sources", "Campaign attribution", "Funnels"],
  },
  {
    id: "klaviyo",
    name: "Klaviyo",
    category: "Marketing",
    status: "Coming Soon",
    description: "Send customer segments to your e-mail flows.",
    features: ["Segment sync", "Win-back flows", "Revenue per campaign"],
  },
  {
    id: "twilio",
    name: "Twilio",
    category: "Marketing",
    status: "Coming Soon",
    description: "SMS reminders for invoices and loyalty campaigns.",
    features: ["Invoice reminders", "Campaign texts", "Opt-out handling"],
  },
  {
    id: "stripe",
    name: "Stripe",
    category: "Payment",
    status: "Available",
    description:
      "Card payments on invoices through Stripe Checkout; a completed payment marks the invoice paid on its own.",
    features: [
      "Pay by card link on the invoice, its e-mail and PDF",
      "Card details entered on Stripe's page, never ours",
      "Paid status from Stripe's signed webhook",
    ],
    setup: {
      text: "Choose Card (Stripe) as an invoice's payment method. It needs the app's Stripe keys: invoice settings show whether they are set (without them the invoice shows your payment instructions).",
      link: { label: "Invoice settings", to: APP_LINKS.invoiceSettings },
    },
  },
  {
    id: "paypal",
    name: "PayPal",
    category: "Payment",
    status: "Available",
    description: "Customers pay invoices through your PayPal.Me link, with the amount and currency filled in.",
    features: [
      "PayPal link on the invoice, its e-mail and PDF",
      "Amount and currency pre-filled",
      "Mark the invoice paid when the money arrives",
    ],
    setup: {
      text: "Add your PayPal.Me link in invoice settings, then choose PayPal as an invoice's payment method.",
      link: { label: "Invoice settings", to: APP_LINKS.invoiceSettings },
    },
  },
  {
    id: "quickbooks",
    name: "QuickBooks",
    category: "Payment",
    status: "Coming Soon",
    description: "Push invoices and expenses to your accounting.",
    features: ["Invoice export", "Expense sync", "Tax mapping"],
  },
  {
    id: "zendesk",
    name: "Zendesk",
    category: "Support",
    status: "Coming Soon",
    description: "Customer value and order history next to every ticket.",
    features: ["Customer sidebar", "Order lookup", "VIP routing"],
  },
  {
    id: "gorgias",
    name: "Gorgias",
    category: "Support",
    status: "Coming Soon",
    description: "Support macros with live order and invoice data.",
    features: ["Order context", "Invoice status", "Refund insight"],
  },
  {
    id: "zapier",
    name: "Zapier",
    category: "Automation",
    status: "Coming Soon",
    description: "Trigger workflows from invoices, insights and orders.",
    features: ["Invoice events", "Insight alerts", "6,000+ apps"],
  },
  {
    id: "make",
    name: "Make",
    category: "Automation",
    status: "Coming Soon",
    description: "Visual automations for your store data.",
    features: ["Scenarios", "Webhooks", "Scheduling"],
  },
];

/** Connect Now opens the matching entry in the app's settings. */
export function connectHref(integration: Integration): string {
  return `/settings?tab=integrations#integration-${integration.id}`;
}

export const CUSTOM_INTEGRATION = {
  title: "Need a custom integration?",
  text: "Our team builds integrations for Enterprise customers.",
  offers: [
    { title: "API integration", text: "Connect any system to your store data through our REST API." },
    { title: "Database sync", text: "Keep your warehouse or BI tool in step with your orders and costs." },
    { title: "Custom workflows", text: "Automations tailored to how your team works." },
  ],
};
