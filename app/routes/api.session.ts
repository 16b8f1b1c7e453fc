// GET /api/session?shop= → { valid } (docs/product/api.md): the embedded flow's session check.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { json } from "~/platform/http.server";
import { hasValidOfflineSession, isShopDomain } from "~/features/shop/index.server";
import { DEMO_SHOP_DOMAIN } from "~/features/shop/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = new URL(request.url).searchParams.get("shop");
  if (!isShopDomain(shop)) return json({ valid: false, error: "shop must be a myshopify.com domain" }, { status: 400 });
  const valid = env.demoMode ? shop === DEMO_SHOP_DOMAIN : await hasValidOfflineSession(shop);
  return json({ valid }, { headers: { "Cache-Control": "no-store" } });
}
