import { describe, expect, it } from "vitest";
import { publicSecurityHeaders, withPublicSecurityHeaders } from "~/lib/security-headers";

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
