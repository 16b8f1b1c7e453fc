// The moving figures derived when a score row is read (decision 073): as long as the row holds
// (the recompute found its digest unchanged), they equal what a computation from the orders gives
// at the later instant; the stored rule's day tokens read as the rule's text of that instant.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ShopModel } from "./clv";
import { predict, figuresOf } from "~tests/customers-reference";
import { asOfMs, daysOf, predictionOf, ruleOfRow, shown, type ScoreInputs } from "./derived";
import { ruleAsOf, ruleOf, ruleTemplate, ruleText, type RuleMatch } from "./rfm";
import { summarize, validFor, type OrderSummary } from "./summary";

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

/** A score row as the recompute writes it from a summary at `at`. */
const rowOf = (s: OrderSummary, at: number): ScoreInputs => ({
  orders: s.orders,
  totalSpentMinor: s.netMinor,
  firstOrderAt: new Date(s.firstOrderMs),
  lastOrderAt: new Date(s.lastOrderMs),
  frequency: s.windowOrders,
  monetaryMinor: s.windowNetMinor,
  medianGapDays: s.medianGapDays,
  orderDays: s.orderDays,
  medianGapMs: s.medianGapMs,
  computedAt: new Date(at),
});

describe("figures derived when read", () => {
  it("equal the figures and predictions of the orders at a later instant the row holds for (property)", () => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ t: fc.integer({ min: 0, max: 900 * DAY }), net: fc.integer({ min: -500, max: 90_000 }) }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.integer({ min: 0, max: 1000 * DAY }),
        fc.integer({ min: 0, max: 60 * DAY }),
        (orders, taken, later) => {
          const times = orders.map((o) => START + o.t);
          const values = orders.map((o) => o.net);
          const written = Math.max(START + taken, Math.max(...times));
          const s = summarize(times, values, written)!;
          const recomputed = written + later;
          if (!validFor(s, recomputed)) return;
          checked++;
          const row = rowOf(s, written);
          // A recompute at `recomputed` that left the row alone: the row is read as of it.
          const at = asOfMs(new Date(recomputed), row);
          expect(at).toBe(recomputed);
          const points = times.map((t, i) => ({ at: new Date(t), netMinor: values[i]! }));
          const figures = figuresOf("c", points, new Date(at));
          expect(daysOf(row, at)).toEqual({ recencyDays: figures.recencyDays, firstOrderDays: figures.firstOrderDays });
          const history = { id: "c", orderTimes: times, orderValuesMinor: values };
          for (const model of MODELS) {
            expect(predictionOf(row, model, at)).toEqual(shown(predict(model, history, at)));
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it("reads a row rescored after the last recompute as of its rescore", () => {
    const row = rowOf(summarize([START], [5_000], START)!, START + 3 * DAY);
    expect(asOfMs(new Date(START + DAY), row)).toBe(START + 3 * DAY);
    expect(asOfMs(null, row)).toBe(START + 3 * DAY);
  });

  it("fills a stored rule's day tokens: the template read on a day is the rule's text of that day", () => {
    const fresh: RuleMatch = { kind: "new-first-order", a: 12, b: 30 };
    expect(ruleTemplate(fresh)).toBe("New: first order {firstOrderDays} days ago (within 30)");
    expect(ruleAsOf(ruleTemplate(fresh), { recencyDays: 12, firstOrderDays: 12, joinedDays: 3 })).toBe(ruleText(fresh));
    // A day later the template is the same; the text moves.
    expect(ruleTemplate({ ...fresh, a: 13 })).toBe(ruleTemplate(fresh));
    // Rules without moving days, and texts stored before the templates, read as stored.
    const risky: RuleMatch = { kind: "at-risk-churn", a: 80, b: 0 };
    expect(ruleTemplate(risky)).toBe(ruleText(risky));
    expect(
      ruleAsOf("New: first order 5 days ago (within 30)", { recencyDays: 9, firstOrderDays: 9, joinedDays: 9 }),
    ).toBe("New: first order 5 days ago (within 30)");
  });

  it("reads the rule of a row as of the instant the segment was decided", () => {
    const s = summarize([START, START + 30 * DAY], [50_000, 50_000], START + 30 * DAY)!;
    const at = START + 95 * DAY;
    const figures = figuresOf(
      "c",
      [START, START + 30 * DAY].map((t) => ({ at: new Date(t), netMinor: 50_000 })),
      new Date(at),
    );
    const match = ruleOf(figures, { r: 3, f: 3, m: 5 }, 5, undefined, "High");
    expect(match.kind).toBe("at-risk-churn");
    const row = rowOf(s, START + 30 * DAY);
    expect(ruleOfRow(ruleTemplate(match), row, new Date(START - DAY), at)).toBe(ruleText(match));
  });
});
