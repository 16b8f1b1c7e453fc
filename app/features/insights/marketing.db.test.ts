// The ROAS detector on the database: spend through the profit feature's writer and orders through
// the order writer (which keep the ad-channel rollups), read back through the analytics feature's
// marketing figures. Shop A's Meta orders dry up in the last 14 days at the same spend: one finding.
// Shop B keeps its rate, and shop A's orders never reach B's figures.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays } from "~/lib/dates";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { setAdSpendDays } from "~/features/profit/index.server";
import { detectorsFor } from "./generate.server";

const TODAY = "2026-07-01";
const NOW = new Date("2026-07-01T15:00:00Z");
type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;

/** 42 days to yesterday: $100 of Meta spend a day, and `ordersOnDay(days ago)` orders of $400. */
async function history(shop: Shop, ordersOnDay: (daysAgo: number) => number) {
  const item = await createProduct(shop.id, { priceMinor: 400_00, unitCostMinor: 160_00 });
  const days = Array.from({ length: 42 }, (_, i) => addDays(TODAY, -(42 - i)));
  await setAdSpendDays(prisma, shop.id, "meta_ads", "platform", days, new Map(days.map((d) => [d, 100_00])));
  for (const [i, day] of days.entries())
    for (let n = 0; n < ordersOnDay(42 - i); n++)
      await createOrder(shop.id, day, [line(item, 1)], { source: "paid_social", adChannel: "meta" });
}

const roas = (shop: Shop) =>
  detectorsFor(shop, TODAY, NOW)
    .find((d) => d.name === "roas-drop")!
    .run();

beforeAll(async () => {
  a = await createShop({ name: "ROAS A" });
  b = await createShop({ name: "ROAS B" });
  // Baseline: an order a day (ROAS 4×). Last 14 days: one order, a week ago.
  await history(a, (ago) => (ago > 14 || ago === 7 ? 1 : 0));
  await history(b, () => 1);
});

describe("the ROAS detector", () => {
  it("finds the channel whose orders dried up at the same spend, with its evidence", async () => {
    const [f, ...rest] = await roas(a);
    expect(rest).toEqual([]);
    expect(f!.subject).toEqual({ type: "ad-channel", id: "meta" });
    expect(f!.facts).toMatchObject({ roas: "0.29×", baselineRoas: "4.00×", orders: 1, expectedOrders: 14 });
    expect(f!.potentialValueMinor).toBe(5_200_00);
    expect(f!.evidence.baselineWindow).toBe("May 20, 2026 – Jun 16, 2026");
  });

  it("stays quiet for a channel that kept its rate, and never mixes shops", async () => {
    expect(await roas(b)).toEqual([]);
  });
});
