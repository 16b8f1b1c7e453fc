// Privacy policy and terms of service.
import type { PageSeo } from "~/content/seo";
import { SITE } from "~/content/site";

export type LegalSection = { title: string; paragraphs: string[] };

export const PRIVACY_SEO: PageSeo = {
  title: "Privacy Policy",
  description: "What data Profit Pilot collects, why, how long we keep it and the rights you have over it.",
  path: "/privacy-policy",
};

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    title: "1. Information we collect",
    paragraphs: [
      "Account data: your store's name, domain, owner name and e-mail address, received from Shopify when you install the app.",
      "Store data: orders, products, inventory, customers and costs that Shopify shares with the app under the permissions you approve.",
      "Usage data: which screens you open and how the app performs, collected without advertising trackers.",
    ],
  },
  {
    title: "2. How we use information",
    paragraphs: [
      "To provide the service: compute analytics and profit, send invoices and reminders, and generate insights for your store only.",
      "To support you and to keep the service secure. We never sell personal data and never use your store data to train models for other customers.",
    ],
  },
  {
    title: "3. Sharing and processors",
    paragraphs: [
      "We share data only with processors that help us run the service (hosting, e-mail delivery), under data-processing agreements, and when the law requires it.",
      "Your customers' personal data belongs to you as the controller; we process it on your instructions.",
    ],
  },
  {
    title: "4. Retention and security",
    paragraphs: [
      "Account data is kept for the life of the account plus 7 years; store data for the subscription plus 30 days; usage data for 2 years; communication data for 3 years after the last interaction.",
      "Data is encrypted in transit with TLS 1.3 and at rest with AES-256, backed up daily, and accessible only to staff who need it.",
    ],
  },
  {
    title: "5. Your rights and contact",
    paragraphs: [
      "You can ask for access to, a copy of, correction or deletion of your personal data, and object to or restrict its processing. We answer within 30 days; see our GDPR page to make a request.",
      `Questions about this policy: ${SITE.emails.privacy}. Our data protection officer: ${SITE.emails.dpo}.`,
    ],
  },
];

export const TERMS_SEO: PageSeo = {
  title: "Terms of Service",
  description:
    "The terms that apply when you use Profit Pilot: accounts, plans and billing, acceptable use, data and liability.",
  path: "/terms",
};

export const TERMS_SECTIONS: LegalSection[] = [
  {
    title: "1. Acceptance of terms",
    paragraphs: [
      "By installing or using Profit Pilot you agree to these terms on behalf of your business. If you do not agree, do not use the service.",
    ],
  },
  {
    title: "2. Accounts and access",
    paragraphs: [
      "The service is for merchants, their administrators and team members. You are responsible for who you give access to and for keeping your Shopify account secure.",
    ],
  },
  {
    title: "3. Plans, billing and trials",
    paragraphs: [
      "Paid plans are billed through Shopify in advance, monthly or annually. Fees are non-refundable except where the law requires otherwise.",
      "Paid plans start with a 7-day free trial. Without a subscription after the trial, your store moves to the free Starter plan. We give 30 days' notice of any price change.",
    ],
  },
  {
    title: "4. Acceptable use",
    paragraphs: [
      "Do not misuse the service: no unlawful content, no attempts to access other merchants' data, and no use of the API beyond your plan's rate limits.",
    ],
  },
  {
    title: "5. Your data",
    paragraphs: [
      "You own your store data. You give us the rights we need to process it to provide the service, as described in the Privacy Policy.",
    ],
  },
  {
    title: "6. Service availability",
    paragraphs: [
      "We aim for the uptime of your plan's service level (99% Starter, 99.9% Pro, 99.99% Enterprise) and announce planned maintenance in advance.",
    ],
  },
  {
    title: "7. Limitation of liability",
    paragraphs: [
      "The service is provided as is. To the extent the law allows, our liability is limited to the fees you paid in the 12 months before the claim.",
    ],
  },
  {
    title: "8. Changes and termination",
    paragraphs: [
      "You may stop using the service at any time by uninstalling the app. We may change these terms with notice; continued use after the change means you accept it.",
    ],
  },
];

export const TERMS_CONTACT = {
  title: "Contact",
  text: `Questions about these terms: ${SITE.emails.legal}, ${SITE.address}.`,
};
