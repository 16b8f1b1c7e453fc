import { describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { detectSalesAnomalies, fillDays, gapDays, type SalesDay } from "./sales";

// A store with a weekly rhythm: weekends sell twice a weekday, with a small deterministic wobble.
function store(days: number, end = "2026-11-28", perOrder = 5_000, weekdayOrders = 20): SalesDay[] {
  const out: SalesDay[] = [];
  const start = addDays(end, -(days - 1));
  for (let i = 0; i < days; i++) {
    const day = addDays(start, i);
    const w = new Date(`${day}T00:00:00Z`).getUTCDay();
    const base = w === 0 || w === 6 ? weekdayOrders * 2 : weekdayOrders;
    const orders = base + ((i * 7) % 5) - 2;
    out.push({ day, orders, revenueMinor: orders * perOrder + ((i * 13) % 7) * 100 });
  }
  return out;
}

const set = (series: SalesDay[], day: string, f: (d: SalesDay) => SalesDay) =>
  series.map((d) => (d.day === day ? f(d) : d));

describe("sales anomalies", () => {
  it("finds nothing in a steady store with a weekly rhythm (weekends are not anomalies)", () => {
    expect(detectSalesAnomalies(store(90), "USD")).toEqual([]);
  });

  it("reports a one-day revenue dip once, with observed and expected figures", () => {
    const s = set(store(90), "2026-11-20", (d) => ({ ...d, orders: 6, revenueMinor: 6 * 5_000 }));
    const found = detectSalesAnomalies(s, "USD");
    expect(found).toHaveLength(1);
    const f = found[0]!;
    expect(f.kind).toBe("sales-anomaly");
    expect(f.subject.id).toBe("revenue:down:2026-11-20");
    expect(f.facts.days).toBe(1);
    expect(f.description).toContain("$300.00");
    expect(f.description).toContain(String(f.facts.expected));
    expect(f.potentialValueMinor).toBeGreaterThan(60_000);
    expect(f.strength.z).toBeGreaterThan(3.5);
  });

  it("merges consecutive anomalous days into one episode", () => {
    let s = store(90);
    for (const day of ["2026-11-18", "2026-11-19", "2026-11-20"])
      s = set(s, day, (d) => ({ ...d, orders: 4, revenueMinor: 20_000 }));
    const found = detectSalesAnomalies(s, "USD");
    expect(found.map((f) => f.subject.id)).toEqual(["revenue:down:2026-11-18"]);
    expect(found[0]!.facts.days).toBe(3);
  });

  it("reports a level shift once and then takes it as the new normal", () => {
    // From Nov 1 the store sells half as much, for four weeks.
    const s = store(120).map((d) =>
      d.day >= "2026-11-01"
        ? { ...d, orders: Math.round(d.orders / 2), revenueMinor: Math.round(d.revenueMinor / 2) }
        : d,
    );
    const found = detectSalesAnomalies(s, "USD");
    const shifts = found.filter((f) => f.kind === "sales-shift");
    expect(shifts).toHaveLength(1);
    expect(shifts[0]!.subject.id).toBe("revenue:down:2026-11-01");
    // Nothing after the shift's first week fires again.
    expect(found.every((f) => String(f.facts.to) <= "2026-11-07")).toBe(true);
  });

  it("leaves zero days where orders were expected to the data check (a sync gap is not a dip)", () => {
    let s = store(90);
    for (const day of ["2026-11-24", "2026-11-25"]) s = set(s, day, (d) => ({ ...d, orders: 0, revenueMinor: 0 }));
    expect([...gapDays(s)]).toEqual(["2026-11-24", "2026-11-25"]);
    expect(detectSalesAnomalies(s, "USD")).toEqual([]);
  });

  it("says nothing for a tiny store or a short history", () => {
    expect(detectSalesAnomalies(store(90, "2026-11-28", 5_000, 1), "USD")).toEqual([]);
    expect(detectSalesAnomalies(store(20), "USD")).toEqual([]);
  });

  it("reads days as calendar days: a series across a DST change has no 23- or 25-hour day effect", () => {
    // US DST ended on 2026-11-01; the rollups are bucketed in the shop's zone, so each day is one row.
    const s = fillDays(store(90, "2026-11-10"), "2026-08-13", "2026-11-10");
    expect(s).toHaveLength(90);
    expect(detectSalesAnomalies(s, "USD")).toEqual([]);
  });

  it("fills days without a rollup as zero sales", () => {
    const filled = fillDays([{ day: "2026-11-02", orders: 3, revenueMinor: 900 }], "2026-11-01", "2026-11-03");
    expect(filled.map((d) => d.orders)).toEqual([0, 3, 0]);
  });
});

describe("sales anomalies' value", () => {
  it("puts money at stake on a drop only; a rise is reported without a value", () => {
    const s = set(store(90), "2026-11-20", (d) => ({ ...d, orders: 120, revenueMinor: 120 * 5_000 }));
    const [f] = detectSalesAnomalies(s, "USD");
    expect(f!.subject.id).toBe("revenue:up:2026-11-20");
    expect(f!.potentialValueMinor).toBeNull();
    expect(f!.valueFormula).toBeNull();
  });

  it("reports average order value one way: a drop, never a rise on its own", () => {
    // The usual number of orders, each worth 35% more or 55% less: revenue stays within its band
    // (a sum over few orders swings widely), the average order value does not.
    const scale = (k: number) =>
      set(store(90), "2026-11-20", (d) => ({ ...d, revenueMinor: Math.round(d.revenueMinor * k) }));
    expect(detectSalesAnomalies(scale(1.35), "USD")).toEqual([]);
    expect(detectSalesAnomalies(scale(0.45), "USD").map((f) => f.subject.id)).toEqual(["aov:down:2026-11-20"]);
  });

  it("reports a revenue rise only when orders rose with it, not a few large baskets on a usual day", () => {
    // Sixty orders a weekday; one day's revenue 60% above normal on the usual orders (a few
    // laptops among the accessories): far outside revenue's band, but no more buyers than usual.
    // The same rise from 60% more orders is reported.
    const day = "2026-11-20";
    const baskets = set(store(90, undefined, 5_000, 60), day, (d) => ({ ...d, revenueMinor: d.revenueMinor * 1.6 }));
    expect(detectSalesAnomalies(baskets, "USD")).toEqual([]);
    const buyers = set(store(90, undefined, 5_000, 60), day, (d) => ({
      ...d,
      orders: Math.round(d.orders * 1.6),
      revenueMinor: d.revenueMinor * 1.6,
    }));
    expect(detectSalesAnomalies(buyers, "USD").map((f) => f.subject.id)).toEqual([`revenue:up:${day}`]);
  });
});
