import { describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { confidence } from "~/features/insights/confidence";
import {
  REPEAT_DAYS,
  detectCohortRepeatDrop,
  detectValuableNewCustomers,
  matureCohorts,
  newCustomersFrom,
  type NewCustomer,
} from "./cohorts";

const TODAY = "2026-11-29";

/** `size` customers first ordering on `day`, the first `repeaters` of them again `gap` days later. */
function cohort(day: string, size: number, repeaters: number, gap = 20, firstOrderMinor = 5_000): NewCustomer[] {
  return Array.from({ length: size }, (_, i) => ({
    customerId: `${day}-${i}`,
    firstDay: day,
    firstOrderMinor,
    secondDay: i < repeaters ? addDays(day, gap) : null,
    repeatSpendMinor: i < repeaters ? 4_000 : 0,
  }));
}

// On 2026-11-29 August is the latest mature cohort (2026-08-31 + 60 days = 2026-10-30, before
// yesterday); September is not (2026-09-30 + 60 days = 2026-11-29). May–July are its baseline.
const MONTHS = ["2026-02-10", "2026-03-10", "2026-04-10", "2026-05-10", "2026-06-10", "2026-07-10"];

describe("cohort repeat rate", () => {
  it("judges only cohorts every member of which has had the repeat window", () => {
    const months = matureCohorts([...cohort("2026-08-05", 40, 10), ...cohort("2026-09-05", 40, 10)], TODAY);
    expect(months.map((c) => c.month)).toEqual(["2026-08"]);
    // A later order after the window is not a repeat.
    const late = matureCohorts(cohort("2026-05-01", 10, 10, REPEAT_DAYS + 1), TODAY);
    expect(late[0]!.repeaters).toBe(0);
  });

  it("flags the latest mature cohort whose repeat rate fell against the earlier ones", () => {
    const customers = [...MONTHS.flatMap((d) => cohort(d, 60, 18)), ...cohort("2026-08-12", 80, 8)];
    const [f] = detectCohortRepeatDrop(customers, "USD", TODAY);
    expect(f!.kind).toBe("cohort-repeat-drop");
    expect(f!.subject).toEqual({ type: "cohort", id: "2026-08" });
    expect(f!.facts.rate).toBe("10.0%");
    expect(f!.facts.baselineRate).toBe("30.0%");
    // 20 points × 80 customers = 16 missing repeaters × $40.00 each; the three cohorts before pooled.
    expect(f!.facts.baselineCohorts).toBe(3);
    expect(f!.facts.missing).toBe(16);
    expect(f!.potentialValueMinor).toBe(16 * 4_000);
    expect(f!.strength.z).toBeLessThan(-3);
    expect(f!.day).toBe(addDays("2026-08-31", REPEAT_DAYS));
    expect(confidence(f!.strength)).toBeGreaterThan(0.75);
    expect(f!.description).toContain("$640.00");
  });

  it("stays quiet on a rise, a small wobble, a tiny cohort or a thin baseline", () => {
    const base = MONTHS.flatMap((d) => cohort(d, 60, 18));
    expect(detectCohortRepeatDrop([...base, ...cohort("2026-08-12", 80, 40)], "USD", TODAY)).toEqual([]);
    expect(detectCohortRepeatDrop([...base, ...cohort("2026-08-12", 80, 21)], "USD", TODAY)).toEqual([]);
    expect(detectCohortRepeatDrop([...base, ...cohort("2026-08-12", 20, 0)], "USD", TODAY)).toEqual([]);
    const thin = [...cohort("2026-07-10", 50, 15), ...cohort("2026-08-12", 80, 0)];
    expect(detectCohortRepeatDrop(thin, "USD", TODAY)).toEqual([]);
    expect(detectCohortRepeatDrop([], "USD", TODAY)).toEqual([]);
  });
});

describe("unusually valuable new customers", () => {
  // Earlier first orders spread from $40 to $80; two new customers ordered $900 and $1,200.
  const earlier = Array.from({ length: 60 }, (_, i) => ({
    customerId: `old-${i}`,
    firstDay: addDays("2026-09-01", i % 50),
    firstOrderMinor: 4_000 + (i % 9) * 500,
    secondDay: null,
    repeatSpendMinor: 0,
  }));
  const fresh = (id: string, day: string, minor: number): NewCustomer => ({
    customerId: id,
    firstDay: day,
    firstOrderMinor: minor,
    secondDay: null,
    repeatSpendMinor: 0,
  });

  it("groups the new customers far above the usual first order into one finding", () => {
    const customers = [
      ...earlier,
      fresh("big-1", "2026-11-20", 90_000),
      fresh("big-2", "2026-11-25", 120_000),
      fresh("usual", "2026-11-26", 6_000),
    ];
    const [f] = detectValuableNewCustomers(customers, "USD", TODAY);
    expect(f!.kind).toBe("valuable-new-customers");
    expect(f!.facts.customers).toBe(2);
    expect(f!.facts.usual).toBe("$60.00");
    expect(f!.facts.largest).toBe("$1,200.00");
    expect(f!.potentialValueMinor).toBe(90_000 + 120_000 - 2 * 6_000);
    expect(f!.day).toBe("2026-11-25");
    expect(f!.link).toBe("/customers?segment=new");
    expect(confidence(f!.strength)).toBeGreaterThan(0.75);
  });

  it("opens the customer when there is one, and ignores today's partial day", () => {
    const [one] = detectValuableNewCustomers([...earlier, fresh("big-1", "2026-11-20", 90_000)], "USD", TODAY);
    expect(one!.action).toEqual({ label: "Open the customer", url: "/customers/big-1" });
    expect(detectValuableNewCustomers([...earlier, fresh("t", TODAY, 90_000)], "USD", TODAY)).toEqual([]);
  });

  it("stays quiet on small orders, modest rises and a thin history", () => {
    expect(detectValuableNewCustomers([...earlier, fresh("s", "2026-11-20", 500)], "USD", TODAY)).toEqual([]);
    expect(detectValuableNewCustomers([...earlier, fresh("m", "2026-11-20", 14_000)], "USD", TODAY)).toEqual([]);
    const thin = [...earlier.slice(0, 10), fresh("big", "2026-11-20", 90_000)];
    expect(detectValuableNewCustomers(thin, "USD", TODAY)).toEqual([]);
  });

  it("keeps a store whose first orders are one price from calling every cent a standout", () => {
    const flat = earlier.map((c) => ({ ...c, firstOrderMinor: 5_000 }));
    expect(detectValuableNewCustomers([...flat, fresh("x", "2026-11-20", 5_500)], "USD", TODAY)).toEqual([]);
    expect(detectValuableNewCustomers([...flat, fresh("y", "2026-11-20", 20_000)], "USD", TODAY)).toHaveLength(1);
  });
});

describe("newCustomersFrom", () => {
  it("takes the first order, the next order on a later day, and the spend within the window", () => {
    const [c] = newCustomersFrom([
      { customerId: "a", day: "2026-05-01", netMinor: 5_000 },
      { customerId: "a", day: "2026-05-01", netMinor: 700 },
      { customerId: "a", day: "2026-05-20", netMinor: 3_000 },
      { customerId: "a", day: addDays("2026-05-01", REPEAT_DAYS + 1), netMinor: 9_000 },
    ]);
    expect(c).toEqual({
      customerId: "a",
      firstDay: "2026-05-01",
      firstOrderMinor: 5_000,
      secondDay: "2026-05-20",
      repeatSpendMinor: 3_000,
    });
  });
});
