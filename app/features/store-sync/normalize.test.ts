import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import {
  amountToMinor,
  channelFor,
  customerFromBulk,
  customerFromRest,
  gid,
  inventoryLevelFromRest,
  orderFromRest,
  productFromRest,
  refundAmountMinor,
  refundFromRest,
} from "~/features/store-sync/normalize";
import type { BulkCustomer, RestOrder, RestRefund } from "~/features/store-sync/admin-types";

const fixture = <T>(name: string): T =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), "tests", "fixtures", "shopify", name), "utf8")) as T;

describe("amountToMinor", () => {
  it("reads Shopify's decimal strings in the currency's minor units", () => {
    expect(amountToMinor("12.5", "USD")).toBe(12_50);
    expect(amountToMinor("100.0", "USD")).toBe(100_00);
    expect(amountToMinor("-5.00", "USD")).toBe(-5_00);
    expect(amountToMinor("1500", "JPY")).toBe(1500);
    expect(amountToMinor("1.2345", "KWD")).toBe(1235);
    expect(amountToMinor(95.0, "USD")).toBe(95_00);
    expect(amountToMinor(11.4, "USD")).toBe(11_40);
    expect(amountToMinor(undefined, "USD")).toBe(0);
  });

  it("refuses text that is not an amount", () => {
    expect(() => amountToMinor("12,50", "USD")).toThrow(/Not a money amount/);
  });
});

describe("webhook payloads", () => {
  it("count an order paid in another currency in the shop's money", () => {
    const order = orderFromRest(fixture<RestOrder>("webhook-order.json"), "USD");
    expect(order).toMatchObject({
      shopifyId: "gid://shopify/Order/5891234567890",
      presentmentCurrency: "CAD",
      discountsMinor: 5_00,
      shippingMinor: 10_00,
      taxesMinor: 12_00,
      customerShopifyId: "gid://shopify/Customer/501",
      channel: "online_store",
      country: "Canada",
      region: "Ontario",
      // What a shipping rule reads (docs/decisions/092): REST total_weight and the shipping address's code.
      weightGrams: 900,
      shippingCountryCode: "CA",
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        variantShopifyId: "gid://shopify/ProductVariant/11",
        productShopifyId: "gid://shopify/Product/1",
        unitPriceMinor: 100_00,
        discountMinor: 5_00,
        quantity: 1,
      }),
    ]);
    expect(order.processedAt.toISOString()).toBe("2026-06-20T18:00:00.000Z");
  });

  it("take a refund in the shop's currency from its lines when the money moved in another", () => {
    const refund = fixture<RestRefund>("webhook-refund.json");
    expect(refundAmountMinor(refund, "USD")).toBe(106_40);
    expect(refundFromRest(refund, "USD")).toMatchObject({
      shopifyId: "gid://shopify/Refund/929361464",
      orderShopifyId: "gid://shopify/Order/5891234567890",
      // The lines it gives back, by line item id, for the loyalty reversal per line (decision 072).
      lines: [{ line: "gid://shopify/LineItem/13942512345678", quantity: 1 }],
    });
  });

  it("take a refund from its transactions when they are in the shop's currency, shipping refunds included", () => {
    expect(
      refundAmountMinor(
        {
          id: 1,
          transactions: [
            { amount: "20.00", currency: "USD", kind: "refund", status: "success" },
            { amount: "3.00", currency: "USD", kind: "refund", status: "failure" },
          ],
        },
        "USD",
      ),
    ).toBe(20_00);
    expect(
      refundAmountMinor(
        {
          id: 2,
          transactions: [{ amount: "9.00", currency: "EUR", kind: "refund", status: "success" }],
          refund_line_items: [],
          order_adjustments: [
            {
              kind: "shipping_refund",
              amount_set: { shop_money: { amount: "-5.00" } },
              tax_amount_set: { shop_money: { amount: "0.00" } },
            },
          ],
        },
        "USD",
      ),
    ).toBe(5_00);
  });

  it("read products, customers and inventory levels", () => {
    const product = productFromRest(fixture("webhook-product.json"), "USD");
    expect(product.variants[0]).toEqual({
      shopifyId: "gid://shopify/ProductVariant/11",
      title: "Black",
      sku: "A-1",
      priceMinor: 100_00,
      inventoryItemId: "gid://shopify/InventoryItem/111",
    });
    expect("unitCostMinor" in product.variants[0]).toBe(false);
    expect(customerFromRest(fixture("webhook-customer.json"))).toMatchObject({
      email: "ann@example.com",
      acceptsMarketing: true,
      smsMarketing: true,
      country: "United States",
      // REST addresses carry no time zone: inferred from the country and province code.
      timeZone: "America/New_York",
    });
    expect(inventoryLevelFromRest(fixture("webhook-inventory-level.json"))).toMatchObject({
      inventoryItemId: "gid://shopify/InventoryItem/111",
      locationId: "gid://shopify/Location/1",
      available: 4,
    });
  });
});

describe("ids and channels", () => {
  it("turn REST ids into global ids", () => {
    expect(gid("Order", 123)).toBe("gid://shopify/Order/123");
    expect(gid("Order", "gid://shopify/Order/9")).toBe("gid://shopify/Order/9");
    expect(gid("Order", null)).toBeNull();
  });

  it("map source names to the app's channels", () => {
    expect(channelFor("web")).toBe("online_store");
    expect(channelFor("pos")).toBe("pos");
    expect(channelFor("iphone")).toBe("mobile");
    expect(channelFor("shopify_draft_order")).toBe("draft_order");
    expect(channelFor("1234567")).toBe("1234567");
  });
});

describe("a customer's time zone", () => {
  const bulk = fs
    .readFileSync(path.join(process.cwd(), "tests", "fixtures", "shopify", "bulk-customers.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as BulkCustomer);

  it("is Shopify's for the address when the import gives it, else inferred from the country", () => {
    expect(customerFromBulk(bulk[0]).timeZone).toBe("America/New_York");
    expect(customerFromBulk(bulk[1]).timeZone).toBe("Europe/Berlin");
  });

  it("is unknown without an address, or in a country of several clocks without a province", () => {
    expect(customerFromBulk({ ...bulk[0], defaultAddress: null }).timeZone).toBeNull();
    const noProvince = { ...bulk[0].defaultAddress, provinceCode: null, timeZone: null };
    expect(customerFromBulk({ ...bulk[0], defaultAddress: noProvince }).timeZone).toBeNull();
  });
});
