// GET /api/privacy-compliance (core.md §7 "Compliance status"; admin-and-public.md §3 privacy
// status): gdprActive, ccpaActive, pendingRequests, completedRequests, lastAudit, score; the
// dashboard's privacy compliance card shows the same figures (features/privacy privacyStatus).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/platform/http.server";
import { privacyStatus } from "~/features/privacy/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  return json(
    { storeId: shop.id, ...(await privacyStatus(shop)) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
