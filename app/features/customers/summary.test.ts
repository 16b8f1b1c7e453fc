// The order summary (decision 067): a stored summary, as long as validFor says it holds, gives
// exactly the figures and predictions a computation from the orders gives at any later instant.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { predict, predictFrom, type ShopModel } from "./clv";
import { figuresFrom, figuresOf } from "./rfm";
import { slideWindow, summarize, validFor, windowOf } from "./summary";

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const MODELS: ShopModel[] = [
  { method: "simple", repeatBuyers: 3, shopAovMinor: 4_200 },
  {
    method: "bgnbd",
    bgnbd: { r: 0.24, alpha: 4.4, a: 0.79, b: 2.4 },
    gammaGamma: { p: 6.25, q: 3.74, gamma: 15.4 },
    repeatBuyers: 80,
    fittedOn: START,
  },
];

describe("order summary", () => {
  it("gives the figures and predictions of the orders at every instant it is valid for (property)", () => {
    let valid = 0;
    let stale = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ t: fc.integer({ min: 0, max: 900 * DAY }), net: fc.integer({ min: -500, max: 90_000 }) }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.integer({ min: 0, max: 1000 * DAY }),
        fc.integer({ min: 0, max: 500 * DAY }),
        (orders, taken, later) => {
          const times = orders.map((o) => START + o.t);
          const values = orders.map((o) => o.net);
          const last = Math.max(...times);
          const s = summarize(times, values, Math.max(START + taken, last))!;
          const now = s.windowAtMs + later;
          if (!validFor(s, now)) {
            stale++;
            return;
          }
          valid++;
          const points = times.map((t, i) => ({ at: new Date(t), netMinor: values[i]! }));
          expect(figuresFrom("c", s, new Date(now))).toEqual(figuresOf("c", points, new Date(now)));
          const history = { id: "c", orderTimes: times, orderValuesMinor: values };
          for (const model of MODELS) expect(predictFrom(model, s, now)).toEqual(predict(model, history, now));
        },
      ),
      { numRuns: 500 },
    );
    // Both cases were met: the property is not vacuous.
    expect(valid).toBeGreaterThan(50);
    expect(stale).toBeGreaterThan(50);
  });

  it("moves its window edge to when the oldest order in it turns 365 days old", () => {
    const s = summarize([START, START + 100 * DAY, START + 400 * DAY], [1_000, 2_000, 4_000], START + 410 * DAY)!;
    expect(s).toMatchObject({ orders: 3, netMinor: 7_000, windowOrders: 2, windowNetMinor: 6_000, orderDays: 3 });
    expect(s.windowEdgeMs).toBe(START + 465 * DAY);
    expect(validFor(s, START + 465 * DAY - 1)).toBe(true);
    expect(validFor(s, START + 465 * DAY)).toBe(false);
    // Before it was taken, or with an order after the instant asked about, it is not used.
    expect(validFor(s, START + 409 * DAY)).toBe(false);
  });

  it("slides its window by the look-ahead to what a summary taken later says, or declines (property)", () => {
    let slid = 0;
    let twice = 0;
    let declined = 0;
    fc.assert(
      fc.property(
        fc.array(
          // Few distinct instants, so that orders at the same instant are met.
          fc.record({
            t: fc.integer({ min: 0, max: 60 }).map((d) => d * 15 * DAY),
            net: fc.integer({ min: -500, max: 90_000 }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.integer({ min: 0, max: 900 * DAY }),
        fc.array(fc.integer({ min: 1, max: 200 * DAY }), { minLength: 1, maxLength: 3 }),
        (orders, taken, steps) => {
          const times = orders.map((o) => START + o.t);
          const values = orders.map((o) => o.net);
          const s = summarize(times, values, Math.max(START + taken, ...times))!;
          const w = windowOf(s);
          let now = s.windowAtMs;
          let moves = 0;
          for (const step of steps) {
            now += step;
            const before = { ...w };
            if (!slideWindow(w, s.lastOrderMs, now)) {
              declined++;
              // Declined: the window is left as it was, for the orders to be read again.
              expect(w).toEqual(before);
              return;
            }
            if (before.windowEdgeMs <= now) moves++;
            const direct = windowOf(summarize(times, values, now)!);
            // The same window as one taken from the orders at `now`; the order after the new
            // edge is the same or not known.
            expect({ ...w, nextEdgeMs: direct.nextEdgeMs, nextNetMinor: direct.nextNetMinor }).toEqual(direct);
            if (w.windowOrders <= 1) expect(w.nextEdgeMs).toBeNaN();
            else if (w.nextEdgeMs === w.nextEdgeMs)
              expect([w.nextEdgeMs, w.nextNetMinor]).toEqual([direct.nextEdgeMs, direct.nextNetMinor]);
          }
          if (moves) slid++;
          if (moves > 1) twice++;
        },
      ),
      { numRuns: 1000 },
    );
    expect(slid).toBeGreaterThan(50);
    expect(twice).toBeGreaterThan(5);
    expect(declined).toBeGreaterThan(50);
  });

  it("keeps the two oldest orders of the window as its look-ahead", () => {
    const s = summarize(
      [START, START + 100 * DAY, START + 200 * DAY, START + 100 * DAY],
      [1_000, 3_000, 4_000, 2_000],
      START + 300 * DAY,
    )!;
    expect(s).toMatchObject({
      windowOrders: 4,
      windowEdgeMs: START + 365 * DAY,
      edgeNetMinor: 1_000,
      // Two orders at the same instant: the smaller net first, so the stored values repeat.
      nextEdgeMs: START + 465 * DAY,
      nextNetMinor: 2_000,
    });
    const w = {
      windowAtMs: s.windowAtMs,
      windowOrders: 4,
      windowNetMinor: 10_000,
      windowEdgeMs: s.windowEdgeMs!,
      edgeNetMinor: 1_000,
      nextEdgeMs: s.nextEdgeMs!,
      nextNetMinor: 2_000,
    };
    // Not with an order after the instant, nor to an instant before the window was taken.
    expect(slideWindow({ ...w }, START + 401 * DAY, START + 400 * DAY)).toBe(false);
    expect(slideWindow({ ...w }, s.lastOrderMs, s.windowAtMs - 1)).toBe(false);
    expect(slideWindow(w, s.lastOrderMs, START + 400 * DAY)).toBe(true);
    expect(w).toEqual({
      windowAtMs: START + 400 * DAY,
      windowOrders: 3,
      windowNetMinor: 9_000,
      windowEdgeMs: START + 465 * DAY,
      edgeNetMinor: 2_000,
      nextEdgeMs: NaN,
      nextNetMinor: NaN,
    });
    // The next move needs the order after the new edge, which only the orders can tell.
    expect(slideWindow(w, s.lastOrderMs, START + 470 * DAY)).toBe(false);
    expect(w.windowAtMs).toBe(START + 400 * DAY);
  });
});
