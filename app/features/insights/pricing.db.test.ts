// Margin erosion on the database: the cost rows read through the profit feature (costChangesSold)
// and judged at the window's variant mix. Both shops sell the same Smart Watch each day for 61
// days: in May 3 Classic and 1 Steel, in June 1 Classic and 3 Steel with 20% off the order, so the
// product's average unit cost rises 55% and its margin falls from 56% to 39% with no cost change.
// Shop A's supplier also raised Steel from $100 to $130 from June 16 (a cost row): one finding,
// at June's mix. Shop B has no cost row: no finding, whatever the mix and the discount did.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { addProductCost, costChangesSold } from "~/features/profit/index.server";
import { detectorsFor } from "./generate.server";

const TODAY = "2026-07-01";
const NOW = new Date("2026-07-01T15:00:00Z");
type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;
let productA: string;

async function watchSales(shop: Shop) {
  const classic = await createProduct(shop.id, {
    title: "Smart Watch",
    sku: `SW-C-${shop.id}`,
    priceMinor: 100_00,
    unitCostMinor: 40_00,
  });
  const steelVariant = await prisma.variant.create({
    data: {
      shopId: shop.id,
      productId: classic.product.id,
      title: "Steel",
      sku: `SW-S-${shop.id}`,
      priceMinor: 200_00,
      unitCostMinor: 100_00,
    },
  });
  const steel = { product: classic.product, variant: steelVariant };
  for (let i = 61; i >= 1; i--) {
    const day = addDays(TODAY, -i);
    const june = day >= "2026-06-01";
    const lines = june ? [line(classic, 1), line(steel, 3)] : [line(classic, 3), line(steel, 1)];
    await createOrder(shop.id, day, lines, { discountsMinor: june ? 140_00 : 0 });
  }
  return { productId: classic.product.id, steelSku: steelVariant.sku! };
}

const erosion = (shop: Shop) =>
  detectorsFor(shop, TODAY, NOW)
    .find((d) => d.name === "margin-erosion")!
    .run();

beforeAll(async () => {
  a = await createShop({ name: "Pricing A" });
  b = await createShop({ name: "Pricing B" });
  const sold = await watchSales(a);
  productA = sold.productId;
  await addProductCost(a, {
    productName: "Smart Watch - Steel",
    sku: sold.steelSku,
    costPerUnit: "130.00",
    supplier: "",
    effectiveFrom: "2026-06-16",
  });
  await watchSales(b);
});

describe("margin erosion after a cost change", () => {
  it("reads the cost row with the window's units at the old, new and reported cost, for one shop", async () => {
    const range = { from: "2026-06-01", to: "2026-06-30" };
    const [c, ...rest] = await costChangesSold(a.id, "2026-05-02", TODAY, range);
    expect(rest).toEqual([]);
    expect(c).toMatchObject({
      productId: productA,
      effectiveFrom: "2026-06-16",
      units: 90,
      beforeCogsMinor: 9_000_00,
      afterCogsMinor: 11_700_00,
      // 45 units sold before June 16 at $100, 45 from then at $130.
      reportedCogsMinor: 10_350_00,
    });
    expect(await costChangesSold(b.id, "2026-05-02", TODAY, range)).toEqual([]);
  });

  it("finds the Steel cost rise with both margins at June's mix", async () => {
    const [f, ...rest] = await erosion(a);
    expect(rest).toEqual([]);
    expect(f!.subject).toEqual({ type: "product", id: productA });
    // June: $16,800 net; Classic $1,200 of cost; Steel's 90 units $9,000 at $100, $11,700 at $130.
    expect(f!.facts).toMatchObject({
      effectiveFrom: "2026-06-16",
      costBefore: "$100.00",
      costNow: "$130.00",
      marginBefore: "39.3%",
      marginNow: "23.2%",
      addedCost: "$2,700.00",
    });
    expect(f!.potentialValueMinor).toBe(2_700_00);
  });

  it("stays quiet when the margin fell from the mix and a discount alone", async () => {
    expect(await erosion(b)).toEqual([]);
  });
});
