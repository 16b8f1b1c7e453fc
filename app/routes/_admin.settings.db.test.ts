// Settings → Data: what the app holds of the authenticated shop's store data, next to
// the import card with Resync. Another shop's rows are in the same database.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { recordRefund } from "~/features/profit/index.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { bearerRequest, installSession } from "~tests/shopify";
import { loader } from "~/routes/_admin.settings";

const SHOP_A = "settings-data-a.myshopify.com";
const SHOP_B = "settings-data-b.myshopify.com";

const args = (request: Request) => ({ request, params: {}, context: {} });
const load = async (path: string) =>
  (await loader(args(await bearerRequest(SHOP_A, path)))) as Awaited<ReturnType<typeof loader>>;

async function fillStore(
  shopId: string,
  { products, orderDays, customers }: { products: number; orderDays: string[]; customers: number },
) {
  const items = [];
  for (let i = 0; i < products; i++) items.push(await createProduct(shopId));
  for (let i = 0; i < customers; i++) await prisma.customer.create({ data: { shopId, email: `c${i}@example.com` } });
  const orders = [];
  for (const day of orderDays) orders.push(await createOrder(shopId, day, [line(items[0])]));
  return { items, orders };
}

beforeAll(async () => {
  // Shop A in New York: an import that finished at 02:00 UTC finished the evening before there.
  const a = await createShop({ domain: SHOP_A, timezone: "America/New_York" });
  await installSession(SHOP_A);
  const { items, orders } = await fillStore(a.id, {
    products: 3,
    orderDays: ["2026-03-02", "2026-01-15", "2026-05-20"],
    customers: 2,
  });
  await prisma.variant.create({
    data: { shopId: a.id, productId: items[0].product.id, title: "Large", priceMinor: 12_000 },
  });
  // Deleted in Shopify: kept for past orders, not counted.
  const gone = await createProduct(a.id);
  await prisma.product.update({ where: { id: gone.product.id }, data: { deletedAt: new Date() } });
  await prisma.customer.create({ data: { shopId: a.id, deletedAt: new Date() } });
  await recordRefund(prisma, a.id, {
    orderId: orders[0].id,
    processedAt: new Date("2026-03-05T12:00:00Z"),
    day: "2026-03-05",
    amountMinor: 5_00,
  });
  await prisma.importRun.create({
    data: {
      shopId: a.id,
      status: "succeeded",
      phase: "done",
      startedAt: new Date("2026-06-01T01:00:00Z"),
      finishedAt: new Date("2026-06-01T02:00:00Z"),
    },
  });
  // A later run that failed does not move "last import finished".
  await prisma.importRun.create({
    data: {
      shopId: a.id,
      status: "failed",
      phase: "orders",
      error: "boom",
      startedAt: new Date("2026-06-10T00:00:00Z"),
    },
  });

  const b = await createShop({ domain: SHOP_B });
  const other = await fillStore(b.id, { products: 5, orderDays: ["2025-01-01", "2026-12-31"], customers: 4 });
  await recordRefund(prisma, b.id, {
    orderId: other.orders[1].id,
    processedAt: new Date("2026-12-31T12:00:00Z"),
    day: "2026-12-31",
    amountMinor: 1_00,
  });
  await prisma.importRun.create({
    data: { shopId: b.id, status: "succeeded", phase: "done", finishedAt: new Date("2026-12-31T12:00:00Z") },
  });
});

describe("Settings → Data", () => {
  it("counts the authenticated shop's store data only", async () => {
    const data = await load("/settings?tab=data");
    expect(data.storeData?.summary).toEqual({
      counts: { products: 3, variants: 4, orders: 3, refunds: 1 },
      oldestOrderDay: "2026-01-15",
      newestOrderDay: "2026-05-20",
      lastImportFinishedDay: "2026-05-31",
    });
    // The customers feature's one count: the deleted customer is not counted, nor the other shop's.
    expect(data.storeData?.customers).toEqual({ stored: 2, redacted: 0, customers: 2, listed: 0 });
    expect(data.storeData?.importStatus).toMatchObject({ state: "failed", error: "boom" });
  });

  it("does not count anything for the other tabs", async () => {
    expect((await load("/settings?tab=plan")).storeData).toBeNull();
    expect((await load("/settings")).storeData).toBeNull();
  });
});
