// The traffic sources an order is attributed to, in the order screens list them. Paid visits
// are paid search or paid social when the platform or the UTM medium says which
// (docs/decisions/093-marketing-figures.md), else "paid". The demo seed uses the first five.
export const TRAFFIC_SOURCES = [
  "organic_search",
  "direct",
  "social",
  "email",
  "paid",
  "paid_search",
  "paid_social",
  "referral",
] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

export const TRAFFIC_SOURCE_LABELS: Record<TrafficSource, string> = {
  organic_search: "Organic Search",
  direct: "Direct",
  social: "Social Media",
  email: "Email",
  paid: "Paid Ads (other)",
  paid_search: "Paid Search",
  paid_social: "Paid Social",
  referral: "Referral",
};
