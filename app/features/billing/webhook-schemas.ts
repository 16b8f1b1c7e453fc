// app_subscriptions/update: the subscription whose state changed.
import { z } from "zod";

export const subscriptionWebhookSchema = z.looseObject({
  app_subscription: z.looseObject({ admin_graphql_api_id: z.string(), name: z.string(), status: z.string() }),
});
