// Campaigns limited to a product collection (docs/decisions/072), on both engines: only the
// lines whose product is in the collection when the order is posted earn the bonus, live and in
// the backfill alike; the earn entry records each line's points, and a refund of a line reverses
// exactly those; a collection of another shop, or one that does not exist, is refused.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { FieldError } from "~/lib/forms";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import {
  backfillLedger,
  createCampaign,
  ensureProgram,
  listCampaigns,
  postOrders,
} from "~/features/loyalty/index.server";
import { campaignSchema } from "~/features/loyalty/schema";
import { parseLines, type EarnedLine } from "~/features/loyalty/ledger";

type Shop = { id: string; currency: string; timezone: string };
const staff = { email: "owner@example.com", name: "Owner" };
const NOW = new Date("2026-04-01T00:00:00Z");

async function collection(shopId: string, title: string, productIds: string[]) {
  const c = await prisma.collection.create({ data: { shopId, title, handle: title.toLowerCase() } });
  await prisma.collectionProduct.createMany({
    data: productIds.map((productId) => ({ shopId, collectionId: c.id, productId })),
  });
  return c;
}

const earnEntry = (shopId: string, orderId: string) =>
  prisma.loyaltyLedgerEntry.findFirstOrThrow({ where: { shopId, key: `earn:${orderId}` } });

async function refund(
  shopId: string,
  orderId: string,
  amountMinor: number,
  lines: { line: string; quantity: number }[] | null,
  at: string,
) {
  await prisma.refund.create({
    data: {
      shopId,
      orderId,
      processedAt: new Date(at),
      day: at.slice(0, 10),
      amountMinor,
      lines: lines ? JSON.stringify(lines) : null,
    },
  });
  await prisma.order.update({ where: { id: orderId }, data: { refundsMinor: { increment: amountMinor } } });
}

describe("a campaign limited to a collection", () => {
  let shop: Shop;
  let customerId: string;
  let headphones: Awaited<ReturnType<typeof createProduct>>;
  let cable: Awaited<ReturnType<typeof createProduct>>;
  let audioId: string;

  beforeAll(async () => {
    shop = await createShop();
    await ensureProgram(prisma, shop);
    customerId = (await prisma.customer.create({ data: { shopId: shop.id, email: "c@example.com" } })).id;
    headphones = await createProduct(shop.id, { title: "Headphones", priceMinor: 40_00 });
    cable = await createProduct(shop.id, { title: "Cable", priceMinor: 20_00 });
    audioId = (await collection(shop.id, "Audio", [headphones.product.id])).id;
    const input = campaignSchema.parse({
      name: "Audio triple",
      multiplier: "3",
      startsOn: "2026-05-01",
      endsOn: "2026-05-31",
      collectionId: audioId,
    });
    const view = await createCampaign({ shop, staff }, input, NOW);
    expect([view.collectionId, view.collectionTitle]).toEqual([audioId, "Audio"]);
  });

  it("multiplies only the collection's lines and records each line's points", async () => {
    // 2 × headphones (80.00, in Audio) and 1 × cable (20.00): 80 × 3 + 20 = 260 points, not 300 or 100.
    const o = await createOrder(shop.id, "2026-05-10", [line(headphones, 2), line(cable, 1)], { customerId });
    await postOrders(shop, [o.id]);
    const entry = await earnEntry(shop.id, o.id);
    expect(entry.points).toBe(260);
    const lines = parseLines<EarnedLine>(entry.lines);
    const ids = await prisma.orderLine.findMany({ where: { orderId: o.id }, orderBy: { id: "asc" } });
    const pointsOf = (productId: string) =>
      lines?.find((l) => l.line === ids.find((i) => i.productId === productId)?.id)?.points;
    expect(pointsOf(headphones.product.id)).toBe(240);
    expect(pointsOf(cable.product.id)).toBe(20);
    // A replay posts nothing more.
    await postOrders(shop, [o.id]);
    expect(await prisma.loyaltyLedgerEntry.count({ where: { shopId: shop.id, orderId: o.id } })).toBe(1);
  });

  it("an order with no line in the collection earns as before; one outside the dates too", async () => {
    const o = await createOrder(shop.id, "2026-05-11", [line(cable, 2)], { customerId });
    const late = await createOrder(shop.id, "2026-06-02", [line(headphones, 1)], { customerId });
    await postOrders(shop, [o.id]);
    await postOrders(shop, [late.id]);
    expect((await earnEntry(shop.id, o.id)).points).toBe(40);
    expect((await earnEntry(shop.id, o.id)).lines).toBeNull();
    expect((await earnEntry(shop.id, late.id)).points).toBe(40);
  });

  it("a refund of a line reverses exactly its recorded points, never recomputed from the amount", async () => {
    const o = await createOrder(shop.id, "2026-05-12", [line(headphones, 2), line(cable, 1)], { customerId });
    await postOrders(shop, [o.id]);
    const [hp, cb] = await Promise.all(
      [headphones, cable].map((p) =>
        prisma.orderLine.findFirstOrThrow({ where: { orderId: o.id, productId: p.product.id } }),
      ),
    );
    // The cable (20.00 of the order's 100.00) reverses its 20 points, not 260 × 20/100 = 52.
    await refund(shop.id, o.id, 20_00, [{ line: cb.id, quantity: 1 }], "2026-05-20T10:00:00Z");
    // Even a campaign that stopped applying (the collection emptied) does not change what is reversed.
    await prisma.collectionProduct.deleteMany({ where: { collectionId: audioId } });
    await postOrders(shop, [o.id]);
    await refund(shop.id, o.id, 40_00, [{ line: hp.id, quantity: 1 }], "2026-05-21T10:00:00Z");
    await postOrders(shop, [o.id]);
    const reversals = await prisma.loyaltyLedgerEntry.findMany({
      where: { shopId: shop.id, orderId: o.id, kind: "reverse" },
      orderBy: { occurredAt: "asc" },
    });
    expect(reversals.map((r) => r.points)).toEqual([-20, -120]);
    await prisma.collectionProduct.create({
      data: { shopId: shop.id, collectionId: audioId, productId: headphones.product.id },
    });
  });

  it("uses the membership when the order is posted", async () => {
    await prisma.collectionProduct.deleteMany({ where: { collectionId: audioId } });
    const o = await createOrder(shop.id, "2026-05-13", [line(headphones, 1)], { customerId });
    await postOrders(shop, [o.id]);
    expect((await earnEntry(shop.id, o.id)).points).toBe(40);
    await prisma.collectionProduct.create({
      data: { shopId: shop.id, collectionId: audioId, productId: headphones.product.id },
    });
  });

  it("the backfill earns and reverses exactly as posting does", async () => {
    const o = await createOrder(shop.id, "2026-05-14", [line(headphones, 2), line(cable, 1)], { customerId });
    const lines = await prisma.orderLine.findMany({ where: { orderId: o.id } });
    const cb = lines.find((l) => l.productId === cable.product.id)!;
    await refund(shop.id, o.id, 20_00, [{ line: cb.id, quantity: 1 }], "2026-05-22T10:00:00Z");
    await backfillLedger(shop, new Date("2026-06-10T00:00:00Z"));
    const entry = await earnEntry(shop.id, o.id);
    expect(entry.points).toBe(260);
    expect(
      parseLines<EarnedLine>(entry.lines)
        ?.map((l) => l.points)
        .sort((a, b) => a - b),
    ).toEqual([20, 240]);
    const reversed = await prisma.loyaltyLedgerEntry.findMany({
      where: { shopId: shop.id, orderId: o.id, kind: "reverse" },
    });
    expect(reversed.map((r) => r.points)).toEqual([-20]);
  });

  it("refuses another shop's collection or an unknown one with a field error, writing nothing", async () => {
    const other = await createShop();
    const theirs = await collection(other.id, "Theirs", []);
    const before = await prisma.loyaltyCampaign.count();
    for (const collectionId of [theirs.id, "no-such-collection"]) {
      const input = campaignSchema.parse({
        name: "Nope",
        multiplier: "2",
        startsOn: "2026-05-01",
        endsOn: "2026-05-02",
        collectionId,
      });
      const error = await createCampaign({ shop, staff }, input, NOW).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FieldError);
      expect((error as FieldError).fieldErrors).toEqual({ collectionId: ["Choose one of your store's collections"] });
    }
    expect(await prisma.loyaltyCampaign.count()).toBe(before);
  });

  it("another shop's collection campaign never touches this shop's orders (isolation)", async () => {
    const other = await createShop();
    await ensureProgram(prisma, other);
    const theirHeadphones = await createProduct(other.id, { title: "Headphones", priceMinor: 40_00 });
    const theirs = await collection(other.id, "Audio", [theirHeadphones.product.id, headphones.product.id]);
    await createCampaign(
      { shop: other, staff },
      campaignSchema.parse({
        name: "x10",
        multiplier: "10",
        startsOn: "2026-05-01",
        endsOn: "2026-05-31",
        collectionId: theirs.id,
      }),
      NOW,
    );
    const o = await createOrder(shop.id, "2026-05-15", [line(cable, 1)], { customerId });
    await postOrders(shop, [o.id]);
    expect((await earnEntry(shop.id, o.id)).points).toBe(20);
    expect((await listCampaigns(shop)).map((c) => c.name)).toEqual(["Audio triple"]);
  });
});
