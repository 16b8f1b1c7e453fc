import { describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { confidence } from "~/features/insights/confidence";
import { detectFunnelDrops, detectSessionDrops, sessionsBySource, type FunnelRow, type TrafficRow } from "./traffic";

const YESTERDAY = "2026-11-28";
const DAYS = Array.from({ length: 120 }, (_, i) => addDays(YESTERDAY, -(119 - i)));
const weekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/** Search: ~300 sessions on weekdays, ~450 at weekends, a small deterministic wobble; social ~80. */
function traffic(search: (day: string, base: number) => number = (_d, b) => b): TrafficRow[] {
  return DAYS.flatMap((day, i) => {
    const base = (weekend(day) ? 450 : 300) + ((i * 37) % 21) - 10;
    return [
      { day, source: "search", label: "Search", sessions: search(day, base) },
      { day, source: "social", label: "Social", sessions: 80 + ((i * 13) % 9) - 4 },
    ];
  });
}

describe("sessions by source", () => {
  it("flags a source's low days as one episode, with missing sessions valued at sales per session", () => {
    const low = new Set([addDays(YESTERDAY, -10), addDays(YESTERDAY, -9), addDays(YESTERDAY, -8)]);
    const rows = traffic((day, b) => (low.has(day) ? Math.round(b * 0.3) : b));
    const [f, ...rest] = detectSessionDrops(rows, 150, "USD");
    expect(rest).toEqual([]);
    expect(f!.kind).toBe("sessions-drop");
    expect(f!.subject.id).toBe(`search:${addDays(YESTERDAY, -10)}`);
    expect(f!.facts.days).toBe(3);
    expect(f!.facts.fall).toBe("70%");
    const missing = (f!.facts.expected as number) - (f!.facts.sessions as number);
    expect(f!.potentialValueMinor).toBe(Math.round(missing * 150));
    expect(confidence(f!.strength)).toBeGreaterThan(0.75);
  });

  it("reports a level shift once and takes it as the new normal", () => {
    const from = addDays(YESTERDAY, -20);
    const found = detectSessionDrops(
      traffic((day, b) => (day >= from ? Math.round(b * 0.5) : b)),
      null,
      "USD",
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.title).toContain("since");
    expect(found[0]!.potentialValueMinor).toBeNull();
  });

  it("stays quiet on a clean store, a rise, a small source and days the read did not cover", () => {
    expect(detectSessionDrops(traffic(), 150, "USD")).toEqual([]);
    const up = addDays(YESTERDAY, -5);
    expect(
      detectSessionDrops(
        traffic((d, b) => (d === up ? b * 3 : b)),
        150,
        "USD",
      ),
    ).toEqual([]);
    const tiny = traffic().map((r) => ({ ...r, sessions: Math.round(r.sessions / 30) }));
    const gone = addDays(YESTERDAY, -4);
    expect(
      detectSessionDrops(
        tiny.map((r) => (r.day === gone ? { ...r, sessions: 0 } : r)),
        150,
        "USD",
      ),
    ).toEqual([]);
    // Three days not read at all are skipped, not zeros.
    const unread = new Set([addDays(YESTERDAY, -6), addDays(YESTERDAY, -5), addDays(YESTERDAY, -4)]);
    expect(
      detectSessionDrops(
        traffic().filter((r) => !unread.has(r.day)),
        150,
        "USD",
      ),
    ).toEqual([]);
  });

  it("does not report a source's loss that another source made up (a re-attribution)", () => {
    const moved = new Set([addDays(YESTERDAY, -10), addDays(YESTERDAY, -9), addDays(YESTERDAY, -8)]);
    const rows = traffic().map((r) => {
      if (!moved.has(r.day)) return r;
      const search = traffic().find((x) => x.day === r.day && x.source === "search")!.sessions;
      const lost = Math.round(search * 0.7);
      return r.source === "search" ? { ...r, sessions: search - lost } : { ...r, sessions: r.sessions + lost };
    });
    expect(detectSessionDrops(rows, 150, "USD").filter((f) => f.subject.id.startsWith("search:"))).toEqual([]);
  });

  it("counts a read day without a source's row as zero sessions for it", () => {
    const rows = traffic().filter((r) => !(r.source === "social" && r.day === YESTERDAY));
    expect(sessionsBySource(rows).get("social")!.series.at(-1)).toEqual({ day: YESTERDAY, orders: 0, revenueMinor: 0 });
  });
});

/** 1,000 sessions a day, 8% add to cart, 40% of carts buy; `recentCart` for the last 7 days. */
function funnel(recentCart = 0.08, views = false): FunnelRow[] {
  return DAYS.slice(-35).map((day, i) => {
    const visitors = 1_000 + ((i * 53) % 41) - 20;
    const rate = day > addDays(YESTERDAY, -7) ? recentCart : 0.08 + (((i * 7) % 5) - 2) / 1_000;
    const addToCart = Math.round(visitors * rate);
    return {
      day,
      visitors,
      productViews: views ? Math.round(visitors * 0.5) : null,
      addToCart,
      purchases: Math.round(addToCart * 0.4),
    };
  });
}

describe("funnel steps", () => {
  it("flags a step whose week's rate fell, valued through purchases per completion × AOV", () => {
    const [f, ...rest] = detectFunnelDrops(funnel(0.04), YESTERDAY, 6_000, "USD");
    expect(rest).toEqual([]);
    expect(f!.kind).toBe("funnel-drop");
    expect(f!.subject).toEqual({ type: "funnel-step", id: "addToCart" });
    expect(f!.facts.of).toBe("sessions");
    expect(f!.facts.rate).toBe("4.0%");
    expect(f!.facts.baselineRate).toBe("8.0%");
    // About 4 points × 7,000 sessions = 280 carts, 40% of which buy at $60: ~$6,700.
    expect(f!.potentialValueMinor).toBeGreaterThan(600_000);
    expect(f!.potentialValueMinor).toBeLessThan(740_000);
    expect(confidence(f!.strength)).toBeGreaterThan(0.75);
  });

  it("judges carts against product views when the source reports them", () => {
    const [f] = detectFunnelDrops(funnel(0.04, true), YESTERDAY, 6_000, "USD");
    expect(f!.facts.of).toBe("product views");
  });

  it("stays quiet on a steady funnel, a small dip, a rise and a week not fully read", () => {
    expect(detectFunnelDrops(funnel(), YESTERDAY, 6_000, "USD")).toEqual([]);
    expect(detectFunnelDrops(funnel(0.072), YESTERDAY, 6_000, "USD")).toEqual([]);
    expect(detectFunnelDrops(funnel(0.12), YESTERDAY, 6_000, "USD")).toEqual([]);
    expect(detectFunnelDrops(funnel(0.04).slice(0, -1), YESTERDAY, 6_000, "USD")).toEqual([]);
  });
});
