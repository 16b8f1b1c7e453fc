import { describe, expect, it } from "vitest";
import { detectDeadStock, detectStockouts, type PlanFacts } from "./inventory";
import { detectQuietVips, type ValuableCustomer } from "./customers";
import { detectOverdueInvoices } from "./money";
import { detectBelowCost, detectMarginErosion, type CostChange, type ProductWindow } from "./pricing";
import { detectMissingCosts, detectSyncGap } from "./data";
import { detectRoasDrops, type ChannelWindow } from "./marketing";
import { detectDiscountDependence } from "./discounts";
import { addDays, eachDay } from "~/lib/dates";
import { confidence } from "~/features/insights/confidence";

const TODAY = "2026-11-29";

const plan = (over: Partial<PlanFacts>): PlanFacts => ({
  variantId: "v1",
  title: "Wireless Earbuds",
  sku: "EB-1",
  available: 10,
  onOrder: 0,
  velocity: 2,
  sigma: 1,
  leadTimeDays: 14,
  daysOfCover: 5,
  stockOutDay: "2026-12-04",
  lostRevenuePerDayMinor: 12_000,
  inStockDays: 30,
  windowDays: 30,
  deadStock: false,
  lastSaleDay: "2026-11-28",
  unitCostMinor: 1_500,
  ...over,
});

describe("inventory", () => {
  it("flags a seller that runs out within its lead time, valued at lost revenue × days short", () => {
    const [f] = detectStockouts([plan({})], "USD", TODAY);
    expect(f!.kind).toBe("stockout");
    expect(f!.facts.daysOfCover).toBe(5);
    expect(f!.potentialValueMinor).toBe(12_000 * 9);
    expect(f!.description).toContain("$120.00");
    expect(confidence(f!.strength)).toBeGreaterThan(0.75);
  });

  it("stays quiet when stock and orders cover the lead time, or the item barely sells", () => {
    expect(detectStockouts([plan({ onOrder: 30 })], "USD", TODAY)).toEqual([]);
    expect(detectStockouts([plan({ velocity: 0.1 })], "USD", TODAY)).toEqual([]);
  });

  it("values dead stock at cost, and says when the cost is unknown", () => {
    const [f] = detectDeadStock([plan({ deadStock: true, available: 40 })], "USD", TODAY);
    expect(f!.potentialValueMinor).toBe(60_000);
    const [u] = detectDeadStock([plan({ deadStock: true, unitCostMinor: null })], "USD", TODAY);
    expect(u!.potentialValueMinor).toBeNull();
    expect(u!.description).toContain("unknown");
  });

  it("says dead stock is unsold over the dead-stock rule's 90 days, not the plan's 30-day velocity window", () => {
    const [f] = detectDeadStock([plan({ deadStock: true, available: 40, lastSaleDay: "2026-07-02" })], "USD", TODAY);
    expect(f!.title).toBe("Wireless Earbuds: 40 units unsold in 90 days");
    expect(f!.description).toContain("no sale in the last 90 days (last sale");
    expect(f!.evidence.baselineWindow).toBe("last 90 days");
  });
});

/** A customer who ordered every `gap` days from `first`, `orders` order days in all. */
const regular = (id: string, first: string, gap: number, orders: number, spendMinor = 500_000): ValuableCustomer => ({
  customerId: id,
  orderDays: orders,
  firstOrderDay: first,
  lastOrderDay: addDays(first, gap * (orders - 1)),
  spendMinor,
});

describe("customers", () => {
  it("finds a VIP silent for far longer than their own rhythm, with the facts of the one worth most", () => {
    // Every 9 days for 37 order days, the last 38 days ago: 4.2 usual gaps, past the 30-day floor.
    // The churn model rated such a customer Low risk and no VIP → At-Risk change was recorded.
    const quiet = regular("c1", addDays(TODAY, -38 - 9 * 36), 9, 37, 1_050_000);
    const [f, ...rest] = detectQuietVips([quiet, regular("c2", addDays(TODAY, -200), 5, 39)], 2, "USD", TODAY);
    expect(rest).toEqual([]);
    expect(f!.kind).toBe("vip-at-risk");
    expect(f!.title).toBe("A VIP customer has gone quiet");
    expect(f!.facts).toMatchObject({
      customers: 1,
      topLastOrder: addDays(TODAY, -38),
      topUsualGapDays: 9,
      topSilenceDays: 38,
      topSpend: "$10,500.00",
    });
    expect(f!.potentialValueMinor).toBe(1_050_000);
    expect(f!.link).toBe("/customers/c1");
  });

  it("stays quiet for a silence usual for the customer, under the floor, or without a rhythm", () => {
    // Every 20 days, silent 45 (under 3 gaps); weekly, silent 25 (3.6 gaps but under 30 days);
    // two order days only, silent 90.
    const rows = [
      regular("c1", addDays(TODAY, -45 - 20 * 15), 20, 16),
      regular("c2", addDays(TODAY, -25 - 7 * 40), 7, 41),
      regular("c3", addDays(TODAY, -90 - 30), 30, 2),
    ];
    expect(detectQuietVips(rows, 3, "USD", TODAY)).toEqual([]);
  });

  it("groups several quiet VIPs into one card valued at their year's spend", () => {
    const rows = [
      regular("c1", addDays(TODAY, -60 - 10 * 20), 10, 21, 300_000),
      regular("c2", addDays(TODAY, -40 - 8 * 30), 8, 31, 700_000),
    ];
    const [f, ...rest] = detectQuietVips(rows, 2, "USD", TODAY);
    expect(rest).toEqual([]);
    expect(f!.title).toBe("2 VIP customers have gone quiet");
    expect(f!.potentialValueMinor).toBe(1_000_000);
    expect(f!.facts).toMatchObject({ customers: 2, topSpend: "$7,000.00", topSilenceDays: 40 });
  });

  it("does not count the silences that chance gives a shop with many VIPs, but finds one chance cannot explain", () => {
    // 300 VIPs ordering about every 9 days. Among VIPs buying at a random pace, e^-4 ≈ 1.8% are
    // silent for 4 gaps at any time: six such here (36 days), the usual share of 300. A fixed
    // "3 gaps and 30 days" rule called them all quiet; with 300 VIPs checked a silence needs
    // e^-k < 0.05 / 300, about 8.7 gaps (79 days), and the one silent 110 days is found alone.
    const chance = Array.from({ length: 6 }, (_, i) => regular(`c${i}`, addDays(TODAY, -36 - 9 * 36), 9, 37));
    const gone = regular("gone", addDays(TODAY, -110 - 9 * 30), 9, 31, 900_000);
    const [f, ...rest] = detectQuietVips([...chance, gone], 300, "USD", TODAY);
    expect(rest).toEqual([]);
    expect(f!.facts).toMatchObject({ customers: 1, topSilenceDays: 110, checked: 300, topQuietAfterDays: 79 });
    expect(f!.link).toBe("/customers/gone");
    expect(detectQuietVips(chance, 300, "USD", TODAY)).toEqual([]);
    // With ten VIPs checked the bar is 5.3 gaps: six silent 54 days (6 gaps) are past it.
    const longer = chance.map((c) => regular(c.customerId, addDays(TODAY, -54 - 9 * 36), 9, 37));
    expect(detectQuietVips(longer, 10, "USD", TODAY)[0]!.facts).toMatchObject({ customers: 6 });
  });
});

describe("money", () => {
  it("reports overdue invoices as a High-confidence fact, whatever their number", () => {
    const [f] = detectOverdueInvoices(
      { overdueCount: 3, overdueTotalMinor: 45_000, averageDaysToPay: 9.5 },
      "USD",
      TODAY,
    );
    expect(f!.title).toBe("3 overdue invoices: $450.00 unpaid");
    expect(confidence(f!.strength)).toBeGreaterThan(0.75);
    expect(
      detectOverdueInvoices({ overdueCount: 0, overdueTotalMinor: 0, averageDaysToPay: null }, "USD", TODAY),
    ).toEqual([]);
  });
});

const product = (over: Partial<ProductWindow>): ProductWindow => ({
  productId: "p1",
  title: "Smart Watch",
  units: 20,
  netSalesMinor: 200_000,
  cogsMinor: 100_000,
  uncostedUnits: 0,
  ...over,
});

describe("pricing", () => {
  it("finds a product sold below cost, only when every unit's cost is known and volume is enough", () => {
    const [f] = detectBelowCost([product({ cogsMinor: 230_000 })], "USD", TODAY, 30);
    expect(f!.potentialValueMinor).toBe(30_000);
    expect(detectBelowCost([product({ cogsMinor: 230_000, uncostedUnits: 1 })], "USD", TODAY, 30)).toEqual([]);
    expect(detectBelowCost([product({ cogsMinor: 230_000, units: 2 })], "USD", TODAY, 30)).toEqual([]);
  });

  // Smart Watch: 20 units for $2,000 net (discounts included) and $1,000 of cost in the window;
  // 10 of those units are the variant whose cost row moved from $40 to $60 on Nov 10.
  const rise = (over: Partial<CostChange> = {}): CostChange => ({
    productId: "p1",
    name: "Smart Watch - Steel",
    sku: "SW-S",
    effectiveFrom: "2026-11-10",
    units: 10,
    beforeCogsMinor: 40_000,
    afterCogsMinor: 60_000,
    reportedCogsMinor: 50_000,
    ...over,
  });

  it("finds margin erosion from a cost row's effective day, both margins at the window's mix", () => {
    const [f, ...rest] = detectMarginErosion([product({})], [rise()], "USD", TODAY, 30);
    expect(rest).toEqual([]);
    // Other variants $500; at the old cost $500 + $400, at the new $500 + $600, on $2,000 net.
    expect(f!.facts).toMatchObject({
      effectiveFrom: "2026-11-10",
      costBefore: "$40.00",
      costNow: "$60.00",
      costRise: "50.0%",
      marginBefore: "55.0%",
      marginNow: "45.0%",
      addedCost: "$200.00",
    });
    expect(f!.potentialValueMinor).toBe(20_000);
    expect(f!.subject).toEqual({ type: "product", id: "p1" });
  });

  it("stays quiet when margins fell with no cost change (a discount, a mix of dearer variants)", () => {
    // The window's margin is 30% against 50% before, but no cost row took effect: not this detector's.
    expect(
      detectMarginErosion([product({ netSalesMinor: 150_000, cogsMinor: 105_000 })], [], "USD", TODAY, 30),
    ).toEqual([]);
    // A cost row that did not raise the cost, or raised it too little to matter, or a product with unknown costs.
    expect(detectMarginErosion([product({})], [rise({ afterCogsMinor: 38_000 })], "USD", TODAY, 30)).toEqual([]);
    expect(detectMarginErosion([product({})], [rise({ afterCogsMinor: 41_000 })], "USD", TODAY, 30)).toEqual([]);
    // +5% on these units: 1 margin point of the product's, under the 2 that make a card.
    expect(detectMarginErosion([product({})], [rise({ afterCogsMinor: 42_000 })], "USD", TODAY, 30)).toEqual([]);
    expect(detectMarginErosion([product({ uncostedUnits: 2 })], [rise()], "USD", TODAY, 30)).toEqual([]);
  });
});

describe("data quality", () => {
  it("reports a sync gap as 'check your data'", () => {
    const [f] = detectSyncGap(["2026-11-25", "2026-11-24"], TODAY);
    expect(f!.category).toBe("data");
    expect(f!.title).toMatch(/^Check your data/);
    expect(f!.facts.from).toBe("2026-11-24");
  });

  it("reports missing costs only above the threshold", () => {
    expect(detectMissingCosts(100, 5, TODAY, 30)).toEqual([]);
    expect(detectMissingCosts(100, 12, TODAY, 30)[0]!.facts.share).toBe("12.0%");
    expect(detectMissingCosts(0, 0, TODAY, 30)).toEqual([]);
  });
});

describe("inventory wording", () => {
  it("says out of stock when nothing is left", () => {
    const [f] = detectStockouts([plan({ available: 0, daysOfCover: 0 })], "USD", TODAY);
    expect(f!.title).toBe("Wireless Earbuds is out of stock; a reorder takes 14 days");
  });
});

describe("marketing", () => {
  const windows = {
    recent: { from: "2026-11-15", to: "2026-11-28" },
    baseline: { from: "2026-10-18", to: "2026-11-14" },
  };
  // 28 days at $2,000 of spend for 100 orders and $8,000 of net sales: ROAS 4×, an order per $20.
  const base = (over: Partial<ChannelWindow> = {}): ChannelWindow => ({
    channel: "meta",
    label: "Meta Ads",
    spendMinor: 2_000_00,
    attributedOrders: 100,
    attributedNetSalesMinor: 8_000_00,
    ...over,
  });

  it("flags a channel whose ROAS fell with an orders shortfall beyond chance, valued at the lost return", () => {
    // 14 days at $1,000: 50 orders expected, 20 came, $1,600 of sales: ROAS 1.6×.
    const recent = base({ spendMinor: 1_000_00, attributedOrders: 20, attributedNetSalesMinor: 1_600_00 });
    const [f] = detectRoasDrops([recent], [base()], windows, "USD", TODAY);
    expect(f!.kind).toBe("roas-drop");
    expect(f!.category).toBe("marketing");
    expect(f!.facts).toMatchObject({
      roas: "1.60×",
      baselineRoas: "4.00×",
      fall: "60%",
      expectedOrders: 50,
      orders: 20,
    });
    expect(f!.potentialValueMinor).toBe(2_400_00);
    expect(f!.strength.z).toBeCloseTo(30 / Math.sqrt(50), 6);
    expect(f!.title).toBe("Meta Ads return on ad spend fell 60% to 1.60×");
    expect(confidence(f!.strength)).toBeGreaterThan(0.75);
  });

  it("stays quiet on a small fall, a fall within chance, a thin baseline or no spend", () => {
    const small = base({ spendMinor: 1_000_00, attributedOrders: 40, attributedNetSalesMinor: 3_200_00 });
    expect(detectRoasDrops([small], [base()], windows, "USD", TODAY)).toEqual([]);
    // ROAS falls to a quarter, but 1 order against 2 expected at that spend is chance.
    const lumpy = base({ spendMinor: 40_00, attributedOrders: 1, attributedNetSalesMinor: 40_00 });
    expect(detectRoasDrops([lumpy], [base()], windows, "USD", TODAY)).toEqual([]);
    const thin = base({ attributedOrders: 19 });
    const recent = base({ spendMinor: 1_000_00, attributedOrders: 2, attributedNetSalesMinor: 160_00 });
    expect(detectRoasDrops([recent], [thin], windows, "USD", TODAY)).toEqual([]);
    expect(detectRoasDrops([base({ spendMinor: 0 })], [base()], windows, "USD", TODAY)).toEqual([]);
    expect(detectRoasDrops([recent], [base({ channel: "google" })], windows, "USD", TODAY)).toEqual([]);
  });
});

describe("discount dependence", () => {
  const windows = {
    recent: { from: "2026-10-30", to: "2026-11-28" },
    baseline: { from: "2026-08-01", to: "2026-10-29" },
  };
  const days = (share: (i: number, recent: boolean) => number) =>
    eachDay({ from: windows.baseline.from, to: windows.recent.to }).map((day, i) => {
      const recent = day >= windows.recent.from;
      return {
        day,
        ordersCount: 10,
        grossSalesMinor: 1_000_00,
        discountsMinor: Math.round(1_000_00 * share(i, recent)),
      };
    });
  // The baseline wobbles between 6% and 10%; the last 30 days between 16% and 20%.
  const wobble = (i: number) => (i % 5) * 0.01;

  it("flags discounts taking a larger share of gross sales, valued at the extra given away", () => {
    const [f] = detectDiscountDependence(
      days((i, recent) => (recent ? 0.16 : 0.06) + wobble(i)),
      windows,
      "USD",
      TODAY,
    );
    expect(f!.kind).toBe("discount-dependence");
    expect(f!.facts).toMatchObject({ share: "18.0%", baselineShare: "8.0%", gross: "$30,000.00", extra: "$3,000.00" });
    expect(f!.potentialValueMinor).toBe(3_000_00);
    expect(confidence(f!.strength)).toBeGreaterThan(0.75);
  });

  it("stays quiet for a small rise, a noisy baseline, one promotion day or a thin month", () => {
    expect(
      detectDiscountDependence(
        days((i, r) => (r ? 0.1 : 0.06) + wobble(i)),
        windows,
        "USD",
        TODAY,
      ),
    ).toEqual([]);
    // Baseline days swing from 0% to 60%: a 10-point rise is within its noise.
    const noisy = days((i, r) => (r ? 0.4 : i % 2 ? 0 : 0.6) + (r ? wobble(i) : 0));
    expect(detectDiscountDependence(noisy, windows, "USD", TODAY)).toEqual([]);
    const promo = days((i, r) => (r && i % 30 === 0 ? 0.9 : 0.06 + wobble(i)));
    expect(detectDiscountDependence(promo, windows, "USD", TODAY)).toEqual([]);
    const thin = days((i, r) => (r ? 0.3 : 0.06)).map((d) => ({ ...d, ordersCount: 0 }));
    expect(detectDiscountDependence(thin, windows, "USD", TODAY)).toEqual([]);
  });
});
