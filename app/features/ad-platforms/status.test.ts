import { describe, expect, it } from "vitest";
import { adPlatformRow, type AdPlatformFacts } from "~/features/ad-platforms/status";

const base: AdPlatformFacts = { platform: "meta_ads", keyError: null, missing: [], connection: null, accounts: [] };
const connection = {
  status: "connected",
  replay: false,
  connectedAt: new Date("2026-11-01T00:00:00Z"),
  lastSyncAt: new Date("2026-11-24T05:00:00Z"),
  syncedThrough: "2026-11-24",
  rateNote: "EUR → USD at the ECB reference rate: 1.0500 on 2026-11-23",
  lastError: null,
  lastErrorAt: null,
};
const account = { accountId: "555", name: "Main", currency: "EUR", selected: true };

describe("an ad platform's row", () => {
  it("names the missing key or variables", () => {
    expect(adPlatformRow({ ...base, keyError: "Set AD_TOKENS_KEY." })).toMatchObject({
      status: "disconnected",
      detail: "Set AD_TOKENS_KEY.",
    });
    const row = adPlatformRow({ ...base, missing: ["META_APP_ID", "META_APP_SECRET"] });
    expect(row).toMatchObject({
      status: "disconnected",
      detail: "Not configured: set META_APP_ID, META_APP_SECRET to connect.",
    });
    expect(row.ads.canConnect).toBe(false);
  });

  it("asks to connect, then to choose an account, then reads", () => {
    expect(adPlatformRow(base)).toMatchObject({ status: "pending", ads: { canConnect: true, connected: false } });
    expect(adPlatformRow({ ...base, connection, accounts: [{ ...account, selected: false }] }).status).toBe("pending");
    const row = adPlatformRow({ ...base, connection, accounts: [account] });
    expect(row.status).toBe("connected");
    expect(row.detail).toContain("1.0500 on 2026-11-23");
    expect(row.lastSync).toBe("2026-11-24T05:00:00.000Z");
  });

  it("shows a failed sync and a revoked grant with the platform's message", () => {
    const failed = adPlatformRow({
      ...base,
      connection: {
        ...connection,
        status: "failed",
        lastError: "Meta: (#17) User request limit reached",
        lastErrorAt: new Date("2026-11-24T05:00:00Z"),
      },
      accounts: [account],
    });
    expect(failed).toMatchObject({
      status: "disconnected",
      lastError: { message: "Meta: (#17) User request limit reached" },
    });
    expect(adPlatformRow({ ...base, connection: { ...connection, status: "revoked" } }).detail).toMatch(/reconnect/);
  });
});
