// Site-wide copy for the public pages: brand, contact addresses, header and footer
// links, and the list of public pages (sitemap, link checks).

export const SITE = {
  name: "Profit Pilot",
  tagline: "Smart invoicing and profit analytics for online stores",
  defaultDescription:
    "Profit Pilot brings smart invoicing, unified analytics and AI insights to Shopify merchants: see revenue, costs and net profit in one place.",
  emails: {
    hello: "hello@profitpilot.app",
    support: "support@profitpilot.app",
    sales: "sales@profitpilot.app",
    partners: "partners@profitpilot.app",
    billing: "billing@profitpilot.app",
    careers: "careers@profitpilot.app",
    privacy: "privacy@profitpilot.app",
    dpo: "dpo@profitpilot.app",
    security: "security@profitpilot.app",
    legal: "legal@profitpilot.app",
    api: "api@profitpilot.app",
  },
  phone: "+1 (415) 555-0142",
  address: "548 Market St, Suite 300, San Francisco, CA 94104, USA",
  supportHours: "Monday to Friday, 9 AM to 6 PM Pacific",
  /** The same hours, short, where a page has a stat's room (the home page). */
  supportHoursShort: { days: "Mon–Fri", hours: "9 AM – 6 PM PT" },
  legalUpdated: "1 January 2025",
  legalUpdatedIso: "2025-01-01",
} as const;

export type LinkItem = { label: string; to: string };

/** Where the in-app screens live; public pages link here and nowhere else in the app. */
export const APP_LINKS = {
  dashboard: "/dashboard",
  invoices: "/app/invoices",
  invoiceSettings: "/app/invoices/settings",
  planSettings: "/settings?tab=plan",
  integrationSettings: "/settings?tab=integrations",
} as const;

/** The landing page's sticky header (docs/product/public-site.md#landing-page-). */
export const LANDING_NAV: LinkItem[] = [
  { label: "Features", to: "/#features" },
  { label: "Invoicing", to: "/features/smart-invoicing" },
  { label: "Integrations", to: "/#integrations" },
  { label: "Pricing", to: "/pricing" },
  { label: "Docs", to: "/api-docs" },
];

/**
 * Footer (product decisions): Features and Pricing anchors, Contact, Privacy, Terms.
 * Docs goes to /api-docs; Privacy points at /privacy-policy because the
 * in-app /privacy screen is for signed-in merchants. Social links had no target in the
 * spec and are left out rather than shipped as dead links.
 */
export const FOOTER_COLUMNS: { heading: string; links: LinkItem[] }[] = [
  {
    heading: "Product",
    links: [
      { label: "Features", to: "/#features" },
      { label: "Smart invoicing", to: "/features/smart-invoicing" },
      { label: "Integrations", to: "/integrations" },
      { label: "Pricing", to: "/#pricing" },
      { label: "Docs", to: "/api-docs" },
    ],
  },
  {
    heading: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Blog", to: "/blog" },
      { label: "Careers", to: "/careers" },
      { label: "Contact", to: "/contact" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Privacy", to: "/privacy-policy" },
      { label: "Terms", to: "/terms" },
      { label: "GDPR", to: "/gdpr" },
      { label: "Security", to: "/security" },
    ],
  },
];

/** Every public page, for sitemap.xml and the link checks. Blog articles are added from the blog module. */
export const PUBLIC_PAGES: { path: string; changefreq: "weekly" | "monthly" | "yearly"; priority: number }[] = [
  { path: "/", changefreq: "weekly", priority: 1 },
  { path: "/features", changefreq: "monthly", priority: 0.8 },
  { path: "/features/smart-invoicing", changefreq: "monthly", priority: 0.8 },
  { path: "/pricing", changefreq: "monthly", priority: 0.9 },
  { path: "/integrations", changefreq: "monthly", priority: 0.7 },
  { path: "/about", changefreq: "monthly", priority: 0.5 },
  { path: "/blog", changefreq: "weekly", priority: 0.6 },
  { path: "/careers", changefreq: "monthly", priority: 0.4 },
  { path: "/contact", changefreq: "yearly", priority: 0.5 },
  { path: "/privacy-policy", changefreq: "yearly", priority: 0.3 },
  { path: "/terms", changefreq: "yearly", priority: 0.3 },
  { path: "/gdpr", changefreq: "yearly", priority: 0.3 },
  { path: "/security", changefreq: "yearly", priority: 0.4 },
  { path: "/api-docs", changefreq: "monthly", priority: 0.5 },
];

export function mailto(address: string, subject?: string, body?: string): string {
  const params = new URLSearchParams();
  if (subject) params.set("subject", subject);
  if (body) params.set("body", body);
  // mail clients expect %20, not "+", for spaces.
  const query = params.toString().replace(/\+/g, "%20");
  return `mailto:${address}${query ? `?${query}` : ""}`;
}
