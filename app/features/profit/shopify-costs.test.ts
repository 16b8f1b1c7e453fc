// The pure halves of decision 091: which Shopify costs an import takes (and why it refuses the
// rest) and which variants a push would change.
import { describe, expect, it } from "vitest";
import { planShopifyCostImport, pushCandidates, type ShopifyCost } from "~/features/profit/shopify-costs";
import type { CostVariant, StoredCost } from "~/features/profit/cost-import";

const variant = (sku: string | null, unitCostMinor: number | null): CostVariant => ({
  id: `v-${sku}`,
  shopifyId: null,
  sku,
  productTitle: `Product ${sku}`,
  unitCostMinor,
});
const remote = (sku: string | null, amount: string | null, currencyCode: string | null = "USD"): ShopifyCost => ({
  variantId: `gid://shopify/ProductVariant/${sku ?? "x"}`,
  sku,
  inventoryItemId: `gid://shopify/InventoryItem/${sku ?? "x"}`,
  amount,
  currencyCode,
});
const cost = (sku: string, effectiveFrom: string, costPerUnitMinor: number): StoredCost => ({
  id: `c-${sku}-${effectiveFrom}`,
  sku,
  productName: `Product ${sku}`,
  effectiveFrom,
  costPerUnitMinor,
});

describe("planShopifyCostImport", () => {
  it("reads zero-decimal currencies in their own unit", () => {
    const plan = planShopifyCostImport(
      [remote("A", "1200", "JPY")],
      { currency: "JPY" },
      "2026-06-01",
      [variant("A", null)],
      [],
    );
    expect(plan.ok && plan.rows.map((r) => [r.sku, r.costPerUnitMinor, r.status])).toEqual([["A", 1200, "new"]]);
  });

  it("a SKU on two Shopify variants is refused on both: the app cannot tell which cost is meant", () => {
    const plan = planShopifyCostImport(
      [remote("A", "12.00"), remote("A", "13.00")],
      { currency: "USD" },
      "2026-06-01",
      [variant("A", null)],
      [],
    );
    if (!plan.ok) throw new Error("refused");
    expect(plan.rows).toEqual([]);
    expect(plan.refused.map((r) => r.line)).toEqual([1, 2]);
  });

  it("a cost finer than the currency's minor unit is rounded half up; one that is not a number is refused", () => {
    const plan = planShopifyCostImport(
      [remote("A", "1.005"), remote("B", "1e3")],
      { currency: "USD" },
      "2026-06-01",
      [variant("A", 1_00), variant("B", 1_00)],
      [],
    );
    if (!plan.ok) throw new Error("refused");
    expect(plan.rows.map((r) => [r.sku, r.costPerUnitMinor])).toEqual([["A", 1_01]]);
    expect(plan.refused.map((r) => r.reason)).toEqual([
      "Variant B (B): Shopify's cost is not an amount this app can read",
    ]);
  });
});

describe("pushCandidates", () => {
  const today = "2026-06-10";
  it("sends only costs the app holds today that differ from Shopify's", () => {
    const variants = [variant("A", 40_00), variant("B", 5_00), variant("C", 7_00), variant("D", 9_00)];
    const stored = [cost("A", "2026-01-01", 45_00), cost("B", "2026-07-01", 6_00), cost("D", "2026-01-01", 9_00)];
    const costs = [remote("A", "40.00"), remote("B", "5.00"), remote("C", "7.00"), remote("D", "9.00")];
    // B's cost starts after today, C has none in the app, D already matches.
    expect(
      pushCandidates(costs, "USD", today, variants, stored).map((c) => [c.sku, c.shopifyMinor, c.appMinor]),
    ).toEqual([["A", 40_00, 45_00]]);
  });

  it("a Shopify cost in another currency counts as no cost and is replaced", () => {
    const out = pushCandidates(
      [remote("A", "40.00", "EUR")],
      "USD",
      today,
      [variant("A", 40_00)],
      [cost("A", "2026-01-01", 40_00)],
    );
    expect(out.map((c) => [c.sku, c.shopifyMinor, c.appMinor])).toEqual([["A", null, 40_00]]);
  });
});
