// Copy of the Security page.
import type { PageSeo } from "~/content/seo";
import { SITE } from "~/content/site";

export const SECURITY_SEO: PageSeo = {
  title: "Security",
  description:
    "How Profit Pilot protects your data: AES-256 and TLS 1.3 encryption, access control, monitoring, backups and certifications.",
  path: "/security",
};

export const SECURITY_INTRO = {
  title: "Security at Profit Pilot",
  lead: "Your store data is your business. We protect it with layered controls, independent audits and a team on call around the clock.",
};

export const SECURITY_FEATURES = [
  {
    title: "Encryption everywhere",
    text: "TLS 1.3 for every connection and AES-256 for data at rest, including backups.",
  },
  {
    title: "Role-based access control",
    text: "Owner, admin and viewer roles; staff access only what their work needs.",
  },
  { title: "Tenant isolation", text: "Every query is scoped to your store; another store's data is never reachable." },
  { title: "Continuous monitoring", text: "Alerts on unusual activity, with 24/7 on-call engineers." },
  { title: "Daily backups", text: "Automated encrypted backups every day, with regular restore tests." },
  { title: "Secure development", text: "Code review, dependency scanning and automated tests on every change." },
];

export type Certification = { name: string; text: string; validUntil: string; validUntilLabel: string };

export const CERTIFICATIONS: Certification[] = [
  {
    name: "SOC 2 Type II",
    text: "Independent audit of security, availability and confidentiality controls.",
    validUntil: "2025-12-31",
    validUntilLabel: "December 2025",
  },
  {
    name: "ISO/IEC 27001",
    text: "Certified information security management system.",
    validUntil: "2026-06-30",
    validUntilLabel: "June 2026",
  },
  {
    name: "GDPR",
    text: "Data processing aligned with the EU General Data Protection Regulation.",
    validUntil: "2026-06-30",
    validUntilLabel: "June 2026",
  },
  {
    name: "PCI DSS",
    text: "Card data is handled only by PCI DSS Level 1 payment providers.",
    validUntil: "2025-12-31",
    validUntilLabel: "December 2025",
  },
];

/** A certificate whose validity date has passed is shown as under renewal, not as valid. */
export function certificationStatus(cert: Certification, now: Date): "Valid" | "Renewal in progress" {
  return new Date(`${cert.validUntil}T23:59:59Z`).getTime() >= now.getTime() ? "Valid" : "Renewal in progress";
}

export const INCIDENT_HISTORY = {
  title: "Incident history",
  text: "No security incidents affecting customer data have been recorded. Availability over the last 12 months: 99.9%.",
  items: [
    {
      date: "2025-03-14",
      title: "Scheduled maintenance",
      text: "Database upgrade, 12 minutes of read-only mode, announced 7 days ahead.",
    },
    {
      date: "2024-11-02",
      title: "Degraded performance",
      text: "Slow dashboard loads for 25 minutes during a traffic spike; no data affected.",
    },
  ],
};

export const SECURITY_CONTACT = {
  title: "Report a vulnerability",
  text: "Found a security issue? Tell us privately and we will acknowledge it within one business day.",
  email: SITE.emails.security,
};
