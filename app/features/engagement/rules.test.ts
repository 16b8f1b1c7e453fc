// The engagement rules that need no database: the status machine, templates (escaping, the
// failing line), the hold-out (stable, stratified), the lift against hand-computed cases, and
// quiet hours / frequency cap across time zones and a DST change.
import { describe, expect, it } from "vitest";
import { assignHoldout, isHeldOut } from "./holdout";
import { computeLift } from "./lift";
import { canTransition, statusOf } from "./status";
import { parseTemplate, renderHtml, renderText, type MergeValues } from "./template";
import { afterQuietHours, sendableAt } from "./timing";
import { instantToLocal, localToInstant } from "./zone";

const values: MergeValues = {
  first_name: "<b>Ann</b> & co",
  points_balance: "120",
  tier: "Gold",
  shop_url: "https://a.myshopify.com",
  recovery_url: 'https://a.myshopify.com/1/checkouts/abc/recover?key=k&x="><script>',
  discount_code: "SAVE10",
  product_title: "Alpha Headphones (Black)",
};

describe("status machine", () => {
  it("allows the documented moves and refuses the rest", () => {
    expect(canTransition("draft", "schedule")).toBe(true);
    expect(canTransition("active", "pause")).toBe(true);
    expect(canTransition("paused", "resume")).toBe(true);
    expect(canTransition("completed", "resume")).toBe(false);
    expect(canTransition("draft", "pause")).toBe(false);
    expect(canTransition("completed", "end")).toBe(false);
  });
  it("reads an unknown stored status like draft", () => expect(statusOf("archived")).toBe("draft"));
});

describe("templates", () => {
  it("escapes merge values in the HTML part and keeps them plain in the text part", () => {
    const parsed = parseTemplate("Hi {{ first_name }},\n\nShop: {{shop_url}}");
    if (!parsed.ok) throw new Error(parsed.message);
    const html = renderHtml(parsed.parts, values, (u) => `https://app/e/c?u=${encodeURIComponent(u)}`);
    expect(html).toContain("Hi &lt;b&gt;Ann&lt;/b&gt; &amp; co,");
    expect(html).not.toContain("<b>Ann");
    expect(html).toContain('<a href="https://app/e/c?u=https%3A%2F%2Fa.myshopify.com">');
    expect(renderText(parsed.parts, values)).toBe("Hi <b>Ann</b> & co,\n\nShop: https://a.myshopify.com");
  });
  it("renders the recovery link and the discount code escaped, the link through the tracker", () => {
    const parsed = parseTemplate("Finish here: {{ recovery_url }}\n\nCode: {{ discount_code }}");
    if (!parsed.ok) throw new Error(parsed.message);
    const html = renderHtml(parsed.parts, values, (u) => `https://app/e/c?u=${encodeURIComponent(u)}`);
    expect(html).toContain(
      `<a href="https://app/e/c?u=${encodeURIComponent("https://a.myshopify.com/1/checkouts/abc/recover?key=k&x=")}">`,
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
    expect(html).toContain("Code: SAVE10");
  });
  it("names the line of an unknown field or an unclosed tag", () => {
    expect(parseTemplate("Hello\nthere {{ nickname }}")).toMatchObject({ ok: false, line: 2 });
    expect(parseTemplate("a\nb\n{{ first_name")).toMatchObject({ ok: false, line: 3 });
    expect(parseTemplate("x }}")).toMatchObject({ ok: false, line: 1 });
  });
});

describe("hold-out", () => {
  const members = Array.from({ length: 1000 }, (_, i) => ({
    customerId: `c${i}`,
    segment: i % 4 === 0 ? "VIP" : "At-Risk",
  }));
  it("is stable and holds out round(n × share) in every segment", () => {
    const first = assignHoldout(members, "camp1", 10);
    expect([...assignHoldout([...members].reverse(), "camp1", 10)].sort()).toEqual([...first].sort());
    expect(members.filter((m) => m.segment === "VIP" && first.has(m.customerId))).toHaveLength(25);
    expect(members.filter((m) => m.segment === "At-Risk" && first.has(m.customerId))).toHaveLength(75);
    // Another campaign draws another hold-out.
    expect([...assignHoldout(members, "camp2", 10)].sort()).not.toEqual([...first].sort());
  });
  it("one at a time, about the share and always the same answer", () => {
    const held = members.filter((m) => isHeldOut(m.customerId, "camp1", 10)).length;
    expect(held).toBeGreaterThan(70);
    expect(held).toBeLessThan(130);
    expect(isHeldOut("c1", "camp1", 10)).toBe(isHeldOut("c1", "camp1", 10));
  });
});

describe("lift", () => {
  it("matches a hand-computed interval", () => {
    // 900 treated, 90 converted (10%); 100 held out, 5 converted (5%).
    // se = sqrt(.1·.9/900 + .05·.95/100) = sqrt(0.0001 + 0.000475) = 0.023979
    const lift = computeLift(
      { n: 900, conversions: 90, revenueMinor: 90 * 5000, revenueSqMinor: 90 * 5000 * 5000 },
      { n: 100, conversions: 5, revenueMinor: 5 * 5000, revenueSqMinor: 5 * 5000 * 5000 },
    );
    if (!lift.enough) throw new Error("expected enough data");
    expect(lift.rateLift).toBeCloseTo(0.05, 10);
    expect(lift.rateLow).toBeCloseTo(0.05 - 1.959964 * 0.0239792, 5);
    expect(lift.rateHigh).toBeCloseTo(0.05 + 1.959964 * 0.0239792, 5);
    // Revenue per recipient 500 vs 250 minor: 250 × 900 = 225,000 more.
    expect(lift.incrementalRevenueMinor).toBe(225_000);
    expect(lift.revenueLowMinor).toBeLessThan(225_000);
  });
  it("says not enough data while a group is small or conversions are few", () => {
    expect(
      computeLift(
        { n: 20, conversions: 5, revenueMinor: 0, revenueSqMinor: 0 },
        { n: 100, conversions: 5, revenueMinor: 0, revenueSqMinor: 0 },
      ),
    ).toMatchObject({ enough: false });
    expect(
      computeLift(
        { n: 300, conversions: 3, revenueMinor: 0, revenueSqMinor: 0 },
        { n: 40, conversions: 1, revenueMinor: 0, revenueSqMinor: 0 },
      ),
    ).toMatchObject({ enough: false });
  });
});

describe("quiet hours and frequency cap", () => {
  const rules = { quietStartHour: 21, quietEndHour: 8, frequencyCapHours: 16 };
  it("moves a message due at 23:30 in New York to 08:00 there", () => {
    const due = new Date("2026-06-10T03:30:00Z"); // 23:30 EDT
    expect(afterQuietHours(due, "America/New_York", 21, 8).toISOString()).toBe("2026-06-10T12:00:00.000Z");
  });
  it("leaves a daytime message alone and handles zones on the half hour", () => {
    const noon = new Date("2026-06-10T16:00:00Z");
    expect(afterQuietHours(noon, "America/New_York", 21, 8)).toEqual(noon);
    // 02:45 in Kolkata (UTC+5:30) → 08:00 there = 02:30Z.
    expect(afterQuietHours(new Date("2026-06-09T21:15:00Z"), "Asia/Kolkata", 21, 8).toISOString()).toBe(
      "2026-06-10T02:30:00.000Z",
    );
  });
  it("counts real hours across the spring-forward night (Berlin, 29 March 2026)", () => {
    // 01:30 CET on the night the clocks jump from 02:00 to 03:00: 08:00 CEST is 06:00Z.
    expect(afterQuietHours(new Date("2026-03-29T00:30:00Z"), "Europe/Berlin", 21, 8).toISOString()).toBe(
      "2026-03-29T06:00:00.000Z",
    );
  });
  it("waits out the cap after the last message, then the quiet hours", () => {
    const last = new Date("2026-06-10T14:00:00Z"); // 10:00 New York
    const due = new Date("2026-06-10T18:00:00Z");
    // Cap ends 06:00Z next day = 02:00 New York, quiet until 08:00 = 12:00Z.
    expect(sendableAt(due, last, "America/New_York", rules).toISOString()).toBe("2026-06-11T12:00:00.000Z");
  });
});

describe("the schedule in the shop's zone", () => {
  it("round-trips a local time, DST included", () => {
    const at = localToInstant("2026-07-01T09:30", "Europe/London");
    expect(at.toISOString()).toBe("2026-07-01T08:30:00.000Z");
    expect(instantToLocal(at, "Europe/London")).toBe("2026-07-01T09:30");
    expect(localToInstant("2026-01-15T09:30", "America/Los_Angeles").toISOString()).toBe("2026-01-15T17:30:00.000Z");
  });
});
