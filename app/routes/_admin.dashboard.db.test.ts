// The dashboard's cards of other features (decision 122): a write that changes a card's figure
// shows on the card within its freshness window (loyalty 5 minutes, digital assets and privacy
// 10), and each card says when its figures were computed.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { adjustPoints } from "~/features/loyalty/index.server";
import { recordDataRequest } from "~/features/privacy/index.server";
import { dayInZone } from "~/lib/dates";
import { loader } from "~/routes/_admin.dashboard";

const DOMAIN = "dashboard-cards.myshopify.com";
const staff = { email: "owner@example.com", name: "Owner" };
const MINUTE = 60_000;
let shop: Awaited<ReturnType<typeof createShop>>;
let customers: string[];

type Card<T> = { value: T; asOf: string } | null;
type Cards = {
  loyalty: Card<{ outstandingPoints: number; members: number }>;
  assets: Card<{ tokenHolders: number }>;
  privacy: Card<{ pendingRequests: number }>;
};
const dashboard = async () =>
  (await loader({ request: await bearerRequest(DOMAIN, "/dashboard"), params: {}, context: {} })) as Cards;
const figures = (d: Cards) => ({
  points: d.loyalty?.value.outstandingPoints,
  members: d.loyalty?.value.members,
  holders: d.assets?.value.tokenHolders,
  pending: d.privacy?.value.pendingRequests,
});
let clock = Date.now();
const advance = (ms: number) => vi.setSystemTime((clock += ms));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: clock });
  shop = await createShop({ domain: DOMAIN, timezone: "America/New_York" });
  await installSession(DOMAIN);
  customers = await Promise.all(
    ["ann", "bob"].map(
      async (name) => (await prisma.customer.create({ data: { shopId: shop.id, email: `${name}@example.com` } })).id,
    ),
  );
  await adjustPoints({ shop, staff }, { customerId: customers[0]!, points: 1_000, reason: "welcome" });
});

afterAll(() => {
  vi.useRealTimers();
});

describe("the dashboard's cards after a write", () => {
  it("show a write within each card's freshness window, saying when the figures were computed", async () => {
    const first = await dashboard();
    expect(figures(first)).toEqual({ points: 1_000, members: 1, holders: 1, pending: 0 });
    expect(first.loyalty?.asOf).toMatch(/^As of .+ \(updated at least every 5 minutes\)$/);
    expect(first.privacy?.asOf).toMatch(/\(updated at least every 10 minutes\)$/);

    // Points to a second member, an order (which moves the shop's data version) and a privacy request.
    await adjustPoints({ shop, staff }, { customerId: customers[1]!, points: 500, reason: "welcome" });
    const p = await createProduct(shop.id, { priceMinor: 20_00 });
    await createOrder(shop.id, dayInZone(new Date(), shop.timezone), [line(p, 1)], { customerId: customers[0] });
    await recordDataRequest(prisma, shop.id, {
      webhookId: "dashboard-cards-1",
      customer: { id: 7, email: "ann@example.com" },
      ordersRequested: [],
      receivedAt: new Date(),
    });

    // The visit right after the write is answered with the figures held, and says so.
    const right = await dashboard();
    expect(figures(right)).toEqual(figures(first));
    expect(right.loyalty?.asOf).toBe(first.loyalty?.asOf);

    // At the loyalty window the loyalty card has the write (the others are within theirs either way).
    advance(5 * MINUTE);
    expect(figures(await dashboard())).toMatchObject({ points: 1_500, members: 2 });
    // At the 10-minute window digital assets and privacy have it too.
    advance(5 * MINUTE);
    const later = await dashboard();
    expect(figures(later)).toEqual({ points: 1_500, members: 2, holders: 2, pending: 1 });
    expect(later.loyalty?.asOf).not.toBe(first.loyalty?.asOf);
  });
});
