// The app lifecycle webhooks' payloads.
import { z } from "zod";

/** app/uninstalled: the shop object, which names the shop (myshopify_domain). */
export const appUninstalledWebhookSchema = z.looseObject({ myshopify_domain: z.string().min(1).max(255) });

/** app/scopes_update: the scopes granted now. */
export const scopesUpdateWebhookSchema = z.looseObject({
  current: z.array(z.string().max(100)),
  previous: z.array(z.string().max(100)).nullish(),
});
