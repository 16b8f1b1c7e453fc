// Copy of the features page (docs/product/public-site.md#features-features). Each block is a
// screen the app has, pictured by a real screenshot of the demo store
// (scripts/capture-screenshots.mjs writes public/screenshots/); what the app does not do yet is
// listed as coming, not described as if it worked.
import type { PageSeo } from "~/content/seo";

export const FEATURES_SEO: PageSeo = {
  title: "Features",
  description:
    "Profit dashboard, cost tracking, smart invoicing with card and PayPal payments, customer segments and churn risk, inventory planning and a loyalty program, shown on the app's own screens.",
  path: "/features",
};

export const FEATURES_INTRO = {
  title: "Everything you need to know what your store earns",
  lead: "Six screens that share one source of truth: your store's own orders, imported from Shopify and kept current by its webhooks, with your costs and invoices. Every picture below is the app itself, on our demo store.",
};

/** The fixed viewport scripts/capture-screenshots.mjs captures at (features.test.ts checks the files). */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

export type FeatureBlock = {
  id: string;
  icon: "chart" | "coins" | "invoice" | "users" | "box" | "star";
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
    text: "Numbered invoices your customers can pay, sent and reminded for you, every message kept on record.",
    benefits: [
      "Sent by e-mail with the PDF and a link to a hosted page",
      "Card payments through Stripe, PayPal through your PayPal.Me link",
      "Reminders 3, 7 and 14 days after sending while unpaid",
      "Overdue the day after the due date; recurring invoices too",
      "Every e-mail kept in the outbox, exactly as the customer saw it",
    ],
    screenshot: {
      src: "/screenshots/invoices.webp",
      alt: "The Invoices screen: invoices with their number, status badge, customer, due date and total, with View and Send buttons, beside rule-based tips on overdue invoices and payment terms.",
    },
  },
  {
    id: "customers",
    icon: "users",
    title: "Customer intelligence",
    text: "Who your best customers are and who is drifting away, from their own orders.",
    benefits: [
      "Segments VIP, Regular, New and At-Risk, each with its reason",
      "Lifetime value to date and predicted for the next 12 months",
      "Churn risk: the chance of no order in the next 90 days",
      "Segment rules you can change, written back to Shopify as tags",
      "The customer list exported with its scores",
    ],
    screenshot: {
      src: "/screenshots/customers.webp",
      alt: "The Customers screen: segment cards for VIP, Regular, New and At-Risk customers with their share of revenue, above the customer list with orders, total spent, last order and each segment's reason.",
    },
  },
  {
    id: "inventory",
    icon: "box",
    title: "Inventory planning",
    text: "Know what to reorder before it runs out, and what each stock-out is costing you.",
    benefits: [
      "Days of cover and stock-out day from measured demand",
      "Reorder points from lead time and a service level, per variant",
      "Lost revenue per day for what is out of stock",
      "Reorder drafts a purchase order per supplier, with its PDF",
      "Alerts when a variant runs low or out of stock",
    ],
    screenshot: {
      src: "/screenshots/inventory.webp",
      alt: "The Inventory screen: out-of-stock, low-stock and reorder alert cards above the variant list with availability, status, stock bar, days of cover, reorder point, lost revenue per day and a Reorder button.",
    },
  },
  {
    id: "loyalty",
    icon: "star",
    title: "Loyalty program",
    text: "Points, tiers and campaigns kept in a ledger of your customers' orders, with what they cost you.",
    benefits: [
      "Points earned on orders, redeemed for Shopify discount codes",
      "Tiers by spend, from Bronze to Platinum, with multipliers",
      "Campaigns such as double-points weekends, with their lift",
      "Each customer's balance from the ledger, adjustable with a reason",
      "The points liability and their cost in your profit",
    ],
    screenshot: {
      src: "/screenshots/loyalty.webp",
      alt: "The Loyalty screen: program health, members, retention and points redeemed above the points liability with its expected redemption and the members per tier.",
    },
  },
];

/** Not built yet: named so nobody is surprised, never described as working. */
export const FEATURES_COMING_SOON = [
  { title: "AI insights", text: "Explained alerts on stock, margins and anomalies." },
  { title: "Privacy dashboard", text: "Your customers' data requests on one screen." },
];
