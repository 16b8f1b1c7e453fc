// Shopify's recorded webhook bodies (tests/fixtures/shopify/) pass their topic's schema,
// so real deliveries are never rejected; other kinds of body and wrong shapes do not.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  customerDeletedWebhookSchema,
  customerWebhookSchema,
  inventoryItemWebhookSchema,
  inventoryLevelWebhookSchema,
  orderWebhookSchema,
  productDeletedWebhookSchema,
  productWebhookSchema,
  refundWebhookSchema,
  transactionWebhookSchema,
} from "./webhook-schemas";

const fixture = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), "tests", "fixtures", "shopify", `webhook-${name}.json`), "utf8"));

/** Each topic's schema and the recorded body Shopify sends for it. */
const TOPICS: [topic: string, schema: z.ZodType, body: () => unknown][] = [
  ["orders/create", orderWebhookSchema, () => fixture("order")],
  ["orders/updated", orderWebhookSchema, () => fixture("order")],
  [
    "orders/cancelled",
    orderWebhookSchema,
    () => ({ ...(fixture("order") as object), cancelled_at: "2026-06-21T09:00:00-04:00" }),
  ],
  ["orders/paid", orderWebhookSchema, () => fixture("order")],
  ["order_transactions/create", transactionWebhookSchema, () => fixture("transaction")],
  ["refunds/create", refundWebhookSchema, () => fixture("refund")],
  ["products/create", productWebhookSchema, () => fixture("product")],
  ["products/update", productWebhookSchema, () => fixture("product")],
  ["products/delete", productDeletedWebhookSchema, () => ({ id: (fixture("product") as { id: number }).id })],
  ["inventory_levels/update", inventoryLevelWebhookSchema, () => fixture("inventory-level")],
  ["inventory_items/update", inventoryItemWebhookSchema, () => fixture("inventory-item")],
  ["customers/create", customerWebhookSchema, () => fixture("customer")],
  ["customers/update", customerWebhookSchema, () => fixture("customer")],
  ["customers/delete", customerDeletedWebhookSchema, () => fixture("customer")],
];

describe("store-data webhook schemas", () => {
  it.each(TOPICS)("%s accepts Shopify's recorded body", (_topic, schema, body) => {
    const parsed = schema.safeParse(body());
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it.each(TOPICS)("%s accepts ids sent as numeric strings", (_topic, schema, body) => {
    const withStringIds = JSON.parse(JSON.stringify(body()), (key, value) =>
      (key === "id" || key.endsWith("_id")) && typeof value === "number" ? String(value) : value,
    );
    expect(schema.safeParse(withStringIds).success).toBe(true);
  });

  it.each(TOPICS)("%s rejects {}, [], null and text", (_topic, schema) => {
    for (const wrong of [{}, [], null, "text", 0]) expect(schema.safeParse(wrong).success).toBe(false);
  });

  it("a body of one kind does not pass as another kind (a signed order is not a customer)", () => {
    const kinds = [
      ["order", orderWebhookSchema],
      ["refund", refundWebhookSchema],
      ["product", productWebhookSchema],
      ["inventory-level", inventoryLevelWebhookSchema],
      ["inventory-item", inventoryItemWebhookSchema],
      ["customer", customerWebhookSchema],
    ] as const;
    for (const [name] of kinds)
      for (const [other, schema] of kinds)
        if (other !== name) expect(schema.safeParse(fixture(name)).success, `${name} as ${other}`).toBe(false);
    for (const name of ["order", "refund", "product", "inventory-level", "inventory-item"])
      expect(customerDeletedWebhookSchema.safeParse(fixture(name)).success, `${name} as deleted customer`).toBe(false);
  });

  it("dates outside 1970-2100 and malformed ids are refused", () => {
    const order = fixture("order") as Record<string, unknown>;
    expect(orderWebhookSchema.safeParse({ ...order, created_at: "+275760-09-13T00:00:00Z" }).success).toBe(false);
    expect(orderWebhookSchema.safeParse({ ...order, created_at: "0000-01-01T00:00:00Z" }).success).toBe(false);
    expect(orderWebhookSchema.safeParse({ ...order, id: "12abc" }).success).toBe(false);
    expect(orderWebhookSchema.safeParse({ ...order, id: -1 }).success).toBe(false);
  });
});
