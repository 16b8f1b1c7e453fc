// The blog: posts with their articles, newest first.
import type { PageSeo } from "~/content/seo";

export const BLOG_SEO: PageSeo = {
  title: "Blog",
  description: "Guides on profit analytics, invoicing, AI insights and privacy for online merchants.",
  path: "/blog",
};

export type BlogPost = {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  category: string;
  readTime: string;
  featured?: boolean;
  body: string[];
};

export const BLOG_POSTS: BlogPost[] = [
  {
    slug: "true-net-profit-for-shopify-stores",
    title: "How to calculate true net profit for your Shopify store",
    excerpt:
      "Revenue is vanity. Here is how to subtract cost of goods, ad spend, fees and expenses to find what you really keep.",
    author: "Alex Morgan",
    date: "2025-06-12",
    category: "Analytics",
    readTime: "8 min read",
    featured: true,
    body: [
      "Most dashboards stop at revenue. Net profit is what is left after everything the sale cost you: the product itself, shipping, payment fees, advertising and the fixed costs of running the business.",
      "Start with gross sales and take away discounts and refunds to get net sales. Then subtract cost of goods sold — the unit cost at the time of the sale, not today's cost — to find gross profit.",
      "From gross profit, subtract the variable costs of each order (shipping you paid, payment fees) and your ad spend for the period. What remains, minus operating expenses, is net profit.",
      "Two traps catch most stores: counting unknown costs as zero, which flatters your margin, and bucketing orders by UTC instead of your store's time zone, which moves sales between days. Profit Pilot reports uncosted units separately and buckets every order in your store's own time zone.",
    ],
  },
  {
    slug: "invoice-reminders-that-get-paid",
    title: "Invoice reminders that get paid: the 3-7-14 rule",
    excerpt: "Three polite reminders, timed right, recover most late payments without a single awkward phone call.",
    author: "Elena Rossi",
    date: "2025-05-28",
    category: "Invoicing",
    readTime: "5 min read",
    body: [
      "Late payments are rarely malicious. Invoices get buried. A reminder three days after sending catches most of them while the purchase is still fresh.",
      "The second reminder at seven days should restate the amount, the due date and the payment link. The third, at fourteen days, is firmer and names the next step.",
      "Stop reminding the moment the invoice is paid: nothing damages a relationship faster than chasing money you already received.",
    ],
  },
  {
    slug: "ai-insights-you-can-explain",
    title: "AI insights you can explain to your accountant",
    excerpt: "Why every insight should show the figures and the rule behind it — and how that makes them more useful.",
    author: "Marcus Reed",
    date: "2025-05-14",
    category: "AI",
    readTime: "6 min read",
    body: [
      "An insight you cannot check is an insight you cannot act on. That is why each of ours shows the data it used and the rule that fired.",
      "Stock-out warnings compare recent sales velocity with stock on hand. Margin alerts compare price with the latest unit cost. Anomaly flags compare a day with the same weekday over recent weeks.",
      "When you can see the working, you can also see when an insight does not apply to you — and dismiss it with confidence.",
    ],
  },
  {
    slug: "ad-spend-and-margin",
    title: "Is your ad spend eating your margin?",
    excerpt: "A quick test to find campaigns that bring revenue but lose money once costs are counted.",
    author: "Alex Morgan",
    date: "2025-04-30",
    category: "Growth",
    readTime: "7 min read",
    body: [
      "Return on ad spend looks at revenue. Profit on ad spend looks at what you keep. The difference is the cost of the goods you sold and the fees on each order.",
      "Divide each channel's contribution margin by its spend. Anything below one loses money on the first order and only works if those customers come back.",
      "Check repeat rates before you cut: some channels bring customers who are worth it on the second and third order.",
    ],
  },
  {
    slug: "gdpr-for-shopify-merchants",
    title: "GDPR for Shopify merchants: what you actually have to do",
    excerpt: "Data requests, deadlines and deletion: a practical checklist for small stores selling into the EU.",
    author: "Sarah Kim",
    date: "2025-04-16",
    category: "Privacy",
    readTime: "9 min read",
    body: [
      "If you sell to people in the EU, they can ask what data you hold about them, ask for a copy, and ask you to delete it. You have 30 days to answer.",
      "Shopify sends apps compliance webhooks for data requests and erasure. Every app you use must handle them — check that yours do.",
      "Keep a record of each request and when you answered it. An audit trail is your best defence if a regulator asks.",
    ],
  },
  {
    slug: "recurring-invoices-for-subscriptions",
    title: "Recurring invoices for subscription products",
    excerpt: "How to invoice retainers and subscriptions automatically without losing track of who has paid.",
    author: "Elena Rossi",
    date: "2025-03-31",
    category: "Invoicing",
    readTime: "4 min read",
    body: [
      "Recurring invoices save time only if reconciliation is automatic too. Each generated invoice should carry its own number and status.",
      "Choose the interval per customer, not per product, so annual and monthly customers can buy the same thing.",
      "Send the invoice a few days before the period starts, and let the usual reminders handle the rest.",
    ],
  },
];

export const BLOG_CATEGORIES = ["All Posts", ...Array.from(new Set(BLOG_POSTS.map((p) => p.category)))];

export function featuredPost(): BlogPost {
  return BLOG_POSTS.find((p) => p.featured) ?? BLOG_POSTS[0];
}

/** The five latest posts after the featured one. */
export function latestPosts(category?: string | null): BlogPost[] {
  const featured = featuredPost();
  const rest = BLOG_POSTS.filter((p) => p !== featured);
  const filtered = category && category !== "All Posts" ? BLOG_POSTS.filter((p) => p.category === category) : rest;
  return filtered.slice(0, 5);
}

export function recentPosts(count = 3): BlogPost[] {
  return [...BLOG_POSTS].sort((a, b) => b.date.localeCompare(a.date)).slice(0, count);
}

export function postBySlug(slug: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((p) => p.slug === slug);
}

export function formatPostDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

export const NEWSLETTER = {
  title: "Newsletter",
  text: "One e-mail a month with new guides. No spam; unsubscribe any time.",
};
