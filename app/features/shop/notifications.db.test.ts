// The bell: each item links to the screen that resolves it; notices without a screen are not shown.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder, createProduct, createShop, line } from "~tests/factories";
import { listNotifications } from "~/features/shop/notifications.server";

describe("listNotifications", () => {
  it("links a failed import, overdue invoices and missing costs to their screens, for this shop only", async () => {
    const shop = await createShop();
    const other = await createShop();
    // Three variants sold in the last 30 days, two without a cost; one without a cost never sold.
    const today = new Date().toISOString().slice(0, 10);
    const sold = [
      await createProduct(shop.id, { unitCostMinor: null }),
      await createProduct(shop.id, { unitCostMinor: null }),
      await createProduct(shop.id, { unitCostMinor: 3_00 }),
    ];
    await createProduct(shop.id, { unitCostMinor: null });
    await createOrder(
      shop.id,
      today,
      sold.map((p) => line(p, 1)),
    );
    const theirs = await createProduct(other.id, { unitCostMinor: null });
    await createOrder(other.id, today, [line(theirs, 1)]);
    for (const [i, s] of [shop, other].entries())
      await prisma.invoice.create({
        data: {
          shopId: s.id,
          number: "INV-0001",
          sequence: 1,
          status: "overdue",
          customerName: "Late Payer",
          customerEmail: "late@example.test",
          currency: "USD",
          subtotalMinor: 1_00,
          taxMinor: 0,
          shippingMinor: 0,
          totalMinor: 1_00,
          issueDate: "2026-01-01",
          dueInDays: 7,
          dueDate: "2026-01-08",
          publicToken: `notifications-${i}`,
        },
      });
    await prisma.importRun.create({ data: { shopId: shop.id, status: "failed", error: "boom" } });
    // Stock-outs and privacy requests have no screen yet: not listed.
    await prisma.privacyRequest.create({
      data: { shopId: shop.id, type: "data_request", status: "pending", email: "a@b.test", dueAt: new Date() },
    });

    expect(await listNotifications(shop)).toEqual([
      { id: "import", content: "The store import failed: retry it in Settings", url: "/settings?tab=data" },
      {
        id: "overdue",
        content: "1 invoice is overdue",
        url: expect.stringMatching(/^\/app\/invoices\?status=(overdue|sent)$/),
      },
      { id: "uncosted", content: "2 of 3 variants sold in the last 30 days have no cost", url: "/costs?days=30" },
    ]);
  });

  it("lists nothing for a shop with nothing to resolve, and a later successful import clears the failure", async () => {
    const shop = await createShop();
    await createProduct(shop.id, { unitCostMinor: 5_00 });
    await prisma.importRun.create({ data: { shopId: shop.id, status: "failed", startedAt: new Date(1_000) } });
    await prisma.importRun.create({ data: { shopId: shop.id, status: "succeeded", startedAt: new Date(2_000) } });
    expect(await listNotifications(shop)).toEqual([]);
  });
});
