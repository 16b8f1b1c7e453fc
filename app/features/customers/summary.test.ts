// The order summary (decision 067): a stored summary, as long as validFor says it holds, gives
// exactly the figures and predictions a computation from the orders gives at any later instant.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { predictFrom, type ShopModel } from "./clv";
import { predict, figuresOf } from "~tests/customers-reference";
import { figuresFrom } from "./rfm";
import { summarize, validFor } from "./summary";

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

  it("counts in its window exactly the orders of the 365 days before it was taken (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            t: fc.integer({ min: 0, max: 60 }).map((d) => d * 15 * DAY),
            net: fc.integer({ min: -500, max: 90_000 }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.integer({ min: 0, max: 1_300 * DAY }),
        (orders, taken) => {
          const times = orders.map((o) => START + o.t);
          const values = orders.map((o) => o.net);
          const at = Math.max(START + taken, ...times);
          const s = summarize(times, values, at)!;
          const inWindow = orders.filter((o) => START + o.t > at - 365 * DAY);
          expect(s.windowOrders).toBe(inWindow.length);
          expect(s.windowNetMinor).toBe(inWindow.reduce((sum, o) => sum + o.net, 0));
          // Valid until the oldest of them leaves.
          if (inWindow.length) expect(s.windowEdgeMs).toBe(Math.min(...inWindow.map((o) => START + o.t)) + 365 * DAY);
          else expect(s.windowEdgeMs).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it("moves the window's edge to its oldest order's leaving", () => {
    const s = summarize(
      [START, START + 100 * DAY, START + 200 * DAY, START + 100 * DAY],
      [1_000, 3_000, 4_000, 2_000],
      START + 300 * DAY,
    )!;
    expect(s).toMatchObject({ windowOrders: 4, windowNetMinor: 10_000, windowEdgeMs: START + 365 * DAY });
  });
});
