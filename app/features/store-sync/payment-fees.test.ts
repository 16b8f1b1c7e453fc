// Shopify Payments' fees as the orders bulk query returns them (recorded JSONL page, its shape
// checked against the query in queries.test.ts) and the order webhook's gateway names.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { orderFromBulk, orderFromRest, shopifyPaymentsFeeMinor } from "~/features/store-sync/normalize";
import { orderWebhookSchema } from "~/features/store-sync/webhook-schemas";
import type { BulkOrder, RestOrder } from "~/features/store-sync/admin-types";

const FIXTURES = path.join(process.cwd(), "tests", "fixtures", "shopify");
const rows = fs
  .readFileSync(path.join(FIXTURES, "bulk-orders.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as BulkOrder & { __parentId?: string });
const orders = new Map(rows.filter((r) => !r.__parentId).map((r) => [r.id, orderFromBulk(r, [], "USD")]));

describe("fees from the bulk orders page", () => {
  it("read Shopify Payments' fee on the sale and the order's gateways", () => {
    expect(orders.get("gid://shopify/Order/1001")).toMatchObject({
      gateways: ["shopify_payments"],
      actualFeeMinor: 3_20,
    });
  });

  it("report no fee for another gateway or for an authorization that was voided", () => {
    expect(orders.get("gid://shopify/Order/1002")).toMatchObject({ gateways: ["paypal"], actualFeeMinor: null });
    expect(orders.get("gid://shopify/Order/1003")?.actualFeeMinor).toBeNull();
  });

  it("sum the fees of every successful charge and skip failed ones", () => {
    const fee = (amount: string, currencyCode = "USD") => ({ amount: { amount, currencyCode } });
    const t = (kind: string, status: string, fees: ReturnType<typeof fee>[]) => ({
      gateway: "shopify_payments",
      kind,
      status,
      fees,
    });
    expect(
      shopifyPaymentsFeeMinor(
        [
          t("CAPTURE", "SUCCESS", [fee("1.10")]),
          t("CAPTURE", "SUCCESS", [fee("0.90")]),
          t("SALE", "FAILURE", [fee("5.00")]),
        ],
        "USD",
      ),
    ).toBe(2_00);
    // A fee in another currency than the shop's is not converted: the order falls to the rules.
    expect(shopifyPaymentsFeeMinor([t("SALE", "SUCCESS", [fee("1.00", "EUR")])], "USD")).toBeNull();
  });
});

describe("order webhooks", () => {
  const payload = JSON.parse(fs.readFileSync(path.join(FIXTURES, "webhook-order.json"), "utf8")) as RestOrder;

  it("keep the gateway names and say nothing about Shopify's fee", () => {
    const order = orderFromRest({ ...payload, payment_gateway_names: ["shopify_payments", "gift_card"] }, "USD");
    expect(order.gateways).toEqual(["shopify_payments", "gift_card"]);
    expect(order.actualFeeMinor).toBeUndefined();
    expect(orderFromRest({ ...payload, payment_gateway_names: undefined }, "USD").gateways).toEqual([]);
  });

  it("refuse a body whose gateway names are not a list of names", () => {
    expect(orderWebhookSchema.safeParse({ ...payload, payment_gateway_names: "paypal" }).success).toBe(false);
    expect(orderWebhookSchema.safeParse({ ...payload, payment_gateway_names: [42] }).success).toBe(false);
    expect(orderWebhookSchema.safeParse({ ...payload, payment_gateway_names: ["paypal"] }).success).toBe(true);
  });
});
