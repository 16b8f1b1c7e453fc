// The screens the header search can open, with the words a merchant might type for
// what each one shows (docs/product/admin-shell.md#search). Only built screens are
// listed: nothing here links to a page that does not exist.
export type Screen = { label: string; url: string; keywords: readonly string[] };

export const SCREENS: readonly Screen[] = [
  {
    label: "Dashboard",
    url: "/dashboard",
    keywords: [
      "home",
      "overview",
      "revenue",
      "sales",
      "orders",
      "net profit",
      "average order value",
      "aov",
      "conversion",
      "trend",
      "top products",
      "metrics",
      "kpi",
    ],
  },
  {
    label: "Analytics",
    url: "/analytics",
    keywords: ["traffic", "sources", "sessions", "regions", "countries", "funnel", "net sales", "export", "compare"],
  },
  {
    label: "Metric glossary",
    url: "/analytics/glossary",
    keywords: ["glossary", "definitions", "how is this calculated", "formula"],
  },
  {
    label: "AI Insights",
    url: "/ai-insights",
    keywords: ["insights", "anomalies", "recommendations", "generate insights", "alerts"],
  },
  {
    label: "Customers",
    url: "/customers",
    keywords: ["segments", "vip", "at risk", "churn", "lifetime value", "ltv", "rfm", "export customers"],
  },
  { label: "Add customer", url: "/customers/new", keywords: ["new customer", "create customer"] },
  { label: "Segment rules", url: "/customers/rules", keywords: ["segment thresholds", "vip rule", "at-risk rule"] },
  {
    label: "Campaigns",
    url: "/customers/campaigns",
    keywords: ["engagement", "win-back", "e-mail campaign", "post-purchase", "hold-out"],
  },
  {
    label: "Inventory",
    url: "/inventory",
    keywords: [
      "stock",
      "inventory",
      "reorder",
      "reorder point",
      "low stock",
      "out of stock",
      "purchase orders",
      "suppliers",
      "stocky",
      "days of cover",
      "velocity",
      "products",
    ],
  },
  {
    label: "Costs & Profit",
    url: "/costs",
    keywords: [
      "profit",
      "margin",
      "cogs",
      "cost of goods",
      "costs",
      "product costs",
      "unit cost",
      "missing costs",
      "expenses",
      "operating expenses",
      "p&l",
      "profit and loss",
    ],
  },
  {
    label: "Profit per order",
    url: "/costs/orders",
    keywords: ["order profit", "profit by order", "orders profit", "loss-making orders", "unprofitable orders"],
  },
  {
    label: "Profit per product",
    url: "/costs/products",
    keywords: ["product profit", "profit by product", "best products by profit", "product margin"],
  },
  {
    label: "Ad spend",
    url: "/costs/ad-spend",
    keywords: [
      "ad spend",
      "advertising",
      "ads",
      "marketing spend",
      "google ads",
      "meta ads",
      "facebook ads",
      "tiktok ads",
    ],
  },
  {
    label: "Payment fees",
    url: "/costs/fees",
    keywords: ["fees", "payment fees", "transaction fees", "gateway", "shopify payments", "paypal fees"],
  },
  {
    label: "Digital Assets",
    url: "/digital-assets",
    keywords: [
      "digital assets",
      "nft",
      "collectibles",
      "membership pass",
      "blockchain",
      "rpc",
      "loyalty token",
      "wallet",
    ],
  },
  {
    label: "Loyalty",
    url: "/loyalty",
    keywords: ["loyalty", "points", "rewards", "tiers", "campaigns", "redemptions", "points liability", "members"],
  },
  {
    label: "Invoices",
    url: "/app/invoices",
    keywords: ["invoice", "bills", "overdue", "paid", "draft", "payments", "reminders", "recurring"],
  },
  { label: "New invoice", url: "/app/invoices/new", keywords: ["create invoice", "add invoice", "bill a customer"] },
  {
    label: "Invoice settings",
    url: "/app/invoices/settings",
    keywords: ["invoice template", "numbering", "prefix", "payment terms", "logo"],
  },
  {
    label: "Outbox",
    url: "/app/outbox",
    keywords: ["email", "e-mail", "mail", "messages", "sent emails", "delivery"],
  },
  {
    label: "Privacy & GDPR",
    url: "/privacy",
    keywords: ["privacy", "gdpr", "ccpa", "data requests", "deletion", "compliance", "retention", "dpo"],
  },
  {
    label: "Privacy data requests",
    url: "/privacy?tab=requests",
    keywords: ["data request", "access request", "erasure", "right to be forgotten", "subject access"],
  },
  { label: "Settings", url: "/settings", keywords: ["preferences", "configuration", "account"] },
  {
    label: "Plan & billing",
    url: "/settings?tab=plan",
    keywords: ["plan", "billing", "subscription", "upgrade", "pricing", "trial", "pro", "starter"],
  },
  {
    label: "Integrations",
    url: "/settings?tab=integrations",
    keywords: [
      "stripe",
      "connect",
      "apps",
      "payment providers",
      "google ads account",
      "meta ads account",
      "tiktok ads account",
    ],
  },
  {
    label: "Store data",
    url: "/settings?tab=data",
    keywords: ["import", "sync", "resync", "shopify data", "data"],
  },
];

/** Lower-cased, accents and runs of spaces removed, so "Résumé  " matches "resume". */
export function normalizeQuery(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * Screens whose name or a keyword contains the query (or, for queries of three letters
 * or more, a keyword the query starts with: "expenses march" still finds Costs).
 * Name matches come first, then keyword matches, each in the sidebar's order.
 */
export function matchScreens(query: string, limit = 5): Screen[] {
  const q = normalizeQuery(query);
  if (!q) return [];
  const byName: Screen[] = [];
  const byKeyword: Screen[] = [];
  for (const screen of SCREENS) {
    if (normalizeQuery(screen.label).includes(q)) byName.push(screen);
    else if (screen.keywords.some((k) => k.includes(q) || (k.length >= 3 && q.startsWith(`${k} `))))
      byKeyword.push(screen);
  }
  return [...byName, ...byKeyword].slice(0, limit);
}
