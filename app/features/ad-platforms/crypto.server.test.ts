import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptToken, encryptToken, signState, verifyState } from "~/features/ad-platforms/crypto.server";
import { adConfig } from "~/features/ad-platforms/config.server";

const key = randomBytes(32);

describe("tokens at rest", () => {
  it("round-trips, hides the token and refuses a changed ciphertext or another key", () => {
    const sealed = encryptToken(key, "ya29.secret-token");
    expect(sealed).not.toContain("secret");
    expect(encryptToken(key, "ya29.secret-token")).not.toBe(sealed); // a fresh IV each time
    expect(decryptToken(key, sealed)).toBe("ya29.secret-token");
    const [v, iv, tag, data] = sealed.split(".");
    const flipped = `${v}.${iv}.${tag}.${data!.slice(0, -2)}${data!.endsWith("A") ? "BA" : "AA"}`;
    expect(() => decryptToken(key, flipped)).toThrow();
    expect(() => decryptToken(randomBytes(32), sealed)).toThrow();
  });
});

describe("OAuth state", () => {
  it("verifies its own signature only", () => {
    const state = signState(key, { id: "n1", shopId: "s1", platform: "meta_ads", exp: 1 });
    expect(verifyState(key, state)).toEqual({ id: "n1", shopId: "s1", platform: "meta_ads", exp: 1 });
    expect(verifyState(randomBytes(32), state)).toBeNull();
    const [body, mac] = state.split(".");
    const other = Buffer.from(JSON.stringify({ id: "n1", shopId: "s2", platform: "meta_ads", exp: 1 })).toString(
      "base64url",
    );
    expect(verifyState(key, `${other}.${mac}`)).toBeNull();
    expect(verifyState(key, body!)).toBeNull();
    expect(verifyState(key, "")).toBeNull();
  });
});

describe("the key", () => {
  it("is required in production, with a message, and fixed only for the demo and tests", () => {
    const prod = adConfig({ NODE_ENV: "production" });
    expect(prod.key).toEqual({ error: expect.stringContaining("AD_TOKENS_KEY") });
    expect(adConfig({ NODE_ENV: "production", AD_TOKENS_KEY: "c2hvcnQ=" }).key).toEqual({
      error: expect.stringContaining("32 bytes"),
    });
    const given = randomBytes(32);
    expect(adConfig({ NODE_ENV: "production", AD_TOKENS_KEY: given.toString("base64") }).key).toEqual(given);
    expect(Buffer.isBuffer(adConfig({ NODE_ENV: "production", DEMO_MODE: "1" }).key)).toBe(true);
    expect(prod.platforms.meta_ads.missing).toEqual(["META_APP_ID", "META_APP_SECRET"]);
  });
});
