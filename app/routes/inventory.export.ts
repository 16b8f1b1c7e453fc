// GET /inventory/export?…filters or ?ids=a,b,c: the inventory list as CSV (Bulk Actions → Export CSV).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badRequest } from "~/platform/http.server";
import { fieldErrorsOf } from "~/lib/forms";
import { filtersFromSearch } from "~/features/inventory";
import { inventoryCsv } from "~/features/inventory/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  const rawIds = params.get("ids");
  params.delete("ids");
  const ids = rawIds ? rawIds.split(",").filter(Boolean) : null;
  if (ids && (ids.length > 500 || ids.some((id) => !ID.test(id)))) return badRequest({ ids: ["Unknown variant"] });
  const parsed = filtersFromSearch(params);
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  return inventoryCsv(shop, parsed.data, ids);
}
