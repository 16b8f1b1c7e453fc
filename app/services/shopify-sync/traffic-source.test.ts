import { describe, expect, it } from "vitest";
import { trafficSourceFromRest, trafficSourceOf } from "./traffic-source";

describe("trafficSourceOf (the customer's last visit, as the import reads it)", () => {
  it.each([
    [{ source: "Google", sourceType: "SEO" as const }, "organic_search"],
    [{ source: "Bing" }, "organic_search"],
    [{ source: "google", utmSource: "google", utmMedium: "cpc" }, "paid"],
    [{ source: "Instagram", sourceType: "AD" as const }, "paid"],
    [{ source: "Facebook" }, "social"],
    [{ source: "l.facebook.com" }, "social"],
    [{ source: "t.co" }, "social"],
    [{ source: "email" }, "email"],
    [{ source: "klaviyo", sourceType: "NEWSLETTER" as const }, "email"],
    [{ source: "unknown", utmMedium: "email", utmSource: "spring-sale" }, "email"],
    [{ source: "direct" }, "direct"],
    [{ source: "somebody-blog.com" }, "referral"],
    [{ source: "unknown" }, null],
    [{ source: "an unknown source" }, null],
    [{}, null],
  ])("%o → %s", (facts, expected) => {
    expect(trafficSourceOf(facts)).toBe(expected);
  });
});

describe("trafficSourceFromRest (an order webhook's referring site and landing page)", () => {
  it("reads the referring host and the landing page's UTM parameters", () => {
    expect(trafficSourceFromRest({ source_name: "web", referring_site: "https://www.google.co.uk/search?q=watch", landing_site: "/products/watch" })).toBe("organic_search");
    expect(trafficSourceFromRest({ source_name: "web", referring_site: "https://www.google.com/", landing_site: "/?utm_source=google&utm_medium=cpc" })).toBe("paid");
    expect(trafficSourceFromRest({ source_name: "web", referring_site: null, landing_site: "/?utm_source=newsletter&utm_medium=email" })).toBe("email");
    expect(trafficSourceFromRest({ source_name: "web", referring_site: "https://blog.example.org/review", landing_site: "/" })).toBe("referral");
  });

  it("calls an online-store order with no referrer and no campaign direct", () => {
    expect(trafficSourceFromRest({ source_name: "web", referring_site: "", landing_site: "/products/watch" })).toBe("direct");
    expect(trafficSourceFromRest({ referring_site: null, landing_site: null })).toBe("direct");
  });

  it("gives no source to orders that did not come through a visit", () => {
    expect(trafficSourceFromRest({ source_name: "pos", referring_site: null })).toBeNull();
    expect(trafficSourceFromRest({ source_name: "shopify_draft_order" })).toBeNull();
  });
});
