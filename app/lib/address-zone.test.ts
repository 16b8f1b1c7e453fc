import { describe, expect, it } from "vitest";
import { zoneForAddress } from "./address-zone";

describe("zoneForAddress", () => {
  it("takes Shopify's own time zone for the address first", () => {
    expect(zoneForAddress({ countryCode: "US", provinceCode: "CA", timeZone: "America/Phoenix" })).toBe(
      "America/Phoenix",
    );
  });

  it("ignores a time zone this runtime does not know and infers from the address", () => {
    expect(zoneForAddress({ countryCode: "US", provinceCode: "CA", timeZone: "Mars/Olympus" })).toBe(
      "America/Los_Angeles",
    );
  });

  it("uses the region where a country's regions keep different clocks", () => {
    expect(zoneForAddress({ countryCode: "US", provinceCode: "NY" })).toBe("America/New_York");
    expect(zoneForAddress({ countryCode: "us", provinceCode: "tx" })).toBe("America/Chicago");
    expect(zoneForAddress({ countryCode: "CA", provinceCode: "BC" })).toBe("America/Vancouver");
    expect(zoneForAddress({ countryCode: "AU", provinceCode: "WA" })).toBe("Australia/Perth");
    expect(zoneForAddress({ countryCode: "AU", provinceCode: "QLD" })).toBe("Australia/Brisbane");
  });

  it("names a one-clock country's zone as the country knows it", () => {
    expect(zoneForAddress({ countryCode: "GB" })).toBe("Europe/London");
    expect(zoneForAddress({ countryCode: "FR", provinceCode: "IDF" })).toBe("Europe/Paris");
    expect(zoneForAddress({ countryCode: "DE" })).toBe("Europe/Berlin");
    expect(zoneForAddress({ countryCode: "NL" })).toBe("Europe/Amsterdam");
    expect(zoneForAddress({ countryCode: "SE" })).toBe("Europe/Stockholm");
    expect(zoneForAddress({ countryCode: "IN" })).toBe("Asia/Kolkata");
    expect(zoneForAddress({ countryCode: "JP" })).toBe("Asia/Tokyo");
  });

  it("takes the clock of most people in a multi-clock country without a known region", () => {
    expect(zoneForAddress({ countryCode: "BR" })).toBe("America/Sao_Paulo");
    expect(zoneForAddress({ countryCode: "MX", provinceCode: "JAL" })).toBe("America/Mexico_City");
    expect(zoneForAddress({ countryCode: "NZ", provinceCode: "AUK" })).toBe("Pacific/Auckland");
  });

  it("says nothing when the address does not tell", () => {
    expect(zoneForAddress(null)).toBeNull();
    expect(zoneForAddress({})).toBeNull();
    expect(zoneForAddress({ countryCode: "US" })).toBeNull();
    expect(zoneForAddress({ countryCode: "US", provinceCode: "AE" })).toBeNull();
    expect(zoneForAddress({ countryCode: "XX" })).toBeNull();
    expect(zoneForAddress({ countryCode: "United States" })).toBeNull();
  });

  it("returns a zone for every country the runtime can name", () => {
    const regions = new Intl.DisplayNames(["en"], { type: "region" });
    let found = 0;
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (regions.of(code) === code) continue;
        const zone = zoneForAddress({ countryCode: code });
        if (zone) {
          found++;
          expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
        }
      }
    expect(found).toBeGreaterThan(200);
  });
});
