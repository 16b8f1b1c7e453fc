import { describe, expect, it } from "vitest";
import { applyDocumentSecurityHeaders, publicSecurityHeaders, withPublicSecurityHeaders } from "~/lib/security-headers";

describe("public security headers", () => {
  it("forbids framing, sniffing and leaking full referrers", () => {
    const h = publicSecurityHeaders({ production: false });
    expect(h["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["Strict-Transport-Security"]).toBeUndefined();
  });

  it("adds HSTS in production only", () => {
    expect(publicSecurityHeaders({ production: true })["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
  });

  it("keeps a response's own headers", () => {
    const h = withPublicSecurityHeaders({ "Content-Type": "text/plain" }, true);
    expect(h.get("Content-Type")).toBe("text/plain");
    expect(h.get("Strict-Transport-Security")).toBeTruthy();
  });
});

describe("document security headers", () => {
  it("forbids framing when the route set no frame-ancestors", () => {
    expect(applyDocumentSecurityHeaders(new Headers(), { production: false }).get("Content-Security-Policy")).toBe(
      "frame-ancestors 'none'",
    );
    const withOther = applyDocumentSecurityHeaders(new Headers({ "Content-Security-Policy": "object-src 'none';" }), {
      production: false,
    });
    expect(withOther.get("Content-Security-Policy")).toBe("object-src 'none'; frame-ancestors 'none'");
  });

  it("keeps the admin's own frame-ancestors (Shopify's, for an embedded page)", () => {
    const shopify = "frame-ancestors https://a.myshopify.com https://admin.shopify.com;";
    const h = applyDocumentSecurityHeaders(new Headers({ "Content-Security-Policy": shopify }), { production: true });
    expect(h.get("Content-Security-Policy")).toBe(shopify);
    expect(h.get("X-Content-Type-Options")).toBe("nosniff");
    expect(h.get("Strict-Transport-Security")).toMatch(/max-age=/);
  });

  it("sends HSTS in production only", () => {
    expect(applyDocumentSecurityHeaders(new Headers(), { production: false }).has("Strict-Transport-Security")).toBe(
      false,
    );
  });
});
