// The demo's public API (issue 39): one key made as an Owner makes it (its secret is discarded,
// as a merchant's is after the one time it is shown) and this month's calls counted through the
// same limiter the API uses, so Settings → API Keys shows real rows and real usage.
import { countCall, createApiKey } from "~/features/public-api/index.server";
import type { Scope } from "~/features/public-api";

export async function seedApiKeys(shop: { id: string; plan: string; ownerName: string; email: string }, calls = 42) {
  const actor = { shop, staff: { email: shop.email, name: shop.ownerName } };
  await createApiKey(actor, "Data warehouse", ["analytics:read", "customers:read", "invoices:read"] as Scope[]);
  for (let i = 0; i < calls; i++) await countCall(shop);
  return { keys: 1, calls };
}
