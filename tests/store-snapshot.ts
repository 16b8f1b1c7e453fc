// A shop's synced data without its generated ids, so two shops (or one shop before
// and after a replay) can be compared for equality.
import { prisma } from "~/db.server";
import { expectLinesCostKept } from "~tests/lines-cost";

const settled = (v: number) => Math.round(v * 1e6) / 1e6;

export async function storeSnapshot(shopId: string) {
  await expectLinesCostKept(shopId);
  const products = await prisma.product.findMany({ where: { shopId }, select: { id: true, shopifyId: true } });
  const pid = new Map(products.map((p) => [p.id, p.shopifyId]));
  const variants = await prisma.variant.findMany({ where: { shopId }, select: { id: true, shopifyId: true } });
  const vid = new Map(variants.map((v) => [v.id, v.shopifyId]));
  const customers = await prisma.customer.findMany({ where: { shopId }, select: { id: true, shopifyId: true } });
  const cid = new Map(customers.map((c) => [c.id, c.shopifyId]));
  const orders = await prisma.order.findMany({
    where: { shopId },
    orderBy: { shopifyId: "asc" },
    omit: { id: true, shopId: true, createdAt: true },
    include: {
      lines: { orderBy: { shopifyId: "asc" }, omit: { id: true, shopId: true, orderId: true } },
      refunds: { orderBy: { shopifyId: "asc" }, omit: { id: true, shopId: true, orderId: true } },
    },
  });
  const nonZero = (row: Record<string, unknown>) =>
    Object.entries(row).some(([k, v]) => !["day", "productId"].includes(k) && typeof v === "number" && v !== 0);
  const days = await prisma.dailyRollup.findMany({
    where: { shopId },
    orderBy: { day: "asc" },
    omit: { id: true, shopId: true },
  });
  const productDays = await prisma.productDailyRollup.findMany({
    where: { shopId },
    orderBy: [{ day: "asc" }, { productId: "asc" }],
    omit: { id: true, shopId: true },
  });
  return {
    products: await prisma.product.findMany({
      where: { shopId },
      orderBy: { shopifyId: "asc" },
      omit: { id: true, shopId: true, createdAt: true, updatedAt: true },
    }),
    variants: (
      await prisma.variant.findMany({
        where: { shopId },
        orderBy: { shopifyId: "asc" },
        omit: { id: true, shopId: true },
        include: { inventory: { select: { available: true } } },
      })
    ).map((v) => ({ ...v, productId: pid.get(v.productId) })),
    customers: await prisma.customer.findMany({
      where: { shopId },
      orderBy: { shopifyId: "asc" },
      omit: { id: true, shopId: true, createdAt: true },
    }),
    orders: orders.map((o) => ({
      ...o,
      customerId: o.customerId ? cid.get(o.customerId) : null,
      lines: o.lines.map((l) => ({
        ...l,
        productId: l.productId ? pid.get(l.productId) : null,
        variantId: l.variantId ? vid.get(l.variantId) : null,
      })),
    })),
    days: days.filter(nonZero),
    // An order's shares are fractions of a minor unit: sums built in another order differ in the last bits.
    productDays: productDays.filter(nonZero).map((p) => ({
      ...p,
      productId: pid.get(p.productId) ?? p.productId,
      netSalesShareMinor: settled(p.netSalesShareMinor),
      refundsShareMinor: settled(p.refundsShareMinor),
      feesShareMinor: settled(p.feesShareMinor),
      shippingShareMinor: settled(p.shippingShareMinor),
    })),
  };
}
