// Copy of the About page.
import type { PageSeo } from "~/content/seo";

export const ABOUT_SEO: PageSeo = {
  title: "About us",
  description:
    "Profit Pilot helps online merchants see their real profit and get paid faster. Meet the team and our story.",
  path: "/about",
};

export const MISSION = {
  title: "Our mission",
  text: "Every merchant deserves to know what their store really earns. We turn orders, costs and invoices into clear answers, so small teams can make the decisions big retailers make with whole finance departments.",
};

export const ABOUT_FIGURES = [
  { value: "10,000+", label: "Merchants" },
  { value: "$2.5B+", label: "Revenue analysed" },
  { value: "40%", label: "Average growth" },
  { value: "50+", label: "Countries" },
];

export const VALUES = [
  { title: "Merchants first", text: "We build what store owners ask for, and we measure success by their profit." },
  { title: "Honest numbers", text: "Every figure is computed from real data and shows how it was worked out." },
  { title: "Privacy by design", text: "We collect only what we need and give people control of their data." },
  { title: "Ship and learn", text: "Small improvements every week, guided by what merchants actually use." },
];

export type TeamMember = { name: string; role: string; bio: string; expertise: string[] };

export const TEAM: TeamMember[] = [
  {
    name: "Alex Morgan",
    role: "CEO & Co-founder",
    bio: "Ran a 7-figure Shopify store before building the tools it was missing.",
    expertise: ["E-commerce", "Strategy", "Growth"],
  },
  {
    name: "Sarah Kim",
    role: "CTO & Co-founder",
    bio: "Built data platforms for payments companies for a decade.",
    expertise: ["Data engineering", "Security", "APIs"],
  },
  {
    name: "Marcus Reed",
    role: "Head of AI",
    bio: "Designs explainable models that merchants can trust and check.",
    expertise: ["Machine learning", "Forecasting", "Analytics"],
  },
  {
    name: "Elena Rossi",
    role: "Head of Customer Success",
    bio: "Helps thousands of merchants get value in their first week.",
    expertise: ["Onboarding", "Support", "Education"],
  },
];

export const TIMELINE = [
  { year: "2023", title: "Founded", text: "Started in San Francisco to give merchants an honest profit figure." },
  {
    year: "2024",
    title: "Smart invoicing",
    text: "Launched invoicing with automatic reminders and passed 5,000 stores.",
  },
  {
    year: "2025",
    title: "AI insights",
    text: "Introduced explainable AI insights and reached 10,000+ merchants in 50+ countries.",
  },
];

export const ABOUT_CTA = { title: "Join 10,000+ merchants", text: "Start your free 7-day trial today." };
