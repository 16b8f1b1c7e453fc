import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BACKOFF_CAP_MS, backoffDelay, call, redact, retryAfterMs } from "~/features/ad-platforms/http.server";
import { classifyGoogle } from "~/features/ad-platforms/google.server";
import { classifyMeta } from "~/features/ad-platforms/meta.server";
import { classifyTiktok } from "~/features/ad-platforms/tiktok.server";

describe("backoff", () => {
  it("doubles to a cap and honours Retry-After up to the cap", () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, null))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(20, null)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(0, 7000)).toBe(7000);
    expect(backoffDelay(0, 3_600_000)).toBe(BACKOFF_CAP_MS);
    expect(retryAfterMs("12")).toBe(12_000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(10_000);
    expect(retryAfterMs(null)).toBeNull();
  });

  it("reads each platform's rate-limit answers as such", () => {
    expect(classifyGoogle(429, { error: { status: "RESOURCE_EXHAUSTED", message: "m" } })?.kind).toBe("rate_limited");
    for (const code of [4, 17, 613])
      expect(classifyMeta(400, { error: { code, message: "m" } })?.kind).toBe("rate_limited");
    expect(classifyTiktok(200, { code: 40100, message: "m" })?.kind).toBe("rate_limited");
    expect(classifyTiktok(200, { code: 0, message: "OK" })).toBeNull();
    expect(
      classifyGoogle(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." }),
    ).toEqual({
      kind: "revoked",
      message: "Google: Token has been expired or revoked.",
    });
  });
});

describe("messages", () => {
  it("never carry a token", () => {
    expect(redact("bad token EAAB123456 in https://x/?access_token=EAAB123456&a=1", ["EAAB123456"])).toBe(
      "bad token [redacted] in https://x/?access_token=[redacted]&a=1",
    );
    expect(redact("Authorization: Bearer ya29.a0AfB_x")).toBe("Authorization: Bearer [redacted]");
  });

  it("names an answer outside the documented shape instead of guessing", async () => {
    const transport = async () => new Response(JSON.stringify({ results: "no" }), { status: 200 });
    await expect(
      call({ transport }, { url: "http://x" }, classifyGoogle, z.object({ results: z.array(z.unknown()) })),
    ).rejects.toThrow("The platform's answer was not in the documented shape (results).");
  });
});
