import { describe, expect, it } from "vitest";
import { orderNetProfitMinor, orderProfitFigures } from "./order-profit";

const order = {
  grossSalesMinor: 10_000,
  discountsMinor: 1_000,
  refundsMinor: 500,
  shippingMinor: 800,
  taxesMinor: 700,
  shippingCostMinor: 600,
  paymentFeesMinor: 320,
  lines: [
    { quantity: 2, unitCostMinor: 1_500 },
    { quantity: 1, unitCostMinor: 2_000 },
  ],
};

describe("orderNetProfitMinor", () => {
  it("is net sales plus shipping charged, less cost of goods, shipping labels and fees (taxes are not revenue)", () => {
    // (10,000 − 1,000 − 500 + 800) − (2 × 1,500 + 2,000) − 600 − 320
    expect(orderNetProfitMinor(order)).toBe(9_300 - 5_000 - 920);
  });

  it("counts unknown shipping and fees as none, but an unknown line cost makes the figure unknown", () => {
    expect(orderNetProfitMinor({ ...order, shippingCostMinor: null, paymentFeesMinor: null })).toBe(9_300 - 5_000);
    expect(orderNetProfitMinor({ ...order, lines: [...order.lines, { quantity: 1, unitCostMinor: null }] })).toBeNull();
  });
});

describe("orderProfitFigures", () => {
  it("gives the same profit with revenue, cost of goods and margin beside it", () => {
    // Revenue 10,000 − 1,000 − 500 + 800 = 9,300; profit 3,380; margin 3,380 ÷ 9,300.
    const f = orderProfitFigures(order);
    expect(f).toMatchObject({ revenueMinor: 9_300, cogsMinor: 5_000, netProfitMinor: orderNetProfitMinor(order) });
    expect(f.profitMargin).toBeCloseTo(3_380 / 9_300, 12);
  });

  it("has no margin without revenue and none when a line's cost is unknown (the known cost is kept)", () => {
    const free = { ...order, grossSalesMinor: 0, discountsMinor: 0, refundsMinor: 0, shippingMinor: 0 };
    expect(orderProfitFigures(free)).toMatchObject({ netProfitMinor: -5_920, profitMargin: null });
    const partial = orderProfitFigures({ ...order, lines: [...order.lines, { quantity: 3, unitCostMinor: null }] });
    expect(partial).toMatchObject({ cogsMinor: 5_000, netProfitMinor: null, profitMargin: null });
  });
});
