import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays, daysBetween } from "~/lib/dates";
import {
  REGULATIONS,
  REQUEST_TYPES,
  addBusinessDays,
  addCalendarMonths,
  canExtend,
  daysInMonth,
  deadlineOf,
  isBusinessDay,
  isOverdue,
  type DeadlineInput,
} from "./deadline";

const dayArb = fc.integer({ min: 0, max: 365 * 60 }).map((n) => addDays("2000-01-01", n));

const inputArb: fc.Arbitrary<DeadlineInput> = fc.record({
  regulation: fc.constantFrom(...REGULATIONS),
  type: fc.constantFrom(...REQUEST_TYPES),
  receivedOn: dayArb,
  viaShopifyWebhook: fc.boolean(),
  promiseDays: fc.integer({ min: 1, max: 120 }),
  extended: fc.boolean(),
});

describe("calendar months", () => {
  it("clamps to the month's end: 31 January is due on 28 February, or 29 in a leap year", () => {
    expect(addCalendarMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addCalendarMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addCalendarMonths("2100-01-31", 1)).toBe("2100-02-28");
    expect(addCalendarMonths("2000-01-31", 1)).toBe("2000-02-29");
    expect(addCalendarMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addCalendarMonths("2026-11-30", 3)).toBe("2027-02-28");
  });

  it("keeps the day of month when the target month has it, else lands on its last day", () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 1, max: 24 }), (day, months) => {
        const due = addCalendarMonths(day, months);
        const [y, m, d] = due.split("-").map(Number);
        const from = Number(day.slice(8));
        expect(d).toBe(Math.min(from, daysInMonth(y, m)));
        const monthsApart = (y - Number(day.slice(0, 4))) * 12 + m - Number(day.slice(5, 7));
        expect(monthsApart).toBe(months);
        // one calendar month is always 28 to 31 days
        if (months === 1) expect(daysBetween(day, due)).toBeGreaterThanOrEqual(28);
        if (months === 1) expect(daysBetween(day, due)).toBeLessThanOrEqual(31);
      }),
    );
  });
});

describe("business days", () => {
  it("skips weekends: Friday + 1 is Monday, 10 business days span two weeks", () => {
    expect(addBusinessDays("2026-11-27", 1)).toBe("2026-11-30");
    expect(addBusinessDays("2026-11-28", 10)).toBe("2026-12-11");
    expect(addBusinessDays("2026-11-30", 15)).toBe("2026-12-21");
  });

  it("lands on a business day with exactly n business days after the start", () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 1, max: 30 }), (day, n) => {
        const due = addBusinessDays(day, n);
        expect(isBusinessDay(due)).toBe(true);
        let count = 0;
        for (let d = addDays(day, 1); d <= due; d = addDays(d, 1)) if (isBusinessDay(d)) count++;
        expect(count).toBe(n);
        // n business days are between n and n + 2·ceil(n/5) + 2 calendar days
        expect(daysBetween(day, due)).toBeGreaterThanOrEqual(n);
        expect(daysBetween(day, due)).toBeLessThanOrEqual(n + 2 * Math.ceil(n / 5) + 2);
      }),
    );
  });
});

describe("the due day", () => {
  it("is the earliest of the rules that apply, and each rule is stated with its source", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const deadline = deadlineOf(input);
        expect(deadline.rules.length).toBeGreaterThan(0);
        for (const rule of deadline.rules) {
          expect(deadline.dueOn <= rule.dueOn).toBe(true);
          expect(rule.source.length).toBeGreaterThan(0);
          expect(rule.dueOn > input.receivedOn).toBe(true);
        }
        expect(deadline.dueOn).toBe(deadline.rules[0].dueOn);
      }),
    );
  });

  it("is never later than Shopify's 30 days for a compliance webhook, extended or not", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const due = deadlineOf({ ...input, viaShopifyWebhook: true }).dueOn;
        expect(daysBetween(input.receivedOn, due)).toBeLessThanOrEqual(30);
      }),
    );
  });

  it("is never later than the promise before an extension", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const due = deadlineOf({ ...input, extended: false }).dueOn;
        expect(daysBetween(input.receivedOn, due)).toBeLessThanOrEqual(input.promiseDays);
      }),
    );
  });

  it("GDPR and UK GDPR: one calendar month, three after an extension", () => {
    fc.assert(
      fc.property(dayArb, fc.constantFrom("gdpr" as const, "uk_gdpr" as const), (receivedOn, regulation) => {
        const base = { regulation, type: "access" as const, receivedOn, viaShopifyWebhook: false, promiseDays: 120 };
        expect(deadlineOf({ ...base, extended: false }).dueOn).toBe(addCalendarMonths(receivedOn, 1));
        expect(deadlineOf({ ...base, extended: true }).dueOn).toBe(addCalendarMonths(receivedOn, 3));
        expect(deadlineOf({ ...base, extended: false }).extensionNoticeBy).toBe(addCalendarMonths(receivedOn, 1));
      }),
    );
    const feb = deadlineOf({
      regulation: "gdpr",
      type: "deletion",
      receivedOn: "2028-01-31",
      viaShopifyWebhook: false,
      promiseDays: 60,
      extended: false,
    });
    expect(feb.dueOn).toBe("2028-02-29");
  });

  it("CCPA: confirm within 10 business days, answer in 45 days (90 extended), opt-out in 15 business days", () => {
    fc.assert(
      fc.property(dayArb, (receivedOn) => {
        const base = { regulation: "ccpa" as const, receivedOn, viaShopifyWebhook: false, promiseDays: 120 };
        const access = deadlineOf({ ...base, type: "access", extended: false });
        expect(access.dueOn).toBe(addDays(receivedOn, 45));
        expect(access.confirmBy).toBe(addBusinessDays(receivedOn, 10));
        expect(deadlineOf({ ...base, type: "deletion", extended: true }).dueOn).toBe(addDays(receivedOn, 90));
        const optOut = deadlineOf({ ...base, type: "opt_out", extended: false });
        expect(optOut.dueOn).toBe(addBusinessDays(receivedOn, 15));
        expect(optOut.extensionNoticeBy).toBeNull();
      }),
    );
  });

  it("LGPD: access within 15 days", () => {
    const d = deadlineOf({
      regulation: "lgpd",
      type: "access",
      receivedOn: "2026-12-20",
      viaShopifyWebhook: true,
      promiseDays: 30,
      extended: false,
    });
    expect(d.dueOn).toBe("2027-01-04");
    expect(d.rules.map((r) => r.id)).toEqual(["lgpd_access_15_days", "shopify_webhook_30_days", "promise"]);
  });

  it("an extension is allowed once, only where the regime allows it, and only inside the first period", () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 120 }), (input, after) => {
        const today = addDays(input.receivedOn, after);
        const allowed = canExtend(input, today);
        if (input.extended) expect(allowed).toBe(false);
        if (input.regulation === "other" || input.regulation === "lgpd") expect(allowed).toBe(false);
        if (input.regulation === "ccpa" && input.type === "opt_out") expect(allowed).toBe(false);
        if (allowed) {
          const first =
            input.regulation === "ccpa" ? addDays(input.receivedOn, 45) : addCalendarMonths(input.receivedOn, 1);
          expect(today <= first).toBe(true);
          // an extension offered always moves the due day later (Shopify's 30 days still bind: above)
          expect(deadlineOf({ ...input, extended: true }).dueOn > deadlineOf(input).dueOn).toBe(true);
        }
      }),
    );
  });

  it("overdue is open and past the due day", () => {
    expect(isOverdue("pending", "2026-11-28", "2026-11-29")).toBe(true);
    expect(isOverdue("in_progress", "2026-11-29", "2026-11-29")).toBe(false);
    expect(isOverdue("completed", "2026-11-01", "2026-11-29")).toBe(false);
    expect(isOverdue("refused", "2026-11-01", "2026-11-29")).toBe(false);
  });
});
