// Which traffic source brought an order, from what Shopify knows of the customer's
// last visit before it (GraphQL customerJourneySummary, used by the import) or from
// the referring site and landing page of a webhook's order payload. Pure.
import type { MarketingTactic } from "../../graphql/admin.generated";
import type { TrafficSource } from "../../lib/traffic-sources";

const SEARCH_ENGINES = ["google", "bing", "yahoo", "duckduckgo", "baidu", "yandex", "ecosia", "naver", "seznam", "qwant", "startpage", "brave"];
const SOCIAL_NETWORKS = [
  "facebook", "instagram", "tiktok", "pinterest", "twitter", "x", "t.co", "youtube", "linkedin", "snapchat", "reddit",
  "threads", "tumblr", "whatsapp", "messenger", "telegram", "fb", "ig", "lnkd.in",
];
const EMAIL_TACTICS: MarketingTactic[] = ["NEWSLETTER", "ABANDONED_CART", "TRANSACTIONAL"];
const PAID_TACTICS: MarketingTactic[] = ["AD", "RETARGETING"];

export type VisitFacts = {
  /** Shopify's source name ("Google", "Facebook", "email", "direct", a domain, "unknown"), or a referring host. */
  source?: string | null;
  sourceType?: MarketingTactic | null;
  utmSource?: string | null;
  utmMedium?: string | null;
};

const clean = (v: string | null | undefined) => (v ?? "").trim().toLowerCase();

/** Whether a name ("Google") or host ("www.google.co.uk", "l.facebook.com") is one of the list. */
function isOneOf(name: string, list: string[]): boolean {
  if (!name) return false;
  const host = name.replace(/^[a-z]+:\/\//, "").split(/[/?#:]/)[0];
  return list.includes(host) || host.split(/[.\s]+/).some((label) => list.includes(label));
}

/** The attributed traffic source, or null when Shopify does not know it. */
export function trafficSourceOf(facts: VisitFacts): TrafficSource | null {
  const source = clean(facts.source);
  const utmSource = clean(facts.utmSource);
  const medium = clean(facts.utmMedium);

  if (facts.sourceType && EMAIL_TACTICS.includes(facts.sourceType)) return "email";
  if (/(^|[^a-z])e-?mail|newsletter|klaviyo|mailchimp/.test(medium) || source === "email" || /e-?mail|newsletter/.test(utmSource)) return "email";
  if ((facts.sourceType && PAID_TACTICS.includes(facts.sourceType)) || /cpc|ppc|cpm|paid|^ads?$|display|retarget|shopping|affiliate/.test(medium)) return "paid";
  if (/social/.test(medium) || isOneOf(source, SOCIAL_NETWORKS) || isOneOf(utmSource, SOCIAL_NETWORKS)) return "social";
  if (facts.sourceType === "SEO" || /organic/.test(medium) || isOneOf(source, SEARCH_ENGINES) || isOneOf(utmSource, SEARCH_ENGINES)) return "organic_search";
  if (source === "direct" || source === "(direct)") return "direct";
  if (!source || source === "unknown" || source === "an unknown source" || source === "(not set)") return utmSource ? "referral" : null;
  return "referral";
}

/** A URL's query parameter, from a full URL or a path such as "/products/x?utm_source=google". */
function param(url: string | null | undefined, name: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, "https://shop.invalid").searchParams.get(name);
  } catch {
    return null;
  }
}

function host(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url.includes("://") ? url : `https://${url}`).hostname || null;
  } catch {
    return null;
  }
}

/**
 * From an order webhook: the online store's orders carry the referring site and the
 * landing page (with its UTM parameters); an online-store order with neither came
 * direct. Orders from other channels (POS, drafts, apps) have no visit: null.
 */
export function trafficSourceFromRest(o: { source_name?: string | null; referring_site?: string | null; landing_site?: string | null }): TrafficSource | null {
  const channel = clean(o.source_name || "web");
  if (channel !== "web" && channel !== "online_store") return null;
  const external = host(o.referring_site);
  const utmSource = param(o.landing_site, "utm_source");
  const utmMedium = param(o.landing_site, "utm_medium");
  if (!external && !utmSource && !utmMedium) return "direct";
  return trafficSourceOf({ source: external, utmSource, utmMedium });
}
