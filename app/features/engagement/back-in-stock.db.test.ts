// The back-in-stock flow on the database: a variant sells out and comes back through the inventory
// feature's stock update path (its stock-out periods); the subscribed customers who bought it in
// the year before it sold out get one message naming it, once; a variant that sold out again
// before the send is skipped; shop B's restocks never reach shop A's campaign.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { reevaluateVariants } from "~/features/inventory/index.server";
import { stopJobQueue } from "~/platform/jobs/index.server";
import { changeStatus, createCampaign } from "./campaigns.server";
import { runShop } from "./send.server";
import type { CampaignInput } from "./schema";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 10:00 UTC: the sends below fall outside the quiet hours of a UTC shop.
const t0 = new Date(Math.floor(Date.now() / DAY) * DAY + 10 * HOUR);
const dayBefore = (days: number) => new Date(t0.getTime() - days * DAY).toISOString().slice(0, 10);
type Shop = { id: string; name: string; domain: string; timezone: string };

const flow: CampaignInput = {
  name: "Back in stock",
  channel: "email",
  audience: "back_in_stock",
  subject: "{{ product_title }} is back",
  body: "Hi {{ first_name }}, {{ product_title }} is back in stock: {{ shop_url }}",
  holdoutPercent: 0,
  frequencyCapHours: 0,
  quietStartHour: 21,
  quietEndHour: 8,
};

async function buyer(shop: Shop, name: string, acceptsMarketing = true) {
  const c = await prisma.customer.create({
    data: {
      shopId: shop.id,
      shopifyId: `gid://shopify/Customer/${shop.id}-${name}`,
      email: `${name.toLowerCase()}@example.com`,
      firstName: name,
      acceptsMarketing,
    },
  });
  return c.id;
}

/** Stock set as store-sync writes it, then the inventory feature re-evaluates the variant. */
async function stock(shop: Shop, variantId: string, available: number, at: Date) {
  await prisma.inventoryLevel.upsert({
    where: { variantId },
    create: { shopId: shop.id, variantId, available },
    update: { available },
  });
  await reevaluateVariants(prisma, shop, [variantId], at);
}

let a: Shop;
let b: Shop;
const ids: Record<string, string> = {};
let headphones: Awaited<ReturnType<typeof createProduct>>;
let watch: Awaited<ReturnType<typeof createProduct>>;
let bItem: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  a = await createShop({ domain: "restock-a.myshopify.com", name: "Shop A" });
  b = await createShop({ domain: "restock-b.myshopify.com", name: "Shop B" });
  headphones = await createProduct(a.id, { title: "Alpha Headphones" });
  watch = await createProduct(a.id, { title: "Beta Watch" });
  bItem = await createProduct(b.id, { title: "B Lamp" });
  ids.ann = await buyer(a, "Ann");
  ids.bo = await buyer(a, "Bo", false); // bought, not subscribed
  ids.cy = await buyer(a, "Cy"); // bought two years ago
  ids.di = await buyer(a, "Di"); // bought the watch only
  ids.bee = await buyer(b, "Bee");
  await createOrder(a.id, dayBefore(100), [line(headphones)], { customerId: ids.ann });
  await createOrder(a.id, dayBefore(50), [line(headphones)], { customerId: ids.bo });
  await createOrder(a.id, dayBefore(730), [line(headphones)], { customerId: ids.cy });
  await createOrder(a.id, dayBefore(30), [line(watch)], { customerId: ids.di });
  await createOrder(b.id, dayBefore(20), [line(bItem)], { customerId: ids.bee });
  // Everything sells out before the flow starts.
  for (const [shop, item] of [
    [a, headphones],
    [a, watch],
    [b, bItem],
  ] as const)
    await stock(shop, item.variant.id, 0, new Date(t0.getTime() - HOUR));
});

afterAll(async () => {
  await stopJobQueue();
});

describe("back in stock", () => {
  it("tells the subscribed buyers of the year before, once, and skips a variant sold out again", async () => {
    const id = (await createCampaign(a, flow, t0)).id;
    await changeStatus(a, id, "start", t0);
    // The headphones and B's lamp come back; the watch comes back and sells out again before the run.
    await stock(a, headphones.variant.id, 5, new Date(t0.getTime() + HOUR));
    await stock(b, bItem.variant.id, 3, new Date(t0.getTime() + HOUR));
    await stock(a, watch.variant.id, 2, new Date(t0.getTime() + HOUR));
    await prisma.inventoryLevel.update({ where: { variantId: watch.variant.id }, data: { available: 0 } });
    const at = new Date(t0.getTime() + 2 * HOUR);
    await Promise.all([runShop(a.id, at), runShop(a.id, at)]);
    const sends = await prisma.engagementSend.findMany({ where: { campaignId: id } });
    expect(sends.map((s) => [s.customerId, s.status, s.skipReason]).sort()).toEqual(
      [
        [ids.ann, "sent", null],
        [ids.di, "skipped", "sold_out_again"],
      ].sort(),
    );
    const mail = await prisma.outboxMessage.findMany({ where: { shopId: a.id, kind: "engagement" } });
    expect(mail.map((m) => [m.toAddress, m.subject])).toEqual([["ann@example.com", "Alpha Headphones is back"]]);
    expect(mail[0].text).toContain("Hi Ann, Alpha Headphones is back in stock: https://restock-a.myshopify.com");
    // Nothing more on the next run, and B's buyer never became A's recipient.
    await runShop(a.id, new Date(at.getTime() + HOUR));
    expect(await prisma.engagementSend.count({ where: { campaignId: id } })).toBe(2);
    expect(await prisma.engagementSend.count({ where: { customerId: ids.bee } })).toBe(0);
  });
});
