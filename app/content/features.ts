// Copy of the features page (docs/product/public-site.md#features-features). Each block is a
// screen the app has, pictured by a real screenshot of the demo store
// (scripts/capture-screenshots.mjs writes public/screenshots/); what the app does not do yet is
// listed as coming, not described as if it worked.
import type { PageSeo } from "~/content/seo";

export const FEATURES_SEO: PageSeo = {
  title: "Features",
  description:
    "Profit dashboard, cost tracking, smart invoicing with card and PayPal payments, reminders, a customer e-mail outbox and Shopify store sync, shown on the app's own screens.",
  path: "/features",
};

export const FEATURES_INTRO = {
  title: "Everything you need to know what your store earns",
  lead: "Six screens that share one source of truth: your store's own orders, costs and invoices. Every picture below is the app itself, on our demo store.",
};

/** The fixed viewport scripts/capture-screenshots.mjs captures at (features.test.ts checks the files). */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

export type FeatureBlock = {
  id: string;
  icon: "chart" | "coins" | "invoice" | "card" | "mail" | "plug";
  title: string;
  text: string;
  benefits: string[];
  screenshot: { src: string; alt: string };
};

export const FEATURE_BLOCKS: FeatureBlock[] = [
  {
    id: "dashboard",
    icon: "chart",
    title: "Profit dashboard",
    text: "Revenue, orders and net profit for your store, computed from its own orders, product costs and expenses.",
    benefits: [
      "Revenue, orders, average order value and conversion rate",
      "Net profit and margin after cost of goods and expenses",
      "Each figure compared with the previous period",
      "Revenue trend over 30, 90 or 365 days",
      "Top-performing products with units sold and revenue",
    ],
    screenshot: {
      src: "/screenshots/dashboard.webp",
      alt: "The Analytics Dashboard: cards for revenue, orders, conversion rate, average order value, net profit with its margin and total costs, above the revenue trend chart and the top-performing products.",
    },
  },
  {
    id: "costs",
    icon: "coins",
    title: "Costs and profit",
    text: "Keep what profit subtracts from revenue complete: what each product costs you and what the business spends.",
    benefits: [
      "Unit cost per product and SKU, with its supplier",
      "Operating expenses by category, one-off or repeating",
      "An order is costed with the cost in force when it sold",
      "Products sold without a cost listed, to add in one click",
      "Net profit and total costs for the last 30 days",
    ],
    screenshot: {
      src: "/screenshots/costs.webp",
      alt: "The Cost Management screen: net profit, total costs split into cost of goods and expenses, the count of products sold without a cost, and the list of variants missing a cost, each with an Add cost button.",
    },
  },
  {
    id: "invoicing",
    icon: "invoice",
    title: "Smart invoicing",
    text: "Numbered invoices that send themselves, remind your customers and keep their status current.",
    benefits: [
      "Invoices filtered by draft, sent or paid",
      "Sent by e-mail with the PDF and a link to a hosted page",
      "Reminders 3, 7 and 14 days after sending while unpaid",
      "Overdue the day after the due date, automatically",
      "Mark as paid or void, with the history kept",
    ],
    screenshot: {
      src: "/screenshots/invoices.webp",
      alt: "The Invoices screen: invoices with their number, status badge, customer, due date and total, with View and Send buttons, beside rule-based tips on overdue invoices and payment terms.",
    },
  },
  {
    id: "payments",
    icon: "card",
    title: "Invoices your customers can pay",
    text: "Choose how each invoice is paid; the invoice, its e-mail and its PDF carry the matching pay link.",
    benefits: [
      "Card payments through Stripe Checkout, marked paid on their own",
      "PayPal through your PayPal.Me link, amount filled in",
      "Your own payment instructions for everything else",
      "Tax, shipping and your choice of currency, to the cent",
      "Recurring invoices and sending on creation",
    ],
    screenshot: {
      src: "/screenshots/invoice-create.webp",
      alt: "The Create Smart Invoice dialog: customer details, line items with quantity and price, tax rate, shipping, currency, due in days, payment method, and the recurring and auto-send options.",
    },
  },
  {
    id: "outbox",
    icon: "mail",
    title: "Every e-mail, on record",
    text: "See exactly what each customer received: every invoice and reminder the app sends is kept in the outbox.",
    benefits: [
      "Invoice and reminder e-mails in one list",
      "Recipient, subject and the time it was sent",
      "The message opened exactly as the customer sees it",
      "Delivered by e-mail once a mail server is configured",
      "Kept here whether delivered or not, so nothing is lost",
    ],
    screenshot: {
      src: "/screenshots/outbox.webp",
      alt: "The Outbox screen: a table of sent e-mails with the time, type (invoice or reminder), recipient, subject and status of each.",
    },
  },
  {
    id: "store-sync",
    icon: "plug",
    title: "Your Shopify data, kept current",
    text: "Installing the app imports your store; webhooks keep it in step from then on.",
    benefits: [
      "Products, variants, customers, orders and refunds imported",
      "Large stores imported with Shopify's bulk operations",
      "Changes arrive as they happen through signed webhooks",
      "What is synced counted, with the oldest and newest order",
      "Import again from Settings whenever you need to",
    ],
    screenshot: {
      src: "/screenshots/store-data.webp",
      alt: "Settings, Data tab: counts of synced products, variants, customers, orders and refunds, the oldest and newest order, and how syncing works.",
    },
  },
];

/** Not built yet: named so nobody is surprised, never described as working. */
export const FEATURES_COMING_SOON = [
  { title: "AI insights", text: "Explained alerts on stock, margins and anomalies." },
  { title: "Customer intelligence", text: "Lifetime value, segments and churn risk." },
  { title: "Loyalty programs", text: "Tiers, points and referral rewards." },
  { title: "Privacy dashboard", text: "Your customers' data requests on one screen." },
];
