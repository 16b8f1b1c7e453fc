// The compliance webhooks' payloads. Each names its shop (shop_domain), which must be
// the shop the delivery is for: the HMAC covers the body, not the headers.
import { z } from "zod";

const restId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]);
const shopDomain = z.string().min(1).max(255);
const customer = z.looseObject({ id: restId.nullish(), email: z.string().nullish(), phone: z.string().nullish() });

/** customers/data_request */
export const dataRequestWebhookSchema = z.looseObject({
  shop_domain: shopDomain,
  shop_id: restId.nullish(),
  customer,
  orders_requested: z.array(restId).nullish(),
});

/** customers/redact */
export const customerRedactWebhookSchema = z.looseObject({
  shop_domain: shopDomain,
  shop_id: restId.nullish(),
  customer,
  orders_to_redact: z.array(restId).nullish(),
});

/** shop/redact */
export const shopRedactWebhookSchema = z.looseObject({ shop_domain: shopDomain, shop_id: restId.nullish() });
