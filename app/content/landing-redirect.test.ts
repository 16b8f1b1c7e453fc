import { describe, expect, it } from "vitest";
import { landingRedirect } from "~/content/landing-redirect";

describe("landing redirect", () => {
  it("sends a visitor from the Shopify admin to the dashboard, keeping the query", () => {
    expect(landingRedirect(new URL("https://app.test/?shop=a.myshopify.com&installed=1"))).toBe(
      "/dashboard?shop=a.myshopify.com&installed=1",
    );
    expect(landingRedirect(new URL("https://app.test/?shop=a.myshopify.com&host=abc&embedded=1"))).toBe(
      "/dashboard?shop=a.myshopify.com&host=abc&embedded=1",
    );
  });
  it("leaves other visitors on the landing page", () => {
    expect(landingRedirect(new URL("https://app.test/"))).toBeNull();
    expect(landingRedirect(new URL("https://app.test/?installed=1"))).toBeNull();
    expect(landingRedirect(new URL("https://app.test/?shop=a.myshopify.com"))).toBeNull();
  });
});
