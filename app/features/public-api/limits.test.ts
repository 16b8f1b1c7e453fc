import { describe, expect, it } from "vitest";
import { windowOf } from "./limits";

describe("windowOf", () => {
  it("makes the monthly window the calendar month in UTC, whatever its length", () => {
    const at = (iso: string) => windowOf("monthly", new Date(iso));
    expect(at("2026-11-30T23:59:59Z")).toMatchObject({ key: "m:2026-11", seconds: 30 * 86_400 });
    expect(at("2026-12-01T00:00:00Z")).toMatchObject({ key: "m:2026-12", seconds: 31 * 86_400 });
    expect(at("2026-12-31T12:00:00Z").resetsAt.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(at("2027-02-10T00:00:00Z").seconds).toBe(28 * 86_400);
    expect(at("2028-02-10T00:00:00Z").seconds).toBe(29 * 86_400);
  });

  it("keys the hourly and minute windows by their UTC start", () => {
    const now = new Date("2026-12-01T09:05:30Z");
    expect(windowOf("hourly", now)).toMatchObject({ key: "h:2026-12-01T09", seconds: 3600 });
    expect(windowOf("hourly", now).resetsAt.toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(windowOf("minute", now)).toMatchObject({ key: "i:2026-12-01T09:05", seconds: 60 });
  });
});
