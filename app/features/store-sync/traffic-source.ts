// Which traffic source brought an order, from what Shopify knows of the customer's
// last visit before it (GraphQL customerJourneySummary, used by the import) or from
// the referring site and landing page of a webhook's order payload; for a paid visit, also
// the ad channel whose ad it was (docs/decisions/093-marketing-figures.md). Pure.
import type { MarketingTactic } from "~/graphql/admin.generated";
import type { TrafficSource } from "~/features/store-sync/traffic-sources";
import { adChannelOf, CLICK_IDS, SEARCH_CHANNELS, type AdChannelKey } from "~/features/profit";

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
/**
 * Ad click ids that ad platforms add to the landing page only for an ad click. fbclid is not one:
 * Facebook adds it to organic links too, so it names Meta as the platform but proves no ad.
 */
const AD_CLICK_IDS = [
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "msclkid",
  "ttclid",
  "twclid",
  "li_fat_id",
  "epik",
  "sccid",
];
/** Paid traffic by its UTM medium (cpc, ppc, paid, paidsocial, paid_search, display, …). */
const PAID_MEDIUM = /cpc|ppc|cpm|cpv|paid|^ads?$|^sem$|display|retarget|shopping/;

const EMAIL_TACTICS: MarketingTactic[] = ["NEWSLETTER", "ABANDONED_CART", "TRANSACTIONAL"];
const PAID_TACTICS: MarketingTactic[] = ["AD", "RETARGETING"];

export type VisitFacts = {
  /** Shopify's source name ("Google", "Facebook", "email", "direct", a domain, "unknown"), or a referring host. */
  source?: string | null;
  sourceType?: MarketingTactic | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  /** The landing page (with its query), where the click ids are. */
  landingPage?: string | null;
};

/** An order's attribution: its traffic source and, for a paid visit of a known platform, the ad channel. */
export type Attribution = { source: TrafficSource | null; adChannel: AdChannelKey | null };

const clean = (v: string | null | undefined) => (v ?? "").trim().toLowerCase();
const hostOf = (name: string) => name.replace(/^[a-z-]+:\/\//, "").split(/[/?#:]/)[0];

/** Whether a name ("Google") or host ("www.google.co.uk", "l.facebook.com") is one of the list. */
function isOneOf(name: string, list: string[]): boolean {
  if (!name) return false;
  const host = hostOf(name);
  return list.includes(host) || host.split(/[.\s]+/).some((label) => list.includes(label));
}

/** The click ids on a landing page: whether one proves an ad click, and the platform they name. */
function clickFacts(landingPage: string | null | undefined): { adClick: boolean; channel: AdChannelKey | null } {
  const query = params(landingPage);
  if (!query) return { adClick: false, channel: null };
  const ids = [...query.keys()].map((k) => k.toLowerCase());
  const named = ids.map((id) => CLICK_IDS[id]).find((c) => c !== undefined) ?? null;
  return { adClick: ids.some((id) => AD_CLICK_IDS.includes(id)), channel: named };
}

/** Paid search or paid social: by the platform when it is known, else by the medium; else just paid. */
function paidKind(channel: AdChannelKey | null, medium: string): TrafficSource {
  if (channel) return SEARCH_CHANNELS.has(channel) ? "paid_search" : "paid_social";
  if (/social/.test(medium)) return "paid_social";
  if (/search|cpc|ppc|^sem$|shopping/.test(medium)) return "paid_search";
  return "paid";
}

/** The attributed traffic source and ad channel; the source is null when Shopify does not know it. */
export function attributionOf(facts: VisitFacts): Attribution {
  const source = clean(facts.source);
  const utmSource = clean(facts.utmSource);
  const medium = clean(facts.utmMedium);
  const clicks = clickFacts(facts.landingPage);
  const none = (s: TrafficSource | null): Attribution => ({ source: s, adChannel: null });

  if (facts.sourceType && EMAIL_TACTICS.includes(facts.sourceType)) return none("email");
  if (
    /(^|[^a-z])e-?mail|newsletter|klaviyo|mailchimp/.test(medium) ||
    source === "email" ||
    /e-?mail|newsletter/.test(utmSource) ||
    WEBMAIL.test(hostOf(source))
  )
    return none("email");
  if (clicks.adClick || (facts.sourceType && PAID_TACTICS.includes(facts.sourceType)) || PAID_MEDIUM.test(medium)) {
    // The click id names the ad's platform surely; else the campaign's utm_source, else Shopify's source name.
    const adChannel = clicks.channel ?? adChannelOf(utmSource) ?? adChannelOf(source);
    return { source: paidKind(adChannel, medium), adChannel };
  }
  if (/social/.test(medium) || isOneOf(source, SOCIAL_NETWORKS) || isOneOf(utmSource, SOCIAL_NETWORKS))
    return none("social");
  if (
    facts.sourceType === "SEO" ||
    /organic/.test(medium) ||
    isOneOf(source, SEARCH_ENGINES) ||
    isOneOf(utmSource, SEARCH_ENGINES)
  )
    return none("organic_search");
  if (source === "direct" || source === "(direct)") return none("direct");
  const unknown = !source || source === "unknown" || source === "an unknown source" || source === "(not set)";
  // A click id of an organic post (fbclid) still says the visit came from that network.
  if (unknown && !utmSource && !medium && clicks.channel && !SEARCH_CHANNELS.has(clicks.channel)) return none("social");
  // Affiliates, QR codes, other sites and campaigns with other mediums: someone else's link.
  if (unknown && !utmSource && !medium && facts.sourceType !== "AFFILIATE") return none(null);
  return none("referral");
}

/** The attributed traffic source, or null when Shopify does not know it. */
export function trafficSourceOf(facts: VisitFacts): TrafficSource | null {
  return attributionOf(facts).source;
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
export function attributionFromRest(o: {
  source_name?: string | null;
  referring_site?: string | null;
  landing_site?: string | null;
}): Attribution {
  const channel = clean(o.source_name || "web");
  if (channel !== "web" && channel !== "online_store") return { source: null, adChannel: null };
  const referrer = host(o.referring_site);
  const external = referrer && !CHECKOUT_HOSTS.test(referrer) ? referrer : null;
  const query = params(o.landing_site);
  const utmSource = query?.get("utm_source") ?? null;
  const utmMedium = query?.get("utm_medium") ?? null;
  const clicked = [...(query?.keys() ?? [])].some((k) => k.toLowerCase() in CLICK_IDS || AD_CLICK_IDS.includes(k));
  if (!external && !utmSource && !utmMedium && !clicked) return { source: "direct", adChannel: null };
  return attributionOf({ source: external, utmSource, utmMedium, landingPage: o.landing_site });
}

export function trafficSourceFromRest(o: Parameters<typeof attributionFromRest>[0]): TrafficSource | null {
  return attributionFromRest(o).source;
}
