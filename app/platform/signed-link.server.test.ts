import { describe, expect, it } from "vitest";
import { signLink, verifyLink } from "~/platform/signed-link.server";

const secret = "s".repeat(32);

describe("signed links", () => {
  it("accepts its own signature until the expiry", () => {
    const expiresAt = new Date("2030-01-01T00:00:00Z");
    const { expires, signature } = signLink(secret, "req_1", expiresAt);
    expect(verifyLink(secret, "req_1", expires, signature, new Date("2029-12-31T23:59:00Z"))).toEqual({ ok: true });
    expect(verifyLink(secret, "req_1", expires, signature, new Date("2030-01-01T00:00:01Z"))).toEqual({
      ok: false,
      reason: "expired",
    });
  });
  it("rejects another payload, a changed expiry, another key or no signature", () => {
    const { expires, signature } = signLink(secret, "req_1", new Date("2030-01-01T00:00:00Z"));
    expect(verifyLink(secret, "req_2", expires, signature).ok).toBe(false);
    expect(verifyLink(secret, "req_1", String(Number(expires) + 3600), signature).ok).toBe(false);
    expect(verifyLink("t".repeat(32), "req_1", expires, signature).ok).toBe(false);
    expect(verifyLink(secret, "req_1", expires, null).ok).toBe(false);
    expect(verifyLink(secret, "req_1", "abc", signature).ok).toBe(false);
  });
});
