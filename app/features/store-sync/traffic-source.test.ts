import { describe, expect, it } from "vitest";
import { trafficSourceFromRest, trafficSourceOf } from "~/features/store-sync/traffic-source";

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
    expect(
      trafficSourceFromRest({
        source_name: "web",
        referring_site: "https://www.google.co.uk/search?q=watch",
        landing_site: "/products/watch",
      }),
    ).toBe("organic_search");
    expect(
      trafficSourceFromRest({
        source_name: "web",
        referring_site: "https://www.google.com/",
        landing_site: "/?utm_source=google&utm_medium=cpc",
      }),
    ).toBe("paid");
    expect(
      trafficSourceFromRest({
        source_name: "web",
        referring_site: null,
        landing_site: "/?utm_source=newsletter&utm_medium=email",
      }),
    ).toBe("email");
    expect(
      trafficSourceFromRest({
        source_name: "web",
        referring_site: "https://blog.example.org/review",
        landing_site: "/",
      }),
    ).toBe("referral");
  });

  it("calls an online-store order with no referrer and no campaign direct", () => {
    expect(trafficSourceFromRest({ source_name: "web", referring_site: "", landing_site: "/products/watch" })).toBe(
      "direct",
    );
    expect(trafficSourceFromRest({ referring_site: null, landing_site: null })).toBe("direct");
  });

  it("gives no source to orders that did not come through a visit", () => {
    expect(trafficSourceFromRest({ source_name: "pos", referring_site: null })).toBeNull();
    expect(trafficSourceFromRest({ source_name: "shopify_draft_order" })).toBeNull();
  });
});

describe("what is easy to get wrong", () => {
  it("counts clicks from mail clients as e-mail, not search", () => {
    expect(trafficSourceOf({ source: "android-app://com.google.android.gm" })).toBe("email");
    expect(trafficSourceFromRest({ referring_site: "https://mail.google.com/", landing_site: "/" })).toBe("email");
    expect(trafficSourceFromRest({ referring_site: "https://mail.yahoo.com/d/folders/1", landing_site: "/" })).toBe(
      "email",
    );
    expect(trafficSourceFromRest({ referring_site: "https://outlook.live.com/", landing_site: "/" })).toBe("email");
  });

  it("counts ad clicks tagged only with a click id as paid", () => {
    expect(trafficSourceFromRest({ referring_site: "https://www.google.com/", landing_site: "/?gclid=Cj0KCQ" })).toBe(
      "paid",
    );
    expect(trafficSourceFromRest({ referring_site: null, landing_site: "/products/watch?msclkid=abc" })).toBe("paid");
    expect(trafficSourceFromRest({ referring_site: "https://www.facebook.com/", landing_site: "/?fbclid=IwAR" })).toBe(
      "social",
    );
  });

  it("ignores checkout and payment pages as referrers", () => {
    expect(trafficSourceFromRest({ referring_site: "https://www.paypal.com/checkoutnow", landing_site: "/" })).toBe(
      "direct",
    );
    expect(
      trafficSourceFromRest({
        referring_site: "https://shop.app/",
        landing_site: "/?utm_source=google&utm_medium=organic",
      }),
    ).toBe("organic_search");
    expect(trafficSourceFromRest({ referring_site: "https://demo.myshopify.com/cart", landing_site: "/" })).toBe(
      "direct",
    );
  });

  it("treats affiliates and campaigns with other mediums as referrals", () => {
    expect(trafficSourceOf({ source: "unknown", sourceType: "AFFILIATE" })).toBe("referral");
    expect(trafficSourceOf({ utmMedium: "affiliate", utmSource: "partner-blog" })).toBe("referral");
    expect(trafficSourceOf({ utmMedium: "banner" })).toBe("referral");
  });
});
