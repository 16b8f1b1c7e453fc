import { describe, expect, it } from "vitest";
import { RateTable, microsToShopMinor, parseEcbXml } from "~/features/ad-platforms/fx";
import { ECB_SAMPLE_XML } from "~/features/ad-platforms/recorded/ecb-sample";

const table = new RateTable(parseEcbXml(ECB_SAMPLE_XML));

describe("ECB reference rates", () => {
  it("reads every day and currency of the recorded file", () => {
    const rows = parseEcbXml(ECB_SAMPLE_XML);
    expect(rows).toHaveLength(16);
    expect(rows).toContainEqual({ day: "2026-11-20", currency: "JPY", perEur: 161.2 });
  });

  it("uses the last publication before a weekend day, and none before the first", () => {
    expect(table.perEur("USD", "2026-11-22")).toEqual({ perEur: 1.04, day: "2026-11-20" });
    expect(table.perEur("USD", "2026-11-23")).toEqual({ perEur: 1.05, day: "2026-11-23" });
    expect(table.perEur("USD", "2026-11-18")).toBeNull();
    expect(table.rate("USD", "EUR", "2026-11-18")).toBeNull();
  });

  it("crosses through the euro", () => {
    expect(table.rate("EUR", "USD", "2026-11-21")).toEqual({ rate: 1.04, rateDay: "2026-11-20" });
    expect(table.rate("USD", "EUR", "2026-11-23")!.rate).toBeCloseTo(1 / 1.05, 12);
    expect(table.rate("GBP", "JPY", "2026-11-24")!.rate).toBeCloseTo(162.4 / 0.835, 9);
    expect(table.rate("CAD", "CAD", "2026-01-01")).toEqual({ rate: 1, rateDay: null });
  });

  it("converts micros to the shop currency's minor units", () => {
    expect(microsToShopMinor(12_345_000n, 1, "USD")).toBe(1235);
    expect(microsToShopMinor(12_344_999n, 1, "USD")).toBe(1234);
    expect(microsToShopMinor(1_500_000n, 1, "JPY")).toBe(2);
    expect(microsToShopMinor(10_000_000n, 1.04, "USD")).toBe(1040);
    expect(microsToShopMinor(10_000_000n, 162.4, "JPY")).toBe(1624);
  });
});
