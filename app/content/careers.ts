// Copy of the Careers page.
import type { PageSeo } from "~/content/seo";
import { SITE, mailto } from "~/content/site";

export const CAREERS_SEO: PageSeo = {
  title: "Careers",
  description:
    "Join Profit Pilot and help 10,000+ merchants grow profitable stores. Remote-friendly roles in engineering, design, sales and support.",
  path: "/careers",
};

export const CAREERS_FIGURES = [
  { value: "35", label: "Team members" },
  { value: "12", label: "Countries" },
  { value: "100%", label: "Remote-friendly" },
  { value: "4.8/5", label: "Employee rating" },
];

export const PERKS = [
  { title: "Remote-first", text: "Work from anywhere within four hours of Pacific time." },
  { title: "Health cover", text: "Medical, dental and vision for you and your family." },
  { title: "Learning budget", text: "$2,000 a year for courses, books and conferences." },
  { title: "Equity", text: "Every employee owns a part of the company." },
  { title: "Time off", text: "25 days of paid leave plus public holidays." },
  { title: "Home office", text: "$1,000 to set up a comfortable workspace." },
];

export type Job = {
  title: string;
  department: string;
  location: string;
  type: string;
  experience: string;
  description: string;
  requirements: string[];
};

export const JOBS: Job[] = [
  {
    title: "Senior Full-Stack Engineer",
    department: "Engineering",
    location: "Remote (Americas)",
    type: "Full-time",
    experience: "5+ years",
    description: "Build the Remix and Node.js features merchants use every day, from invoicing to analytics.",
    requirements: [
      "TypeScript and React in production",
      "SQL databases and data modelling",
      "Shopify app experience",
      "Testing culture",
    ],
  },
  {
    title: "Data Scientist",
    department: "AI",
    location: "Remote (Europe)",
    type: "Full-time",
    experience: "3+ years",
    description: "Design explainable forecasting and anomaly models on real store data.",
    requirements: [
      "Time-series forecasting",
      "Python or TypeScript",
      "Explaining models to non-experts",
      "Retail data a plus",
    ],
  },
  {
    title: "Product Designer",
    department: "Design",
    location: "San Francisco or remote",
    type: "Full-time",
    experience: "4+ years",
    description: "Shape clear, accessible screens for busy merchants.",
    requirements: [
      "A portfolio of shipped product work",
      "Accessibility know-how",
      "Polaris or design-system experience",
      "User research",
    ],
  },
  {
    title: "Customer Success Manager",
    department: "Customer Success",
    location: "Remote (Americas)",
    type: "Full-time",
    experience: "2+ years",
    description: "Help merchants get value in their first week and stay for years.",
    requirements: ["SaaS onboarding experience", "Clear written English", "E-commerce knowledge", "Empathy"],
  },
  {
    title: "Account Executive",
    department: "Sales",
    location: "New York or remote",
    type: "Full-time",
    experience: "3+ years",
    description: "Work with multi-store brands on Enterprise plans.",
    requirements: ["B2B SaaS sales", "Consultative selling", "Shopify Plus ecosystem", "CRM discipline"],
  },
  {
    title: "Support Engineer",
    department: "Support",
    location: "Remote (Asia-Pacific)",
    type: "Part-time",
    experience: "1+ years",
    description: "Solve technical questions for merchants and feed what you learn back to product.",
    requirements: ["Troubleshooting web apps", "Basic SQL", "Calm under pressure", "Documentation writing"],
  },
];

export const HIRING_STEPS = [
  { title: "Apply", text: "Send your resume and a short note about why you are interested." },
  { title: "Intro call", text: "A 30-minute conversation with the hiring manager." },
  { title: "Practical exercise", text: "A small, paid task close to the real work." },
  { title: "Meet the team", text: "Talk with future colleagues, then an offer within a week." },
];

/** Apply Now: an e-mail to the careers address with the job title. */
export function applyHref(title: string): string {
  return mailto(
    SITE.emails.careers,
    `Application: ${title}`,
    `Hello,\n\nI would like to apply for the ${title} position. My resume is attached.\n`,
  );
}
