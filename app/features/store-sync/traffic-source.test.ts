import { describe, expect, it } from "vitest";
import {
  attributionFromRest,
  attributionOf,
  trafficSourceFromRest,
  trafficSourceOf,
} from "~/features/store-sync/traffic-source";

describe("trafficSourceOf (the customer's last visit, as the import reads it)", () => {
  it.each([
    [{ source: "Google", sourceType: "SEO" as const }, "organic_search"],
    [{ source: "Bing" }, "organic_search"],
    [{ source: "google", utmSource: "google", utmMedium: "cpc" }, "paid_search"],
    [{ source: "Instagram", sourceType: "AD" as const }, "paid_social"],
    [{ source: "unknown", utmMedium: "display" }, "paid"],
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
    ).toBe("paid_search");
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
      "paid_search",
    );
    expect(trafficSourceFromRest({ referring_site: null, landing_site: "/products/watch?msclkid=abc" })).toBe(
      "paid_search",
    );
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

describe("attribution to an ad channel (decision 093)", () => {
  it.each([
    // Click ids name the platform of the ad.
    ["/?gclid=Cj0KCQ", null, { source: "paid_search", adChannel: "google" }],
    ["/?gbraid=0AAAA", null, { source: "paid_search", adChannel: "google" }],
    ["/?wbraid=1BBBB", null, { source: "paid_search", adChannel: "google" }],
    ["/products/watch?ttclid=E.C.P", null, { source: "paid_social", adChannel: "tiktok" }],
    ["/?msclkid=abc", null, { source: "paid_search", adChannel: "microsoft" }],
    // fbclid names Meta, but Facebook adds it to organic links too: paid only with a paid medium.
    ["/?fbclid=IwAR&utm_source=facebook&utm_medium=paid", null, { source: "paid_social", adChannel: "meta" }],
    ["/?fbclid=IwAR", null, { source: "social", adChannel: null }],
    ["/?fbclid=IwAR", "https://l.facebook.com/", { source: "social", adChannel: null }],
    // UTM only: the medium says paid, the source names the platform.
    ["/?utm_source=instagram&utm_medium=paidsocial", null, { source: "paid_social", adChannel: "meta" }],
    ["/?utm_source=fb&utm_medium=cpc", null, { source: "paid_social", adChannel: "meta" }],
    ["/?utm_source=tiktok&utm_medium=paid_social", null, { source: "paid_social", adChannel: "tiktok" }],
    ["/?utm_source=bing&utm_medium=ppc", null, { source: "paid_search", adChannel: "microsoft" }],
    ["/?utm_source=partner&utm_medium=cpc", null, { source: "paid_search", adChannel: null }],
    ["/?utm_source=partner-x&utm_medium=paid_social", null, { source: "paid_social", adChannel: null }],
    ["/?utm_source=facebook&utm_medium=social", null, { source: "social", adChannel: null }],
    // Unpaid visits have no channel, even from the same network.
    ["/", "https://www.google.com/", { source: "organic_search", adChannel: null }],
  ])("landing %s from %s → %o", (landing, referrer, expected) => {
    expect(attributionFromRest({ source_name: "web", referring_site: referrer, landing_site: landing })).toEqual(
      expected,
    );
  });

  it("reads the click id from the last visit's landing page in the import", () => {
    expect(
      attributionOf({
        source: "Google",
        sourceType: null,
        utmSource: null,
        utmMedium: null,
        landingPage: "https://shop.example/products/watch?gclid=Cj0KCQ",
      }),
    ).toEqual({ source: "paid_search", adChannel: "google" });
    expect(attributionOf({ source: "Instagram", sourceType: "AD", landingPage: null })).toEqual({
      source: "paid_social",
      adChannel: "meta",
    });
    expect(attributionOf({ source: "Facebook", sourceType: "RETARGETING" })).toEqual({
      source: "paid_social",
      adChannel: "meta",
    });
  });

  it("leaves e-mail first: a paid medium on a newsletter link is still e-mail", () => {
    expect(attributionOf({ utmSource: "klaviyo", utmMedium: "email", landingPage: "/?gclid=x" })).toEqual({
      source: "email",
      adChannel: null,
    });
  });
});
