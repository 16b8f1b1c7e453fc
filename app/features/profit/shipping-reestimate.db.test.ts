// The shipping re-estimate at more than one page (5,000 orders): pages are whole store days up to
// the day of the 5,000th order still to do, so a day split by that order is done whole, once, and
// the days after it in the next page. Every unlabelled order of the shop is priced by the rule;
// an imported label and another shop's orders are left as they were. Run as a rule save runs it:
// queued, then the job (docs/decisions/126), its progress counting every page to the total.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { reestimateShipping, reestimateStatus, requestReestimate } from "~/features/profit/index.server";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { createShop } from "~tests/factories";
import { runReestimates } from "~tests/reestimates";

type Shop = Awaited<ReturnType<typeof createShop>>;
const DAYS = ["2026-06-01", "2026-06-02", "2026-06-03", "2026-06-04"];
const PER_DAY = 1_800; // the 5,000th order falls inside the third day
let a: Shop;
let b: Shop;

const orders = (shop: Shop, days: string[], perDay: number, extra: { shippingCostSource: string } & object) =>
  days.flatMap((day, d) =>
    Array.from({ length: perDay }, (_, i) => ({
      shopId: shop.id,
      shopifyId: `gid://shopify/Order/${d * perDay + i + 1}`,
      name: `#${d * perDay + i + 1}`,
      processedAt: new Date(`${day}T12:00:00Z`),
      day,
      currency: "USD",
      grossSalesMinor: 2_000,
      totalMinor: 2_000,
      shippingCountryCode: "US",
      ...extra,
    })),
  );

beforeAll(async () => {
  a = await createShop();
  b = await createShop();
  await prisma.order.createMany({ data: orders(a, DAYS, PER_DAY, { shippingCostSource: "none" }) });
  await prisma.order.create({
    data: {
      ...orders(a, ["2026-06-02"], 1, { shippingCostSource: "label" })[0]!,
      shopifyId: "gid://shopify/Order/labelled",
      name: "#L1",
      shippingCostMinor: 999,
    },
  });
  await prisma.order.createMany({ data: orders(b, DAYS, 5, { shippingCostSource: "none" }) });
  for (const shop of [a, b])
    await prisma.shippingRule.create({
      data: {
        shopId: shop.id,
        scope: "country",
        scopeKey: "country:US",
        countries: "US",
        basis: "order",
        amountMinor: 650,
      },
    });
  // Shop B's rule is there too; only shop A is re-estimated.
}, 120_000);
afterAll(stopJobQueue);

describe("re-estimating more orders than one page", () => {
  it("prices every unlabelled order of the shop once, days split by the page edge included", async () => {
    await requestReestimate(a.id, "shipping");
    expect(await reestimateStatus(a.id, "shipping")).toMatchObject({ state: "queued" });
    expect(await runReestimates()).toBe(1);
    expect(await reestimateStatus(a.id, "shipping")).toMatchObject({
      state: "done",
      done: DAYS.length * PER_DAY,
      total: DAYS.length * PER_DAY,
      error: null,
    });
    const bySource = await prisma.order.groupBy({
      by: ["shippingCostSource", "shippingCostMinor"],
      where: { shopId: a.id },
      _count: true,
    });
    expect(bySource.map((g) => [g.shippingCostSource, g.shippingCostMinor, g._count]).sort()).toEqual(
      [
        ["label", 999, 1],
        ["rule", 650, DAYS.length * PER_DAY],
      ].sort(),
    );
    // Nothing left to change: a second run finds every order priced.
    expect(await reestimateShipping(a.id)).toBe(0);
  });

  it("leaves another shop's orders as they were", async () => {
    const other = await prisma.order.groupBy({ by: ["shippingCostSource"], where: { shopId: b.id }, _count: true });
    expect(other.map((g) => [g.shippingCostSource, g._count])).toEqual([["none", DAYS.length * 5]]);
  });
});
