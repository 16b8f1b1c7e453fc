// Copy of the Security page. Every control named here is one the code has (the file that
// implements it is in the comment beside it); certifications the product does not hold are
// said to be not held, never dated (docs/product/public-site.md#security-security).
import type { PageSeo } from "~/content/seo";
import { SITE } from "~/content/site";

export const SECURITY_SEO: PageSeo = {
  title: "Security",
  description:
    "How Profit Pilot protects store data: signed webhooks, store-scoped queries, rate limits, HTTPS-only pages, signed links and Shopify's privacy webhooks, and where we stand on certifications.",
  path: "/security",
};

export const SECURITY_INTRO = {
  title: "Security at Profit Pilot",
  lead: "Your store data is your business. These are the controls the app has today, and where we stand on certifications.",
};

export const SECURITY_FEATURES = [
  {
    // app/platform/webhooks.server.ts, app/features/invoices/stripe.server.ts
    title: "Signed webhooks",
    text: "Every Shopify webhook is checked against its HMAC signature and Stripe's against its signed timestamp; a delivery that fails the check is refused and nothing is written.",
  },
  {
    // docs/product/api.md: another shop's id answers 404
    title: "Store-scoped data",
    text: "Every query carries the store it is asked for; another store's invoice, cost or order is answered as not found, never shown.",
  },
  {
    // app/platform/rate-limit.server.ts
    title: "Rate limits",
    text: "Data-export requests, newsletter sign-ups and public invoice PDFs are limited per address and per client, counted across every server, with addresses stored only as keyed hashes.",
  },
  {
    // app/lib/security-headers.ts
    title: "Encrypted transport",
    text: "Pages are served over HTTPS with HSTS, so browsers never fall back to plain HTTP; public pages refuse to be framed and carry nosniff and a strict referrer policy.",
  },
  {
    // app/platform/signed-link.server.ts, invoice public tokens
    title: "Signed, expiring links",
    text: "A personal-data export opens only from the HMAC-signed link e-mailed to the requester, and only until it expires; hosted invoices use 192-bit random tokens.",
  },
  {
    // app/features/privacy/privacy.server.ts
    title: "Privacy webhooks",
    text: "Shopify's customer data-request, customer redact and shop redact webhooks are handled: requests are tracked against a 30-day deadline and redaction blanks the customer's personal data in every table.",
  },
];

export type ComplianceStatus = "In place" | "Through Stripe" | "Not certified";

export type Certification = { name: string; status: ComplianceStatus; text: string };

/** Where we stand, without dates we cannot back: no certificate is claimed that the product does not hold. */
export const CERTIFICATIONS: Certification[] = [
  {
    name: "GDPR",
    status: "In place",
    text: "Data requests, exports by signed link, redaction on request and retention periods published on our GDPR page.",
  },
  {
    name: "PCI DSS",
    status: "Through Stripe",
    text: "Card details are typed on Stripe's hosted Checkout page and never reach our servers; Stripe is a PCI DSS Level 1 service provider.",
  },
  {
    name: "SOC 2 Type II",
    status: "Not certified",
    text: "Profit Pilot has not been audited for SOC 2. If we complete an audit, the report will be offered here.",
  },
  {
    name: "ISO/IEC 27001",
    status: "Not certified",
    text: "Profit Pilot does not hold an ISO/IEC 27001 certificate.",
  },
];

export const INCIDENT_HISTORY = {
  title: "Incident history",
  text: "No security incident affecting customer data has been recorded. If one happens, we tell the merchants affected and publish here what happened and what we changed.",
};

export const SECURITY_CONTACT = {
  title: "Report a vulnerability",
  text: "Found a security issue? Tell us privately and we will acknowledge it within one business day.",
  email: SITE.emails.security,
};
