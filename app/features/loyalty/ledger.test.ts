import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  accountingRows,
  addMonths,
  balanceOf,
  campaignMultiplier,
  cappedDebit,
  earnPoints,
  eligibleMinor,
  expiryDue,
  liability,
  lotsOf,
  programHealth,
  refundReversal,
  tierFor,
  tiersAt,
  campaignApplies,
  tierFromAddForm,
  tierFromEditForm,
  tierMoves,
  type LedgerEntry,
} from "./ledger";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

describe("earning", () => {
  it("earns on the subtotal after discounts, without tax and shipping", () => {
    // $120 of lines, $20 off: 100 eligible; shipping and tax are not in either figure.
    expect(eligibleMinor({ grossSalesMinor: 12_000, discountsMinor: 2_000 })).toBe(10_000);
    expect(eligibleMinor({ grossSalesMinor: 500, discountsMinor: 900 })).toBe(0);
  });

  it("floors eligible × base rate × tier × campaign", () => {
    expect(
      earnPoints({ eligibleMinor: 10_099, digits: 2, baseRate: 1, tierMultiplier: 1.5, campaignMultiplier: 2 }),
    ).toBe(302); // 100.99 × 3 = 302.97
    expect(earnPoints({ eligibleMinor: 29, digits: 2, baseRate: 100, tierMultiplier: 1, campaignMultiplier: 1 })).toBe(
      29,
    ); // 0.29 × 100 is 28.999… in floating point
    expect(
      earnPoints({ eligibleMinor: 5_000, digits: 0, baseRate: 0.01, tierMultiplier: 1, campaignMultiplier: 1 }),
    ).toBe(50); // JPY has no minor unit
  });

  it("never earns a negative or fractional number of points", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        (eligible, baseRate, tier, campaign) => {
          const p = earnPoints({
            eligibleMinor: eligible,
            digits: 2,
            baseRate,
            tierMultiplier: tier,
            campaignMultiplier: campaign,
          });
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(Math.floor((eligible / 100) * baseRate * tier * campaign + 1e-6));
        },
      ),
    );
  });
});

describe("campaign stacking", () => {
  it("takes the highest of the 'highest' campaigns and multiplies the 'multiply' ones", () => {
    expect(campaignMultiplier([])).toBe(1);
    expect(
      campaignMultiplier([
        { multiplier: 2, stacking: "highest" },
        { multiplier: 3, stacking: "highest" },
      ]),
    ).toBe(3);
    expect(
      campaignMultiplier([
        { multiplier: 2, stacking: "highest" },
        { multiplier: 1.5, stacking: "multiply" },
        { multiplier: 2, stacking: "multiply" },
      ]),
    ).toBe(6);
  });

  it("is independent of the campaigns' order", () => {
    const rate = fc.record({
      multiplier: fc.double({ min: 0.1, max: 10, noNaN: true }),
      stacking: fc.constantFrom("highest" as const, "multiply" as const),
    });
    fc.assert(
      fc.property(fc.array(rate, { maxLength: 6 }), (rates) => {
        const reversed = [...rates].reverse();
        expect(campaignMultiplier(reversed)).toBeCloseTo(campaignMultiplier(rates), 9);
        const highest = rates.filter((r) => r.stacking === "highest").map((r) => r.multiplier);
        const product = rates.filter((r) => r.stacking === "multiply").reduce((p, r) => p * r.multiplier, 1);
        expect(campaignMultiplier(rates)).toBeCloseTo((highest.length ? Math.max(...highest) : 1) * product, 9);
      }),
    );
  });
});

describe("refund reversal", () => {
  it("reverses exactly the points earned once the order is refunded in full, whatever the split", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 8 }),
        (earned, total, weights) => {
          // Split the total into refunds by the weights.
          const w = weights.reduce((a, b) => a + b, 0);
          const parts = weights.map((x) => Math.floor((total * x) / w));
          parts[parts.length - 1] += total - parts.reduce((a, b) => a + b, 0);
          let refunded = 0;
          let reversed = 0;
          for (const part of parts) {
            const r = refundReversal({
              earnedPoints: earned,
              orderTotalMinor: total,
              refundedBeforeMinor: refunded,
              refundMinor: part,
              alreadyReversed: reversed,
            });
            expect(r).toBeGreaterThanOrEqual(0);
            refunded += part;
            reversed += r;
            expect(reversed).toBeLessThanOrEqual(earned);
          }
          expect(reversed).toBe(earned);
        },
      ),
    );
  });

  it("reverses in proportion for a partial refund, using the figures recorded at earn time", () => {
    expect(
      refundReversal({
        earnedPoints: 300,
        orderTotalMinor: 12_000,
        refundedBeforeMinor: 0,
        refundMinor: 4_000,
        alreadyReversed: 0,
      }),
    ).toBe(100);
    // Refunding more than the order (shipping refunded twice, say) reverses no more than was earned.
    expect(
      refundReversal({
        earnedPoints: 300,
        orderTotalMinor: 12_000,
        refundedBeforeMinor: 12_000,
        refundMinor: 500,
        alreadyReversed: 300,
      }),
    ).toBe(0);
  });
});

// A random ledger built as the service builds it: debits capped at the balance.
const ledgerArb = fc
  .array(
    fc.record({
      kind: fc.constantFrom("earn", "reverse", "redeem", "reimburse", "expire", "adjust"),
      amount: fc.integer({ min: 0, max: 5_000 }),
      sign: fc.boolean(),
      at: fc.integer({ min: 0, max: 1_000 }),
    }),
    { maxLength: 40 },
  )
  .map((raw) => {
    const sorted = [...raw].sort((a, b) => a.at - b.at);
    const entries: LedgerEntry[] = [];
    let balance = 0;
    for (const r of sorted) {
      const credit = r.kind === "earn" || r.kind === "reimburse" || (r.kind === "adjust" && r.sign);
      const points = credit ? r.amount : -cappedDebit(balance, r.amount);
      balance += points;
      entries.push({ kind: r.kind as LedgerEntry["kind"], points, occurredAt: day(r.at) });
    }
    return entries;
  });

describe("balance", () => {
  it("equals the ledger's sum at every step and never goes below zero", () => {
    fc.assert(
      fc.property(ledgerArb, (entries) => {
        for (let i = 0; i <= entries.length; i++) expect(balanceOf(entries.slice(0, i))).toBeGreaterThanOrEqual(0);
        const lots = lotsOf(entries, null);
        expect(lots.reduce((s, l) => s + l.remaining, 0)).toBe(balanceOf(entries));
      }),
    );
  });
});

describe("FIFO expiry", () => {
  it("consumes the oldest awards first", () => {
    const entries: LedgerEntry[] = [
      { kind: "earn", points: 100, occurredAt: day(0) },
      { kind: "earn", points: 50, occurredAt: day(40) },
      { kind: "redeem", points: -120, occurredAt: day(50) },
    ];
    const lots = lotsOf(entries, 1);
    expect(lots.map((l) => l.remaining)).toEqual([0, 30]);
    // The first lot expired on day 31 but was spent; the second expires 1 month after day 40.
    expect(expiryDue(entries, 1, day(60))).toBe(0);
    expect(expiryDue(entries, 1, day(71))).toBe(30);
  });

  it("never expires more than the balance, and only lots past their date, oldest first", () => {
    fc.assert(
      fc.property(ledgerArb, fc.integer({ min: 0, max: 1_200 }), (entries, now) => {
        const due = expiryDue(entries, 6, day(now));
        expect(due).toBeGreaterThanOrEqual(0);
        expect(due).toBeLessThanOrEqual(balanceOf(entries));
        const lots = lotsOf(entries, 6);
        // FIFO: once a lot has points left, every later lot is untouched.
        const firstWithPoints = lots.findIndex((l) => l.remaining > 0);
        if (firstWithPoints >= 0) for (const l of lots.slice(firstWithPoints + 1)) expect(l.remaining).toBe(l.points);
        // Writing the due points off leaves nothing due.
        const after = [...entries, { kind: "expire" as const, points: -due, occurredAt: day(now) }];
        expect(expiryDue(after, 6, day(now))).toBe(0);
      }),
    );
  });

  it("adds calendar months, clamping the day", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2026-03-15T00:00:00Z"), 12).toISOString()).toBe("2027-03-15T00:00:00.000Z");
  });
});

describe("tier forms (admin-and-public.md §5)", () => {
  it("adds with the spec's fallbacks", () => {
    expect(tierFromAddForm({ name: "  ", minSpend: "abc", benefits: "a\n\n  \nb " })).toEqual({
      name: "New Tier",
      minSpend: 0,
      benefits: ["a", "b"],
    });
    expect(tierFromAddForm({ name: "Diamond", minSpend: "750.9", benefits: "" })).toEqual({
      name: "Diamond",
      minSpend: 750,
      benefits: [],
    });
  });

  it("edits keeping existing values for empty fields", () => {
    const existing = { name: "Gold", minSpend: 1500, benefits: ["Free gift"] };
    expect(tierFromEditForm(existing, { name: "", minSpend: "", benefits: "\n" })).toEqual(existing);
    expect(tierFromEditForm(existing, { name: "Gold+", minSpend: "2000", benefits: "x\ny" })).toEqual({
      name: "Gold+",
      minSpend: 2000,
      benefits: ["x", "y"],
    });
  });

  it("keeps every non-blank benefit line, in order, whatever the text", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 8 }), (lines) => {
        const draft = tierFromAddForm({ benefits: lines.join("\n") });
        const expected = lines
          .join("\n")
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean);
        expect(draft.benefits).toEqual(expected);
        expect(draft.benefits.every((b) => b.trim() !== "")).toBe(true);
      }),
    );
  });
});

describe("tiers", () => {
  const tiers = [
    { id: "b", minSpend: 0, multiplier: 1 },
    { id: "s", minSpend: 500, multiplier: 1.25 },
    { id: "g", minSpend: 1500, multiplier: 1.5 },
  ];
  it("places a member in the highest tier reached", () => {
    expect(tierFor(tiers, 49_999, 2)?.id).toBe("b");
    expect(tierFor(tiers, 50_000, 2)?.id).toBe("s");
    expect(tierFor(tiers, 1_000_000, 2)?.id).toBe("g");
    expect(tierFor([], 10, 2)).toBeNull();
  });

  it("previews moves when the thresholds change", () => {
    const members = [{ spendMinor: 40_000 }, { spendMinor: 60_000 }, { spendMinor: 200_000 }];
    const next = [
      { id: "b", minSpend: 0, multiplier: 1 },
      { id: "s", minSpend: 300, multiplier: 1.25 },
      { id: "g", minSpend: 2500, multiplier: 1.5 },
    ];
    expect(tierMoves(members, tiers, next, 2)).toEqual({ up: 1, down: 1, same: 1 });
  });
});

describe("liability, accounting and health", () => {
  it("values outstanding points at the points value and the expected redemption rate", () => {
    // 10,000 points at $0.01 = $100 face; 70% expected to be redeemed → $70, 30% breakage.
    expect(liability(10_000, 100, 0.7)).toEqual({
      outstandingPoints: 10_000,
      faceMinor: 10_000,
      liabilityMinor: 7_000,
      breakage: 1 - 0.7,
    });
  });

  it("chains each day's closing into the next opening, closing on the ledger's sum", () => {
    fc.assert(
      fc.property(ledgerArb, (entries) => {
        const days = [...new Set(entries.map((e) => e.occurredAt.toISOString().slice(0, 10)))].sort();
        const sums = new Map<string, Partial<Record<LedgerEntry["kind"], number>>>();
        for (const e of entries) {
          const d = e.occurredAt.toISOString().slice(0, 10);
          const s = sums.get(d) ?? {};
          s[e.kind] = (s[e.kind] ?? 0) + e.points;
          sums.set(d, s);
        }
        const rows = accountingRows(days, sums, 0);
        expect(rows.at(-1)?.closing ?? 0).toBe(balanceOf(entries));
        for (let i = 1; i < rows.length; i++) expect(rows[i].opening).toBe(rows[i - 1].closing);
      }),
    );
  });

  it("scores health from 0 to 100", () => {
    expect(programHealth({ activeShare: 1, redemptionRate: 1, repeatRate: 1 })).toBe(100);
    expect(programHealth({ activeShare: 0.5, redemptionRate: 0.2, repeatRate: 0.4 })).toBe(38);
    expect(programHealth({ activeShare: Number.NaN, redemptionRate: 3, repeatRate: -1 })).toBe(30);
  });
});

describe("scheduled tier changes and campaign limits", () => {
  const tiers = [
    { id: "b", minSpend: 0, multiplier: 1, pendingMinSpend: null, pendingMultiplier: null, pendingFrom: null },
    {
      id: "s",
      minSpend: 500,
      multiplier: 1.25,
      pendingMinSpend: 2000,
      pendingMultiplier: 3,
      pendingFrom: new Date("2026-06-15T00:00:00Z"),
    },
    { id: "g", minSpend: 1500, multiplier: 1.5, pendingMinSpend: null, pendingMultiplier: null, pendingFrom: null },
  ];
  it("uses the old values before the date and the new ones from it, ranked by the threshold in force", () => {
    const before = tiersAt(tiers, new Date("2026-06-14T23:59:59Z"));
    expect(before.map((t) => [t.id, t.minSpend, t.multiplier])).toEqual([
      ["b", 0, 1],
      ["s", 500, 1.25],
      ["g", 1500, 1.5],
    ]);
    const after = tiersAt(tiers, new Date("2026-06-15T00:00:00Z"));
    expect(after.map((t) => [t.id, t.minSpend, t.multiplier])).toEqual([
      ["b", 0, 1],
      ["g", 1500, 1.5],
      ["s", 2000, 3],
    ]);
    expect(tierFor(after, 1600_00, 2)?.id).toBe("g");
    expect(tierFor(before, 1600_00, 2)?.id).toBe("g");
    expect(tierFor(before, 600_00, 2)?.id).toBe("s");
    expect(tierFor(after, 600_00, 2)?.id).toBe("b");
  });
  it("applies a campaign only within both its tier and its segment limit", () => {
    expect(campaignApplies({ tierId: null, segment: null }, null, null)).toBe(true);
    expect(campaignApplies({ tierId: null, segment: "VIP" }, "g", "VIP")).toBe(true);
    expect(campaignApplies({ tierId: null, segment: "VIP" }, "g", "Regular")).toBe(false);
    expect(campaignApplies({ tierId: null, segment: "VIP" }, "g", null)).toBe(false);
    expect(campaignApplies({ tierId: "g", segment: "VIP" }, "s", "VIP")).toBe(false);
    expect(campaignApplies({ tierId: "g", segment: null }, "g", "New")).toBe(true);
  });
});
