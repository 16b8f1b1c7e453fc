// The traffic sources an order is attributed to, in the order screens list them.
// The demo seed uses the first five; imported orders can carry any of them.
export const TRAFFIC_SOURCES = ["organic_search", "direct", "social", "email", "paid", "referral"] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

export const TRAFFIC_SOURCE_LABELS: Record<TrafficSource, string> = {
  organic_search: "Organic Search",
  direct: "Direct",
  social: "Social Media",
  email: "Email",
  paid: "Paid Ads",
  referral: "Referral",
};
