// The posting rules as one pure function: a batch posts what its orders posted one at a time
// would, posting again adds nothing, and reversals never take more than was earned.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_TIERS, windowSpend } from "./ledger";
import {
  dayTotals,
  postingEntries,
  spendBefore,
  type NewEntry,
  type PostingInput,
  type PostingOrder,
  type PostingRefund,
} from "./posting";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
const iso = (d: Date) => d.toISOString().slice(0, 10);

const tiers = DEFAULT_TIERS.map((t, i) => ({
  ...t,
  id: `t${i}`,
  pendingMinSpend: null,
  pendingMultiplier: null,
  pendingFrom: null,
}));

function input(orders: PostingOrder[], refunds: PostingRefund[], extra: Partial<PostingInput> = {}): PostingInput {
  return {
    program: { baseRate: 1, orderRule: "paid" },
    digits: 2,
    timezone: "UTC",
    tiers,
    campaigns: [],
    orders,
    refunds,
    recorded: [],
    spendBefore: new Map(),
    balances: new Map(),
    segments: new Map(),
    lines: [],
    enrolled: null,
    ...extra,
  };
}

const order = (id: string, customerId: string, at: number, grossMinor: number, extra = {}): PostingOrder => ({
  id,
  customerId,
  processedAt: day(at),
  day: iso(day(at)),
  grossSalesMinor: grossMinor,
  discountsMinor: 0,
  refundsMinor: 0,
  totalMinor: grossMinor,
  financialStatus: "paid",
  cancelledAt: null,
  ...extra,
});

const recordedOf = (entries: readonly NewEntry[]) =>
  entries.map((e) => ({ key: e.key, points: e.points, orderTotalMinor: e.orderTotalMinor, lines: null }));

const balancesAfter = (entries: readonly NewEntry[], start = new Map<string, number>()) => {
  const out = new Map(start);
  for (const e of entries) out.set(e.customerId, (out.get(e.customerId) ?? 0) + e.points);
  return out;
};

// Orders of three customers over a year, some refunded (in parts) and some cancelled later.
const history = fc
  .array(
    fc.record({
      customer: fc.constantFrom("a", "b", "c"),
      at: fc.integer({ min: 0, max: 360 }),
      grossMinor: fc.integer({ min: 0, max: 200_000 }),
      refunds: fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 3 }),
      cancelled: fc.boolean(),
    }),
    { maxLength: 12 },
  )
  .map((rows) => {
    const orders = rows.map((r, i) =>
      order(`o${i}`, r.customer, r.at, r.grossMinor, { cancelledAt: r.cancelled ? day(r.at + 30) : null }),
    );
    const refunds = rows.flatMap((r, i) =>
      r.refunds.map((amountMinor, k) => ({
        id: `r${i}-${k}`,
        orderId: `o${i}`,
        amountMinor,
        processedAt: day(r.at + 1 + k),
        day: iso(day(r.at + 1 + k)),
        lines: null,
      })),
    );
    return { orders, refunds };
  });

describe("postingEntries", () => {
  it("earns on the tier reached before the order, at the campaigns running then", () => {
    const orders = [order("o1", "a", 10, 100_00), order("o2", "a", 40, 100_00)];
    const entries = postingEntries(
      input(orders, [], {
        spendBefore: new Map([
          ["o1", 0],
          ["o2", 600_00],
        ]),
        campaigns: [
          {
            multiplier: 3,
            stacking: "highest",
            tierId: null,
            segment: "VIP",
            collectionId: null,
            startsAt: day(0),
            endsAt: day(20),
          },
        ],
        segments: new Map([["a", "VIP"]]),
      }),
    );
    expect(entries.map((e) => [e.key, e.points, e.note])).toEqual([
      ["earn:o1", 300, "rate 1 × tier 1 (Bronze) × campaigns 3"],
      ["earn:o2", 125, "rate 1 × tier 1.25 (Silver) × campaigns 1"],
    ]);
  });

  it("posts for members only when the program does not enrol automatically", () => {
    const orders = [order("o1", "a", 1, 50_00), order("o2", "b", 1, 50_00)];
    expect(postingEntries(input(orders, [], { enrolled: new Set(["b"]) })).map((e) => e.customerId)).toEqual(["b"]);
  });

  it("caps a reversal at the balance left, noting the shortfall", () => {
    const orders = [order("o1", "a", 1, 50_00)];
    const refunds = [
      { id: "r1", orderId: "o1", amountMinor: 50_00, processedAt: day(3), day: iso(day(3)), lines: null },
    ];
    const [, reverse] = postingEntries(input(orders, refunds, { balances: new Map([["a", -45]]) }));
    expect(reverse).toMatchObject({ key: "reverse:r1", points: -5, note: "45 points already spent" });
  });

  it("posts a batch as its orders posted one at a time would, and nothing again", () => {
    fc.assert(
      fc.property(history, ({ orders, refunds }) => {
        const batch = postingEntries(input(orders, refunds));
        let one: NewEntry[] = [];
        for (const o of [...orders].sort((a, b) => a.processedAt.getTime() - b.processedAt.getTime()))
          one = one.concat(
            postingEntries(
              input([o], refunds, {
                recorded: recordedOf(one),
                balances: balancesAfter(one),
              }),
            ),
          );
        expect(new Set(batch.map((e) => `${e.key} ${e.points}`))).toEqual(
          new Set(one.map((e) => `${e.key} ${e.points}`)),
        );
        expect(postingEntries(input(orders, refunds, { recorded: recordedOf(batch) }))).toEqual([]);
      }),
    );
  });

  it("never reverses more than an order earned, nor takes a balance below zero", () => {
    fc.assert(
      fc.property(history, ({ orders, refunds }) => {
        const entries = postingEntries(input(orders, refunds));
        for (const o of orders) {
          const mine = entries.filter((e) => e.orderId === o.id);
          const earned = mine.find((e) => e.kind === "earn")?.points ?? 0;
          const reversed = -mine.filter((e) => e.kind === "reverse").reduce((s, e) => s + e.points, 0);
          expect(reversed).toBeGreaterThanOrEqual(0);
          expect(reversed).toBeLessThanOrEqual(earned);
        }
        for (const balance of balancesAfter(entries).values()) expect(balance).toBeGreaterThanOrEqual(0);
        const days = dayTotals(entries);
        expect(days.reduce((s, d) => s + d.points, 0)).toBe(entries.reduce((s, e) => s + e.points, 0));
        expect(new Set(days.map((d) => `${d.day} ${d.kind}`)).size).toBe(days.length);
      }),
    );
  });
});

describe("spendBefore", () => {
  it("is the window's spend before each order, from a base and the history the batch needs", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ at: fc.integer({ min: 0, max: 900 }), amountMinor: fc.integer({ min: 0, max: 10_000 }) }),
          {
            maxLength: 20,
          },
        ),
        fc.integer({ min: 0, max: 900 }),
        fc.constantFrom("lifetime" as const, "calendar_year" as const, "rolling_12m" as const),
        (rows, at, window) => {
          const all = rows.map((r) => ({ at: day(r.at), amountMinor: r.amountMinor }));
          const o = order("o", "a", at, 1);
          const expected = windowSpend(all, o.processedAt, window);
          // Lifetime: the sum before the batch as a base, the rest as history.
          const batchStart = day(Math.max(0, at - 5));
          const base =
            window === "lifetime" ? all.filter((h) => h.at < batchStart).reduce((s, h) => s + h.amountMinor, 0) : 0;
          const rest = window === "lifetime" ? all.filter((h) => h.at >= batchStart) : all;
          expect(spendBefore([o], window, new Map([["a", base]]), new Map([["a", rest]])).get("o")).toBe(expected);
        },
      ),
    );
  });
});

describe("campaigns by store day", () => {
  // "Double Points Weekend" entered as 09-15 to 09-18 in New York: stored as 09-15T00:00Z and
  // 09-18T23:59:59.999Z. An order at 20:00 on 09-14 in New York (00:00Z on 09-15) is before it;
  // one at 22:00 on 09-18 in New York (02:00Z on 09-19) is inside it.
  const campaign = {
    multiplier: 2,
    stacking: "highest" as const,
    tierId: null,
    segment: null,
    collectionId: null,
    startsAt: new Date("2026-09-15T00:00:00.000Z"),
    endsAt: new Date("2026-09-18T23:59:59.999Z"),
  };
  const at = (id: string, instant: string, storeDay: string) =>
    order(id, "c1", 0, 10_000, { processedAt: new Date(instant), day: storeDay });
  const earned = (o: PostingOrder) =>
    postingEntries(input([o], [], { timezone: "America/New_York", campaigns: [campaign] })).find((e) =>
      e.key.startsWith("earn:"),
    )!.points;

  it("doubles an order placed on a campaign's store day, and not one placed the evening before", () => {
    const plain = earned(at("plain", "2026-09-10T16:00:00Z", "2026-09-10"));
    expect(earned(at("eve", "2026-09-15T00:00:00Z", "2026-09-14"))).toBe(plain);
    expect(earned(at("first", "2026-09-15T14:00:00Z", "2026-09-15"))).toBe(2 * plain);
    expect(earned(at("last", "2026-09-19T02:00:00Z", "2026-09-18"))).toBe(2 * plain);
  });
});
