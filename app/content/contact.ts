// Copy of the Contact page. The form makes no server call: it opens the visitor's
// mail client with the message filled in (product decisions).
import type { PageSeo } from "~/content/seo";
import { SITE } from "~/content/site";

export const CONTACT_SEO: PageSeo = {
  title: "Contact us",
  description: "Talk to Profit Pilot's support, sales, partnership or billing teams. We usually reply within 24 hours.",
  path: "/contact",
};

export const CONTACT_METHODS = [
  { title: "Email Support", text: "Questions about the app or your account.", detail: SITE.emails.support },
  { title: "Sales", text: "Plans, Enterprise quotes and demos.", detail: SITE.emails.sales },
  { title: "Partnerships", text: "Agencies, app partners and integrations.", detail: SITE.emails.partners },
  { title: "Billing", text: "Invoices, charges and plan changes.", detail: SITE.emails.billing },
];

export const CONTACT_SUBJECTS = ["Sales Inquiry", "Technical Support", "Partnership", "Billing Question", "Other"];

/** All messages go to one inbox; the subject routes them. */
export const CONTACT_INBOX = SITE.emails.hello;

export const QUICK_INFO = [
  { label: "Response time", value: "Usually within 24 hours" },
  { label: "Support hours", value: SITE.supportHours },
  { label: "Phone", value: SITE.phone },
  { label: "Office", value: SITE.address },
];

export const CONTACT_FAQS = [
  {
    q: "How quickly will you reply?",
    a: `Usually within 24 hours, ${SITE.supportHours}. Pro plans get a reply within 12 hours, Enterprise within 1 hour.`,
  },
  { q: "Can I get a demo?", a: "Yes. Choose Sales Inquiry as the subject and tell us about your store." },
  {
    q: "Where do I report a security issue?",
    a: `E-mail ${SITE.emails.security}. We acknowledge reports within one business day.`,
  },
];

export const URGENT_HELP = {
  title: "Urgent help",
  text: "Store down or payments failing? Mark your message urgent and we will prioritise it.",
  subject: "URGENT: Technical Support",
};

export type ContactFields = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  subject: string;
  message: string;
};

export const EMPTY_CONTACT: ContactFields = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  subject: "",
  message: "",
};

/** Subject and body of the e-mail the contact form opens (spec: subject default "Contact Request", company "N/A"). */
export function contactEmail(fields: ContactFields, method?: string): { subject: string; body: string } {
  const subject = fields.subject.trim() || "Contact Request";
  const name = [fields.firstName.trim(), fields.lastName.trim()].filter(Boolean).join(" ");
  const body = [
    `Name: ${name}`,
    `Email: ${fields.email.trim()}`,
    `Company: ${fields.company.trim() || "N/A"}`,
    ...(method ? [`Contact method: ${method}`] : []),
    "",
    fields.message.trim(),
  ].join("\n");
  return { subject, body };
}

export function missingContactFields(fields: ContactFields): boolean {
  return !fields.firstName.trim() || !fields.email.trim() || !fields.message.trim();
}
