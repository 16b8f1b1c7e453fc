// Which traffic source brought an order, from what Shopify knows of the customer's
// last visit before it (GraphQL customerJourneySummary, used by the import) or from
// the referring site and landing page of a webhook's order payload. Pure.
import type { MarketingTactic } from "~/graphql/admin.generated";
import type { TrafficSource } from "~/features/store-sync/traffic-sources";

const SEARCH_ENGINES = [
  "google",
  "bing",
  "yahoo",
  "duckduckgo",
  "baidu",
  "yandex",
  "ecosia",
  "naver",
  "seznam",
  "qwant",
  "startpage",
  "brave",
];
const SOCIAL_NETWORKS = [
  "facebook",
  "instagram",
  "tiktok",
  "pinterest",
  "twitter",
  "x",
  "t.co",
  "youtube",
  "linkedin",
  "snapchat",
  "reddit",
  "threads",
  "tumblr",
  "whatsapp",
  "messenger",
  "telegram",
  "fb",
  "ig",
  "lnkd.in",
];
/** Web and app mail clients: a click from them is an e-mail visit, not search (mail.google.com is not Google search). */
const WEBMAIL =
  /^(mail|email|webmail)\.|^outlook\.|\.mail\.|^com\.google\.android\.gm$|^com\.microsoft\.office\.outlook$|^mail$/;
/** Payment and checkout pages the customer comes back from: they say nothing about how the visit started. */
const CHECKOUT_HOSTS =
  /(^|\.)(paypal\.com|shop\.app|shopify\.com|myshopify\.com|stripe\.com|klarna\.com|afterpay\.com|affirm\.com)$/;
/** Ad click ids that ad platforms add to the landing page (fbclid is not one: Facebook adds it to organic links too). */
const AD_CLICK_IDS = ["gclid", "gbraid", "wbraid", "dclid", "msclkid", "ttclid", "twclid", "li_fat_id"];

const EMAIL_TACTICS: MarketingTactic[] = ["NEWSLETTER", "ABANDONED_CART", "TRANSACTIONAL"];
const PAID_TACTICS: MarketingTactic[] = ["AD", "RETARGETING"];

export type VisitFacts = {
  /** Shopify's source name ("Google", "Facebook", "email", "direct", a domain, "unknown"), or a referring host. */
  source?: string | null;
  sourceType?: MarketingTactic | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  /** The landing page carried an ad platform's click id. */
  adClick?: boolean;
};

const clean = (v: string | null | undefined) => (v ?? "").trim().toLowerCase();
const hostOf = (name: string) => name.replace(/^[a-z-]+:\/\//, "").split(/[/?#:]/)[0];

/** Whether a name ("Google") or host ("www.google.co.uk", "l.facebook.com") is one of the list. */
function isOneOf(name: string, list: string[]): boolean {
  if (!name) return false;
  const host = hostOf(name);
  return list.includes(host) || host.split(/[.\s]+/).some((label) => list.includes(label));
}

/** The attributed traffic source, or null when Shopify does not know it. */
export function trafficSourceOf(facts: VisitFacts): TrafficSource | null {
  const source = clean(facts.source);
  const utmSource = clean(facts.utmSource);
  const medium = clean(facts.utmMedium);

  if (facts.sourceType && EMAIL_TACTICS.includes(facts.sourceType)) return "email";
  if (
    /(^|[^a-z])e-?mail|newsletter|klaviyo|mailchimp/.test(medium) ||
    source === "email" ||
    /e-?mail|newsletter/.test(utmSource) ||
    WEBMAIL.test(hostOf(source))
  )
    return "email";
  if (
    facts.adClick ||
    (facts.sourceType && PAID_TACTICS.includes(facts.sourceType)) ||
    /cpc|ppc|cpm|cpv|paid|^ads?$|display|retarget|shopping/.test(medium)
  )
    return "paid";
  if (/social/.test(medium) || isOneOf(source, SOCIAL_NETWORKS) || isOneOf(utmSource, SOCIAL_NETWORKS)) return "social";
  if (
    facts.sourceType === "SEO" ||
    /organic/.test(medium) ||
    isOneOf(source, SEARCH_ENGINES) ||
    isOneOf(utmSource, SEARCH_ENGINES)
  )
    return "organic_search";
  if (source === "direct" || source === "(direct)") return "direct";
  const unknown = !source || source === "unknown" || source === "an unknown source" || source === "(not set)";
  // Affiliates, QR codes, other sites and campaigns with other mediums: someone else's link.
  if (unknown && !utmSource && !medium && facts.sourceType !== "AFFILIATE") return null;
  return "referral";
}

/** A URL's query parameters, from a full URL or a path such as "/products/x?utm_source=google". */
function params(url: string | null | undefined): URLSearchParams | null {
  if (!url) return null;
  try {
    return new URL(url, "https://shop.invalid").searchParams;
  } catch {
    return null;
  }
}

function host(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(/^[a-z-]+:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * From an order webhook: the online store's orders carry the referring site and the
 * landing page (with its UTM parameters and ad click ids); an online-store order with
 * none of these came direct. A referrer that is a Shopify checkout or a payment
 * page says nothing about how the visit began and is ignored. Orders from
 * other channels (POS, drafts, apps) have no visit: null.
 */
export function trafficSourceFromRest(o: {
  source_name?: string | null;
  referring_site?: string | null;
  landing_site?: string | null;
}): TrafficSource | null {
  const channel = clean(o.source_name || "web");
  if (channel !== "web" && channel !== "online_store") return null;
  const referrer = host(o.referring_site);
  const external = referrer && !CHECKOUT_HOSTS.test(referrer) ? referrer : null;
  const query = params(o.landing_site);
  const utmSource = query?.get("utm_source") ?? null;
  const utmMedium = query?.get("utm_medium") ?? null;
  const adClick = AD_CLICK_IDS.some((id) => query?.has(id));
  if (!external && !utmSource && !utmMedium && !adClick) return "direct";
  return trafficSourceOf({ source: external, utmSource, utmMedium, adClick });
}
