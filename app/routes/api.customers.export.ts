// GET /api/customers/export?format=csv|json|xlsx[&segment=&q=] (admin-and-public.md §7 "Export
// customers"): the current view's customers, streamed. Personal data: Owners and Admins only
// (exportPersonalData); JSON and Excel on Pro and Enterprise (the plan table's data export).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkExportFormat, planFor } from "~/features/billing";
import { parseCustomerList } from "~/features/customers";
import { customersExport } from "~/features/customers/index.server";
import { recordAudit } from "~/features/audit/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { isExportFormat } from "~/lib/export-formats";
import { json } from "~/platform/http.server";

export const permissions = { loader: "exportPersonalData" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.loader);
  const url = new URL(request.url);
  const format = url.searchParams.get("format") ?? "csv";
  if (!isExportFormat(format))
    return json(
      { error: "Please correct the highlighted fields.", fieldErrors: { format: ["Use csv, json or xlsx"] } },
      { status: 400 },
    );
  const parsed = parseCustomerList(url.searchParams);
  if (!parsed.success)
    return json(
      {
        error: "Please correct the highlighted fields.",
        fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), [i.message]])),
      },
      { status: 400 },
    );
  const refused = checkExportFormat(planFor(ctx.shop.plan), format);
  if (refused) return json({ error: refused.message, upgradeUrl: refused.upgradeUrl }, { status: 403 });
  // Who exported personal data, and which view; never the data itself.
  await recordAudit(ctx, "export", "customers", null, null, {
    format,
    segment: parsed.data.segment,
    search: parsed.data.q ? true : false,
  });
  return customersExport(ctx.shop, parsed.data, format);
}
