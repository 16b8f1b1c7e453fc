// Copy of the GDPR page (docs/product/public-site.md#gdpr-gdpr: data categories and retention).
import type { PageSeo } from "~/content/seo";
import { SITE } from "~/content/site";

export const GDPR_SEO: PageSeo = {
  title: "GDPR",
  description:
    "How Profit Pilot processes personal data under the GDPR: categories, purposes, retention periods and how to exercise your rights.",
  path: "/gdpr",
};

export const GDPR_INTRO = {
  title: "GDPR compliance",
  lead: "We process personal data lawfully, transparently and only for the purposes below. You can exercise your rights at any time; we answer within 30 days.",
};

export const DATA_CATEGORIES = [
  {
    category: "Account data",
    description: "Who you are as our customer.",
    examples: "Store name, domain, owner name, e-mail address",
    purpose: "Providing the service, billing, support",
    retention: "Life of the account plus 7 years",
  },
  {
    category: "Store analytics data",
    description: "Data your store shares with the app.",
    examples: "Orders, products, inventory, customers, costs",
    purpose: "Analytics, profit, invoicing, insights",
    retention: "Subscription plus 30 days",
  },
  {
    category: "Usage data",
    description: "How the app is used and performs.",
    examples: "Screens opened, response times, errors",
    purpose: "Reliability, security, product improvement",
    retention: "2 years",
  },
  {
    category: "Communication data",
    description: "Messages between you and us.",
    examples: "Support e-mails, contact requests, newsletter",
    purpose: "Answering you, keeping records",
    retention: "3 years from the last interaction",
  },
];

export type GdprRight = {
  id: string;
  title: string;
  text: string;
  /** "export" opens the export-request form; "mail" opens an e-mail to the DPO with the subject set. */
  action: { kind: "export"; label: string } | { kind: "mail"; label: string; subject: string };
};

export const GDPR_RIGHTS: GdprRight[] = [
  {
    id: "access",
    title: "Right of access",
    text: "Get a copy of the personal data we hold about you.",
    action: { kind: "export", label: "Request my data" },
  },
  {
    id: "rectification",
    title: "Right to rectification",
    text: "Correct inaccurate data. Account data can be corrected immediately.",
    action: { kind: "mail", label: "Request a correction", subject: "GDPR rectification request" },
  },
  {
    id: "erasure",
    title: "Right to erasure",
    text: "Ask us to delete your personal data.",
    action: { kind: "mail", label: "Request deletion", subject: "GDPR erasure request" },
  },
  {
    id: "restriction",
    title: "Right to restrict processing",
    text: "Limit how we use your data while a concern is resolved.",
    action: { kind: "mail", label: "Request a restriction", subject: "GDPR restriction request" },
  },
  {
    id: "portability",
    title: "Right to data portability",
    text: "Receive your data in a machine-readable format (CSV).",
    action: { kind: "export", label: "Export your data" },
  },
  {
    id: "objection",
    title: "Right to object",
    text: "Object to processing based on legitimate interests, including marketing.",
    action: { kind: "mail", label: "Object to processing", subject: "GDPR objection" },
  },
];

export const HOW_TO_REQUEST = [
  "Export requests: enter your e-mail address in the form on this page. We e-mail a signed link, valid for a limited time, to that address; the export opens only from that link.",
  `Other requests: use the buttons above or write to ${SITE.emails.dpo}. We may ask you to confirm your identity.`,
  "Merchants can also see their customers' requests under Privacy & GDPR in the app.",
  "We answer every request within 30 days.",
];

export const EXPORT_FORM = {
  title: "Request a copy of your data",
  text: "We will e-mail a secure, expiring download link to this address. The export lists everything we hold about it.",
  /** Shown when the request fails (spec's wording). */
  failureMessage: "Request submitted. You will receive an email with further instructions.",
};

export const GDPR_SECURITY_MEASURES = [
  "Encryption in transit (TLS 1.3) and at rest (AES-256)",
  "Role-based access with least privilege",
  "Audit trail of every privacy request",
  "Daily encrypted backups",
  "Data processing agreements with every processor",
];

export const DPO = {
  title: "Data protection officer",
  text: "Questions about how we handle personal data, or a complaint, go to our data protection officer.",
  email: SITE.emails.dpo,
};
