// GET /api/search?q=… : the header search's rows for the authenticated shop (invoices,
// products, customers; docs/product/admin-shell.md#search). Screens are matched in the
// browser. A missing, empty, oversized or unstorable q is a 400 with the field error.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, json } from "~/platform/http.server";
import { fieldErrorsOf } from "~/lib/forms";
import { searchQuerySchema } from "~/features/search";
import { searchShop } from "~/features/search/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const parsed = searchQuerySchema.safeParse({ q: new URL(request.url).searchParams.get("q") ?? undefined });
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  return json(await searchShop(shop, parsed.data.q), {
    headers: { "Cache-Control": "private, no-store", Vary: "Authorization, Cookie" },
  });
}
