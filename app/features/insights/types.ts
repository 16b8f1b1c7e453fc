// What a detector finds, before it is ranked and stored: facts, not prose. Every number in a
// title or description is one of `facts` (the templates in the detectors read them), so the
// text can be checked against them (docs/decisions/096-insight-engine.md).

export const CATEGORIES = ["inventory", "customer", "pricing", "marketing", "money", "data"] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  inventory: "Inventory",
  customer: "Customer",
  pricing: "Pricing",
  marketing: "Marketing",
  money: "Money",
  data: "Check your data",
};

/** Past insights listed a page at a time (the history screen). */
export const HISTORY_PAGE_SIZE = 20;

/** The screen's tabs (admin-and-public.md §2 screen 3); money and data appear under All only. */
export const TABS = [
  { id: "all", label: "All Insights" },
  { id: "inventory", label: "Inventory" },
  { id: "customer", label: "Customer" },
  { id: "pricing", label: "Pricing" },
  { id: "marketing", label: "Marketing" },
] as const;
export type TabId = (typeof TABS)[number]["id"];

export const STATUSES = ["new", "seen", "done", "dismissed", "snoozed"] as const;
export type InsightStatus = (typeof STATUSES)[number];

export type Band = "High" | "Medium" | "Low";

export type Evidence = {
  /** The figure seen, as shown (with its unit), and the figure expected from the baseline. */
  observed: string;
  expected: string;
  /** The range the expected figure allows (e.g. "±3.5 robust σ: $1,020–$1,980 a day"). */
  band: string;
  /** The days (shop's time zone) the baseline was measured over, or the rule's window. */
  baselineWindow: string;
  sampleSize: number;
  method: string;
};

export type Fact = string | number | null;

export type Finding = {
  category: Category;
  kind: string;
  subject: { type: string; id: string };
  title: string;
  description: string;
  facts: Record<string, Fact>;
  /** The detector's standardised evidence and sample size, turned into confidence by confidence.ts. */
  strength: { z: number; n: number };
  /** Money at stake in minor units (the shop's currency), or null when it cannot be told. */
  potentialValueMinor: number | null;
  valueFormula: string | null;
  evidence: Evidence;
  link: string | null;
  action: { label: string; url: string } | null;
  /** The figure that must move materially for a dismissed subject to come back. */
  figure: number;
  /** The last day (shop's time zone) the finding rests on: recency is measured from it. */
  day: string;
};
