// GET /proxy/loyalty (the storefront's /apps/loyalty through Shopify's app proxy): the
// logged-in customer's own points for the theme block (extensions/loyalty-points).
// authenticate.public.appProxy checks Shopify's signature over the query, which carries
// logged_in_customer_id, so a request cannot ask for another customer's balance: unsigned
// or tampered requests are refused before anything is read.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/platform/http.server";
import { storefrontPoints } from "~/features/loyalty/index.server";
import { getShopByDomain } from "~/features/shop/index.server";
import { isShopifyConfigured, shopify } from "~/shopify.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // The demo has no storefront, so no proxy either.
  if (!isShopifyConfigured()) return json({ error: "Not found" }, { status: 404 });
  await shopify().authenticate.public.appProxy(request);
  const url = new URL(request.url);
  const shop = await getShopByDomain(url.searchParams.get("shop") ?? "");
  if (!shop || shop.uninstalledAt) return json({ error: "Not found" }, { status: 404 });
  const customer = url.searchParams.get("logged_in_customer_id") || null;
  const points = await storefrontPoints(shop, customer && /^\d{1,20}$/.test(customer) ? customer : null);
  // Per customer and changing with every order: never cached by the storefront or a proxy.
  return json(points, { headers: { "Cache-Control": "private, no-store" } });
}
