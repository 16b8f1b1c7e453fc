// The one customer count (issue 35 item 3): redacted and deleted customers are not customers,
// customers without an order are; what is left out is counted, and another shop's rows never are.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createShop } from "~tests/factories";
import { customerCounts } from "./index.server";

let shop: { id: string };
let other: { id: string };

const customer = (shopId: string, n: number, extra: { redactedAt?: Date; deletedAt?: Date } = {}) =>
  prisma.customer.create({
    data: { shopId, shopifyId: `gid://shopify/Customer/${n}`, email: `c${n}@example.com`, ...extra },
  });

beforeAll(async () => {
  shop = await createShop();
  other = await createShop();
  // Three customers (one without any order), two redacted, one deleted in Shopify.
  for (const n of [1, 2, 3]) await customer(shop.id, n);
  await customer(shop.id, 4, { redactedAt: new Date("2026-05-01T00:00:00Z") });
  await customer(shop.id, 5, { redactedAt: new Date("2026-05-02T00:00:00Z") });
  await customer(shop.id, 6, { deletedAt: new Date("2026-05-03T00:00:00Z") });
  for (const n of [7, 8]) await customer(other.id, n);
});

describe("customerCounts", () => {
  it("counts customers as stored records less the redacted, deleted ones not at all", async () => {
    const c = await customerCounts(shop.id);
    expect(c).toMatchObject({ stored: 5, redacted: 2, customers: 3 });
    expect(c.customers + c.redacted).toBe(c.stored);
  });

  it("says how many of the customers the list shows (scored), so a difference is named", async () => {
    expect((await customerCounts(shop.id)).listed).toBe(0);
    const [first] = await prisma.customer.findMany({ where: { shopId: shop.id, redactedAt: null }, take: 1 });
    await prisma.customerScore.create({
      data: {
        shopId: shop.id,
        customerId: first.id,
        searchText: "",
        sortName: "",
        orders: 0,
        totalSpentMinor: 0,
        frequency: 0,
        monetaryMinor: 0,
        segment: "New",
        rule: "",
        computedAt: new Date(),
      },
    });
    expect((await customerCounts(shop.id)).listed).toBe(1);
  });

  it("keeps each shop's count to its own rows", async () => {
    expect(await customerCounts(other.id)).toMatchObject({ stored: 2, redacted: 0, customers: 2, listed: 0 });
    expect(await customerCounts("no-such-shop")).toEqual({ stored: 0, redacted: 0, customers: 0, listed: 0 });
  });
});
