// The traffic detectors on the database: sessions by source and the funnel as the Shopify
// analytics read stores them (TrafficDay, FunnelDay), read through the analytics feature. Shop A's
// organic search sessions fall by two thirds for the last three days and its add-to-cart rate
// halves for the last week; shop B's stay steady, and A's rows never reach B's findings.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addDays } from "~/lib/dates";
import { createShop } from "~tests/factories";
import { detectorsFor } from "./generate.server";

const TODAY = "2026-07-01";
const YESTERDAY = addDays(TODAY, -1);
const NOW = new Date("2026-07-01T15:00:00Z");
type Shop = Awaited<ReturnType<typeof createShop>>;
let a: Shop;
let b: Shop;

async function history(shop: Shop, drop: boolean) {
  const days = Array.from({ length: 90 }, (_, i) => addDays(YESTERDAY, -(89 - i)));
  await prisma.trafficDay.createMany({
    data: days.flatMap((day, i) => {
      const low = drop && day > addDays(YESTERDAY, -3);
      const search = 300 + ((i * 37) % 21) - 10;
      return [
        { shopId: shop.id, day, source: "organic_search", sessions: low ? Math.round(search / 3) : search },
        { shopId: shop.id, day, source: "direct", sessions: 100 + ((i * 13) % 9) - 4 },
      ];
    }),
  });
  await prisma.funnelDay.createMany({
    data: days.map((day, i) => {
      const visitors = 1_000 + ((i * 53) % 41) - 20;
      const rate = drop && day > addDays(YESTERDAY, -7) ? 0.04 : 0.08 + (((i * 7) % 5) - 2) / 1_000;
      const addToCart = Math.round(visitors * rate);
      return { shopId: shop.id, day, visitors, productViews: null, addToCart, purchases: Math.round(addToCart * 0.4) };
    }),
  });
}

const run = (shop: Shop, name: string) =>
  detectorsFor(shop, TODAY, NOW)
    .find((d) => d.name === name)!
    .run();

beforeAll(async () => {
  a = await createShop({ name: "Traffic A" });
  b = await createShop({ name: "Traffic B" });
  await history(a, true);
  await history(b, false);
});

describe("the traffic detectors", () => {
  it("find a source's sessions dropping, labelled as the analytics screen does", async () => {
    const [f, ...rest] = await run(a, "sessions-drop");
    expect(rest).toEqual([]);
    expect(f!.subject).toEqual({ type: "traffic-source", id: `organic_search:${addDays(YESTERDAY, -2)}` });
    expect(f!.facts).toMatchObject({ source: "Organic search", days: 3 });
    // No orders stored: no sales per session, so no money is claimed.
    expect(f!.potentialValueMinor).toBeNull();
  });

  it("find the add-to-cart step dropping", async () => {
    const [f, ...rest] = await run(a, "funnel-drop");
    expect(rest).toEqual([]);
    expect(f!.subject).toEqual({ type: "funnel-step", id: "addToCart" });
    expect(f!.facts).toMatchObject({ rate: "4.0%", of: "sessions" });
  });

  it("stay quiet on a steady shop, and never mix shops", async () => {
    expect(await run(b, "sessions-drop")).toEqual([]);
    expect(await run(b, "funnel-drop")).toEqual([]);
  });
});
