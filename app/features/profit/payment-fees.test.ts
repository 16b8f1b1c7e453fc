import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  feeSourceSentence,
  percentToBps,
  resolveFee,
  ruleFeeMinor,
  rulesByGateway,
  type FeeRule,
} from "~/features/profit/payment-fees";
import { missingCostSentence } from "~/features/profit/missing-costs";
import { feeRuleSchema } from "~/features/profit/fee-rules-schema";

const rules = rulesByGateway([
  { gateway: "paypal", rateBps: 349, fixedMinor: 49 },
  { gateway: "manual", rateBps: 0, fixedMinor: 0 },
]);

describe("resolveFee", () => {
  it("takes Shopify Payments' own fee over any rule", () => {
    const withRule = rulesByGateway([{ gateway: "shopify_payments", rateBps: 1_000, fixedMinor: 0 }]);
    expect(resolveFee({ gateways: ["shopify_payments"], actualFeeMinor: 3_20, totalMinor: 100_00 }, withRule)).toEqual({
      paymentFeesMinor: 3_20,
      paymentFeeSource: "shopify_payments",
    });
  });

  it("estimates by the gateway's rule: rate of the total plus the fixed fee", () => {
    expect(resolveFee({ gateways: ["paypal"], actualFeeMinor: null, totalMinor: 100_00 }, rules)).toEqual({
      paymentFeesMinor: 3_49 + 49,
      paymentFeeSource: "rule",
    });
    // A zero rule is a known zero (cash, bank transfer), unlike no rule.
    expect(resolveFee({ gateways: ["manual"], actualFeeMinor: null, totalMinor: 50_00 }, rules).paymentFeesMinor).toBe(
      0,
    );
  });

  it("leaves a gateway without a rule unknown, never zero", () => {
    expect(resolveFee({ gateways: ["bogus"], actualFeeMinor: null, totalMinor: 10_00 }, rules)).toEqual({
      paymentFeesMinor: null,
      paymentFeeSource: "none",
    });
    expect(resolveFee({ gateways: [], actualFeeMinor: null, totalMinor: 10_00 }, rules).paymentFeesMinor).toBeNull();
  });

  it("looks the rule up for the gateway that took card money, not the gift card", () => {
    expect(resolveFee({ gateways: ["gift_card", "paypal"], actualFeeMinor: null, totalMinor: 100_00 }, rules)).toEqual({
      paymentFeesMinor: 3_98,
      paymentFeeSource: "rule",
    });
    expect(
      resolveFee({ gateways: ["gift_card"], actualFeeMinor: null, totalMinor: 100_00 }, rules).paymentFeesMinor,
    ).toBe(0);
  });

  it("rounds a rule's fee to a whole minor unit and grows with the total", () => {
    const rule: FeeRule = { gateway: "x", rateBps: 290, fixedMinor: 30 };
    expect(ruleFeeMinor(rule, 1_050)).toBe(Math.round(30.45) + 30);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000_000 }), (bps, total) => {
        const fee = ruleFeeMinor({ rateBps: bps, fixedMinor: 0 }, total);
        return (
          Number.isInteger(fee) &&
          fee >= 0 &&
          fee <= total &&
          fee <= ruleFeeMinor({ rateBps: bps, fixedMinor: 0 }, total + 1)
        );
      }),
    );
  });
});

describe("the fee rule form", () => {
  it("reads a percentage with up to two decimals as basis points", () => {
    expect(percentToBps("2.9")).toBe(290);
    expect(percentToBps("3.49")).toBe(349);
    expect(percentToBps("0")).toBe(0);
    expect(percentToBps("100")).toBe(10_000);
    for (const bad of ["-1", "101", "2.999", "abc", "", "=1+1", "1e2"]) expect(percentToBps(bad), bad).toBeNull();
  });

  it("answers each bad field with its own error", () => {
    const result = feeRuleSchema.safeParse({ gateway: "=HYPERLINK()", rate: "120", fixed: "-0.30" });
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => i.path[0]));
    expect(fields).toEqual(new Set(["gateway", "rate", "fixed"]));
    expect(feeRuleSchema.parse({ gateway: " paypal ", rate: "3.49", fixed: "0.49" })).toEqual({
      gateway: "paypal",
      rate: "3.49",
      fixed: "0.49",
    });
  });
});

describe("what the P&L and the missing-cost count say", () => {
  const money = (m: number) => `$${(m / 100).toFixed(2)}`;
  it("name each source of the fee line's amount", () => {
    expect(
      feeSourceSentence(
        [
          { source: "rule", amountMinor: 80_00, orders: 20 },
          { source: "shopify_payments", amountMinor: 1_200_00, orders: 300 },
          { source: "none", amountMinor: 0, orders: 4 },
        ],
        money,
      ),
    ).toBe("Shopify Payments $1200.00 · rules (estimated) $80.00");
    expect(feeSourceSentence([{ source: null, amountMinor: 0, orders: 5 }], money)).toBeNull();
  });

  it("count orders without a fee rule beside the variants without a cost", () => {
    expect(missingCostSentence({ missing: 2, sold: 10, unknownFeeOrders: 3, orders: 40 })).toBe(
      "2 of 10 variants sold in this period have no cost; 3 of 40 orders have no payment fee rule for their gateway",
    );
    expect(
      missingCostSentence({ missing: 0, sold: 0, unknownFeeOrders: 165, unknownLabelOrders: 35, orders: 3_779 }),
    ).toBe(
      "165 of 3,779 orders in this period have no payment fee rule for their gateway; 35 of 3,779 orders have no shipping label cost and no shipping rule",
    );
    expect(missingCostSentence({ missing: 0, sold: 10, unknownFeeOrders: 1, orders: 1 })).toBe(
      "1 of 1 order in this period has no payment fee rule for its gateway",
    );
    expect(missingCostSentence({ missing: 0, sold: 10, unknownFeeOrders: 0, orders: 5 })).toBeNull();
  });
});
