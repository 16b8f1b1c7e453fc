import { describe, expect, it } from "vitest";
import { currencyError, generalSettingsSchema, isIanaTimeZone } from "~/features/settings/general-schema";

describe("general settings schema", () => {
  it.each([
    ["UTC", true],
    ["America/New_York", true],
    ["America/Argentina/Buenos_Aires", true],
    ["Etc/GMT+5", true],
    ["UTC-8", false],
    ["+05:00", false],
    ["Mars/Olympus_Mons", false],
    ["", false],
  ])("%s is an IANA time zone: %s", (zone, ok) => {
    expect(isIanaTimeZone(zone)).toBe(ok);
  });

  it("reads a form: empty zone follows Shopify, toggles on only when sent on", () => {
    expect(
      generalSettingsSchema.parse({ reportingTimezone: "", theme: "auto", autoRefresh: "true", dailySummary: "on" }),
    ).toEqual({
      reportingTimezone: null,
      theme: "auto",
      currency: null,
      autoRefresh: true,
      dailySummary: true,
      weekStartsMonday: false,
    });
    expect(generalSettingsSchema.parse({ reportingTimezone: " Europe/Paris ", theme: "dark" }).reportingTimezone).toBe(
      "Europe/Paris",
    );
  });

  it("names the field of each bad value", () => {
    const result = generalSettingsSchema.safeParse({
      reportingTimezone: "UTC+1",
      theme: "sepia",
      autoRefresh: "yes",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      reportingTimezone: "Unknown time zone",
      theme: "Choose dark, light or auto",
      autoRefresh: "Must be on or off",
    });
  });

  it("tells an unknown currency from a real one that is not the shop's", () => {
    expect(currencyError("XYZ", "USD")).toBe("Unknown currency");
    expect(currencyError("eur", "USD")).toBe("Unknown currency");
    expect(currencyError("EUR", "USD")).toMatch(/^Amounts are stored in USD/);
  });
});
