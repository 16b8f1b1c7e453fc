// GET /api/digital-assets (core.md §7): the authenticated shop's collections and their figures, the
// loyalty token, from the same definitions as the screen and the dashboard card; 10-minute freshness.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { cacheFor, FRESHNESS, json } from "~/platform/http.server";
import { assetFigures, listCollections, loyaltyToken } from "~/features/digital-assets/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const [figures, collections, token] = await Promise.all([
    assetFigures(shop.id),
    listCollections(shop.id),
    loyaltyToken(shop.id),
  ]);
  return json(
    {
      storeId: shop.id,
      figures,
      collections: collections.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        type: "collectible",
        tokenStandard: c.contractStandard,
        supply: c.supply,
        minted: c.issued,
        status: c.displayStatus,
        network: c.chainNetwork,
        contractAddress: c.contractAddress,
      })),
      token,
    },
    { headers: cacheFor(FRESHNESS.digitalAssets) },
  );
}
