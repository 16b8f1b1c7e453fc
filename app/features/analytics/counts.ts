// The registry's counts that are not a period's sums (issue 35 item 3): who a "customer" and a
// "member" are, and the one source of the funnel's first step. The glossary renders these next
// to the period figures of metrics.ts; the counting itself is done by the feature that owns the
// rows (customers/counts.server.ts, loyalty/member-counts.server.ts), which cite these entries.

/**
 * The funnel's first step. Shopify's funnel counts the same online-store sessions as the
 * sessions report, so the funnel starts from the period's Sessions figure: the two cannot differ.
 */
export const funnelVisitors = (period: { sessions: number }): number => period.sessions;

export const COUNT_KEYS = ["customers", "newCustomers", "redactedCustomers", "members", "untieredMembers"] as const;
export type CountKey = (typeof COUNT_KEYS)[number];

export type CountDefinition = {
  key: CountKey;
  label: string;
  formula: string;
  includes: string[];
  excludes: string[];
  /** The screens that show it. */
  shownOn: string[];
  /** Counted for a period (else as of now). */
  ofPeriod?: true;
};

const DEFINITIONS: Record<CountKey, Omit<CountDefinition, "key">> = {
  customers: {
    label: "Customers",
    formula: "Customer records of the store that are neither deleted in Shopify nor redacted",
    includes: ["Customers without an order yet", "Customers added in the app"],
    excludes: [
      "Customers deleted in Shopify (kept for their past orders, not counted)",
      "Redacted customers (see below)",
      "Guest checkouts without a customer record",
    ],
    shownOn: ["Customers (the list's total)", "Settings → Data", "Loyalty (members of them)"],
  },
  newCustomers: {
    label: "New customers",
    formula:
      "Customers (as counted above) whose first order that was not cancelled was processed in the period, on its day in the shop's time zone",
    includes: ["A customer whose earlier orders were all cancelled, from the first order that was not"],
    excludes: [
      "Customers with an order before the period (returning customers)",
      "Guest checkouts without a customer record",
      "Customers deleted in Shopify or redacted since (as Customers)",
    ],
    shownOn: ["Analytics → Marketing (the CAC figure's base)", "Costs & Profit → Profit and loss (CAC on Ad spend)"],
    ofPeriod: true,
  },
  redactedCustomers: {
    label: "Redacted customers",
    formula: "Customers whose personal data was erased at their request (Shopify's customers/redact)",
    includes: ["The anonymous record, kept so that past orders still add up in sales and profit"],
    excludes: ["They are not customers any more: not listed, scored, exported or counted as members"],
    shownOn: ["Settings → Data (stored records = customers + redacted)", "Customers"],
  },
  members: {
    label: "Loyalty members",
    formula: "Customers (as counted above) enrolled in the loyalty program",
    includes: [
      "Every enrolled customer, whatever their balance",
      "With automatic enrolment, every customer from their first order",
    ],
    excludes: [
      "Customers not enrolled (for example, no order yet)",
      "Accounts of customers since redacted or deleted: their points stay in the ledger and the liability until they expire",
    ],
    shownOn: ["Loyalty → Overview, Tier Management and Analytics", "Dashboard loyalty card"],
  },
  untieredMembers: {
    label: "No tier",
    formula: "Members whose qualifying spend is below the first tier's minimum spend",
    includes: ["Members whose refunds took their qualifying spend below the minimum (even below zero)"],
    excludes: ["Nothing: the tiers' members and these add up to the members"],
    shownOn: ["Loyalty → Overview (tier distribution) and Tier Management"],
  },
};

export const COUNTS: Record<CountKey, CountDefinition> = Object.fromEntries(
  COUNT_KEYS.map((key) => [key, { key, ...DEFINITIONS[key] }]),
) as Record<CountKey, CountDefinition>;
