// checkouts/create and checkouts/update: the fields the abandoned-checkout trigger reads, loosely
// (every other field passes through). Shopify's REST checkout: id, token, updated_at,
// completed_at (set once the order is placed), abandoned_checkout_url, total_price, currency and
// the customer when the buyer is known.
import { z } from "zod";

const restId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]);
const timestamp = z.string().refine((s) => {
  const at = Date.parse(s);
  return !Number.isNaN(at) && at >= Date.UTC(1970, 0, 1) && at < Date.UTC(2101, 0, 1);
}, "not a date-time between 1970 and 2100");

export const checkoutWebhookSchema = z.looseObject({
  id: restId,
  token: z.string().max(200).nullish(),
  created_at: timestamp.nullish(),
  updated_at: timestamp,
  completed_at: timestamp.nullish(),
  // Every checkout body carries it and no other resource's does: it binds a body to its kind, so
  // a signed order cannot be replayed as a checkout.
  abandoned_checkout_url: z.string().max(2000),
  admin_graphql_api_id: z
    .string()
    .refine((v) => v.startsWith("gid://shopify/AbandonedCheckout/"), "not a checkout id")
    .optional(),
  total_price: z.union([z.string(), z.number()]).nullish(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  customer: z.looseObject({ id: restId }).nullish(),
});
export type CheckoutWebhook = z.output<typeof checkoutWebhookSchema>;
