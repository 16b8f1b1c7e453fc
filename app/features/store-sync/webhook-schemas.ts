// The shape each store-data webhook must have before its effect runs: the ids and
// dates the effects read, loosely (every other field passes through). A delivery that
// does not match is acknowledged and recorded as rejected (app/platform/webhooks.server.ts).
import { z } from "zod";

/** Shopify's REST ids: numbers, sometimes sent as numeric strings. */
const restId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]);
const optionalId = restId.nullish();
/** A date-time the database can hold (years 1970 to 2100). */
const timestamp = z.string().refine((s) => {
  const at = Date.parse(s);
  return !Number.isNaN(at) && at >= Date.UTC(1970, 0, 1) && at < Date.UTC(2101, 0, 1);
}, "not a date-time between 1970 and 2100");
const money = z.union([z.string(), z.number()]).nullish();
const list = <T extends z.ZodType>(item: T) => z.array(item).nullish();
/**
 * Shopify writes each resource's GraphQL id into its webhook body. Requiring the right
 * type binds a body to its kind: a signed order cannot be replayed as a customer.
 */
const gidOf = (type: string) => z.string().refine((v) => v.startsWith(`gid://shopify/${type}/`), `not a ${type} id`);

const lineItem = z.looseObject({ id: restId, quantity: z.number().int().nonnegative(), price: money });
const refund = z.looseObject({
  id: restId,
  admin_graphql_api_id: gidOf("Refund"),
  order_id: optionalId,
  processed_at: timestamp.nullish(),
  created_at: timestamp.nullish(),
  transactions: list(z.looseObject({ amount: money })),
  refund_line_items: list(
    z.looseObject({
      line_item_id: optionalId,
      quantity: z.number().int().nonnegative().nullish(),
      subtotal: money,
      total_tax: money,
    }),
  ),
  order_adjustments: list(z.looseObject({ amount: money, tax_amount: money })),
});

/** orders/create, orders/updated, orders/cancelled */
export const orderWebhookSchema = z.looseObject({
  id: restId,
  admin_graphql_api_id: gidOf("Order"),
  created_at: timestamp,
  processed_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
  cancelled_at: timestamp.nullish(),
  line_items: z.array(lineItem),
  shipping_lines: list(z.looseObject({ price: money })),
  refunds: list(refund.extend({ admin_graphql_api_id: gidOf("Refund").optional() })),
  payment_gateway_names: list(z.string().max(200).nullable()).refine(
    (g) => (g?.length ?? 0) <= 50,
    "too many gateways",
  ),
});

/** order_transactions/create: the fields the fee re-read needs (the body carries no fees). */
export const transactionWebhookSchema = z.looseObject({
  id: restId,
  admin_graphql_api_id: gidOf("OrderTransaction").optional(),
  order_id: restId,
  kind: z.string().max(50),
  status: z.string().max(50),
  gateway: z.string().max(200).nullish(),
});

/** refunds/create */
export const refundWebhookSchema = refund.extend({ order_id: restId });

/** products/create, products/update */
export const productWebhookSchema = z.looseObject({
  id: restId,
  admin_graphql_api_id: gidOf("Product"),
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
  variants: list(z.looseObject({ id: restId, price: money, inventory_item_id: optionalId })),
});

/** collections/create, collections/update (custom or smart; no products listed). */
export const collectionWebhookSchema = z.looseObject({
  id: restId,
  admin_graphql_api_id: gidOf("Collection"),
  title: z.string().max(1_000),
  handle: z.string().max(1_000).nullish(),
  updated_at: timestamp.nullish(),
  rules: z.array(z.unknown()).nullish(),
});

/**
 * collections/delete: exactly the deleted collection's id (and its published_scope, which
 * Shopify's sample body carries): strict, so another topic's signed body is refused.
 */
export const collectionDeletedWebhookSchema = z.strictObject({
  id: restId,
  published_scope: z.string().max(100).optional(),
});

/** products/delete: exactly the deleted product's id. */
export const productDeletedWebhookSchema = z.strictObject({ id: restId });

/** Keys that only other kinds of body carry: a body with one is not a deleted customer. */
const FOREIGN_KEYS = [
  "line_items",
  "variants",
  "refund_line_items",
  "inventory_item_id",
  "myshopify_domain",
  "shop_domain",
  "current",
  "app_subscription",
];

/** customers/delete: the deleted customer's id (and its GraphQL id, when sent). */
export const customerDeletedWebhookSchema = z
  .looseObject({ id: restId, admin_graphql_api_id: gidOf("Customer").optional() })
  .refine((body) => FOREIGN_KEYS.every((key) => !(key in body)), "not a customer");

/** customers/create, customers/update */
export const customerWebhookSchema = z.looseObject({
  id: restId,
  admin_graphql_api_id: gidOf("Customer"),
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});

/** inventory_levels/update */
export const inventoryLevelWebhookSchema = z.looseObject({
  admin_graphql_api_id: gidOf("InventoryLevel").optional(),
  inventory_item_id: restId,
  location_id: restId,
  available: z.number().int().nullable(),
  updated_at: timestamp.nullish(),
});

/** inventory_items/update */
export const inventoryItemWebhookSchema = z.looseObject({
  id: restId,
  admin_graphql_api_id: gidOf("InventoryItem"),
  cost: money,
  updated_at: timestamp.nullish(),
});
