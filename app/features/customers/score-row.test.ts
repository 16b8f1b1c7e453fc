import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { predictFrom, type ShopModel } from "./clv";
import { predict, figuresOf, scoreCustomers, segmentOf } from "~tests/customers-reference";
import { shown } from "./derived";
import { DEFAULT_SEGMENT_SETTINGS, ruleAsOf, scoresAgainst } from "./rfm";
import {
  COMPARED_COLUMNS,
  scoreRow,
  scoreShop,
  searchKey,
  STABLE_COLUMNS,
  valueHolds,
  type CustomerInput,
} from "./score-row";
import { summarize } from "./summary";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 15);
const SIMPLE: ShopModel = { method: "simple", repeatBuyers: 0, shopAovMinor: 4_000 };

type Orders = { t: number; net: number }[];
const customer = (
  i: number,
  orders: Orders,
  createdDaysAgo = 400,
): CustomerInput & { orders: Orders; createdAt: Date } => ({
  customerId: `c${String(i).padStart(4, "0")}`,
  firstName: i % 3 ? `First${i}` : null,
  lastName: i % 2 ? "Last" : null,
  email: `c${i}@example.com`,
  createdAt: new Date(NOW - createdDaysAgo * DAY),
  summary: summarize(
    orders.map((o) => NOW - o.t * DAY),
    orders.map((o) => o.net),
    NOW,
  ),
  orders,
});

const arbitraryShop = fc.array(
  fc.record({
    orders: fc.array(fc.record({ t: fc.integer({ min: 0, max: 700 }), net: fc.integer({ min: 0, max: 50_000 }) }), {
      maxLength: 6,
    }),
    created: fc.integer({ min: 0, max: 800 }),
  }),
  { minLength: 1, maxLength: 60 },
);

describe("scoreShop", () => {
  it("gives each customer the scores, segment and rule of the pure rules on their orders (property)", () => {
    fc.assert(
      fc.property(arbitraryShop, (shop) => {
        const customers = shop.map((c, i) => customer(i, c.orders, c.created));
        const result = scoreShop(customers, DEFAULT_SEGMENT_SETTINGS, SIMPLE, NOW);
        const figures = customers.map((c) =>
          figuresOf(
            c.customerId,
            c.orders.map((o) => ({ at: new Date(NOW - o.t * DAY), netMinor: o.net })),
            new Date(NOW),
          ),
        );
        const direct = scoreCustomers(figures);
        expect(result.bands).toBe(direct.bands);
        expect(result.cutPoints).toEqual(direct.cutPoints);
        result.rows.forEach((row, i) => {
          const scores = direct.scores.get(row.customerId) ?? null;
          const created = Math.floor((NOW - customers[i]!.createdAt.getTime()) / DAY);
          // At-Risk on the churn risk the row shows (the same prediction, the same instant).
          const risk = shown(predictFrom(SIMPLE, customers[i]!.summary, NOW)).churnRisk;
          expect(row.churnRisk).toBe(risk);
          const expected = segmentOf(figures[i]!, scores, direct.bands, DEFAULT_SEGMENT_SETTINGS, risk);
          expect(row).toMatchObject({ segment: expected.segment, r: scores?.r ?? null, f: scores?.f ?? null });
          expect(row.ruleText).toBe(expected.rule);
          const days = {
            recencyDays: figures[i]!.recencyDays,
            firstOrderDays: figures[i]!.firstOrderDays,
            joinedDays: created,
          };
          expect(ruleAsOf(row.rule, days)).toBe(expected.rule);
        });
      }),
      { numRuns: 80 },
    );
  });

  it("counts every customer once in the day's segment totals, with their spend of the last 365 days", () => {
    fc.assert(
      fc.property(arbitraryShop, (shop) => {
        const result = scoreShop(
          shop.map((c, i) => customer(i, c.orders, c.created)),
          DEFAULT_SEGMENT_SETTINGS,
          SIMPLE,
          NOW,
        );
        const totals = Object.values(result.totals);
        expect(totals.reduce((n, t) => n + t.customers, 0)).toBe(shop.length);
        expect(totals.reduce((n, t) => n + t.revenueMinor, 0)).toBe(
          result.rows.reduce((n, r) => n + r.monetaryMinor, 0),
        );
        expect(result.scored).toBe(shop.filter((c) => c.orders.length).length);
      }),
      { numRuns: 40 },
    );
  });

  it("uses the model it is given, and fits one (the labelled simple model for few repeat buyers) when not", () => {
    const customers = [customer(1, [{ t: 10, net: 5_000 }]), customer(2, [])];
    const given: ShopModel = { method: "simple", repeatBuyers: 9, shopAovMinor: 123 };
    expect(scoreShop(customers, DEFAULT_SEGMENT_SETTINGS, given, NOW).model).toBe(given);
    expect(scoreShop(customers, DEFAULT_SEGMENT_SETTINGS, null, NOW).model).toEqual({
      method: "simple",
      repeatBuyers: 0,
      shopAovMinor: 5_000,
    });
  });

  it("stores the predictions as the screens show them, and none without orders", () => {
    const c = customer(4, [
      { t: 30, net: 6_000 },
      { t: 90, net: 4_000 },
    ]);
    const [row, none] = scoreShop([c, customer(5, [])], DEFAULT_SEGMENT_SETTINGS, SIMPLE, NOW).rows;
    const times = c.orders.map((o) => NOW - o.t * DAY);
    const expected = shown(
      predict(SIMPLE, { id: c.customerId, orderTimes: times, orderValuesMinor: [6_000, 4_000] }, NOW),
    );
    expect(row).toMatchObject(expected);
    expect(none).toMatchObject({ predicted12mMinor: null, ltvMethod: null, orders: 0, r: null });
  });
});

describe("scoreRow", () => {
  it("scores one customer against stored cut points as the webhook's rescore does", () => {
    const shop = Array.from({ length: 30 }, (_, i) => customer(i, [{ t: 5 + i * 7, net: 1_000 * (i + 1) }]));
    const whole = scoreShop(shop, DEFAULT_SEGMENT_SETTINGS, SIMPLE, NOW);
    // A customer scored alone against the shop's cut points lands where the whole-shop ranking put them.
    for (const [i, c] of shop.entries()) {
      const own = scoresAgainst(
        figuresOf(
          c.customerId,
          c.orders.map((o) => ({ at: new Date(NOW - o.t * DAY), netMinor: o.net })),
          new Date(NOW),
        ),
        whole.cutPoints,
      );
      const row = scoreRow(c, own, {
        bands: whole.bands,
        settings: DEFAULT_SEGMENT_SETTINGS,
        model: SIMPLE,
        nowMs: NOW,
      });
      expect(row).toEqual(whole.rows[i]);
    }
  });

  it("builds the search columns from the name and e-mail, with LIKE's wildcards as text", () => {
    const row = scoreRow(
      { ...customer(1, []), firstName: "Ann_a", lastName: "O'Neil%", email: "A\\B@Example.com" },
      null,
      { bands: 3, settings: DEFAULT_SEGMENT_SETTINGS, model: SIMPLE, nowMs: NOW },
    );
    expect(row.sortName).toBe("ann_a o'neil%");
    expect(row.searchText).toBe(searchKey("Ann_a O'Neil% A\\B@Example.com"));
    expect(row.searchText).not.toMatch(/[%_\\]/);
  });

  it("compares what a row says, never the figures that move with the clock", () => {
    expect(COMPARED_COLUMNS).not.toContain("recencyDays");
    expect(COMPARED_COLUMNS).not.toContain("pNoPurchase90");
    expect(STABLE_COLUMNS).toEqual(COMPARED_COLUMNS.filter((c) => c !== "predicted12mMinor"));
    // A day later, a customer whose orders did not change says the same (simple model).
    const c = customer(3, [{ t: 40, net: 2_000 }], 500);
    const scoring = { bands: 3 as const, settings: DEFAULT_SEGMENT_SETTINGS, model: SIMPLE };
    const today = scoreRow(c, { r: 2, f: 1, m: 3 }, { ...scoring, nowMs: NOW });
    const tomorrow = scoreRow(c, { r: 2, f: 1, m: 3 }, { ...scoring, nowMs: NOW + DAY });
    for (const column of COMPARED_COLUMNS) expect(tomorrow[column]).toEqual(today[column]);
    expect(tomorrow.recencyDays).toBe(today.recencyDays! + 1);
  });
});

describe("valueHolds", () => {
  it("keeps a stored sort key within the tolerance of the computed value, and only a null for a null", () => {
    expect(valueHolds(10_200, 10_000)).toBe(true);
    expect(valueHolds(9_800, 10_000)).toBe(true);
    expect(valueHolds(10_300, 10_000)).toBe(false);
    expect(valueHolds(9_700, 10_000)).toBe(false);
    expect(valueHolds(0, 0)).toBe(true);
    expect(valueHolds(100, 0)).toBe(false);
    expect(valueHolds(null, null)).toBe(true);
    expect(valueHolds(null, 10_000)).toBe(false);
    expect(valueHolds(10_000, null)).toBe(false);
  });
});
