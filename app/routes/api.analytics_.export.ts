// GET /api/analytics/export?format=csv|json|xlsx&timeframe=7d|30d|90d|1y[&sheet=daily|orders]
// (the spec's "Export analytics"; docs/decisions/051-analytics-export.md): streamed, in the
// formats the plan includes (403 with the upgrade path otherwise), 400 with the allowed values.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, json } from "~/platform/http.server";
import { EXPORT_FORMATS, isExportFormat } from "~/lib/export-formats";
import { checkExportFormat, planFor } from "~/features/billing";
import { parseAnalyticsQuery } from "~/features/analytics";
import { analyticsExport, EXPORT_SHEETS, type ExportSheetName } from "~/features/analytics/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

// Figures and orders without customers' personal data: anyone who may read the figures.
export const permissions = { loader: "read" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  const query = parseAnalyticsQuery(params);
  const errors: Record<string, string[]> = query.ok ? {} : { ...query.errors };
  const format = params.get("format") ?? "csv";
  const sheet = params.get("sheet") ?? "daily";
  if (!isExportFormat(format)) errors.format = [`Must be one of ${EXPORT_FORMATS.join(", ")}`];
  if (!(EXPORT_SHEETS as readonly string[]).includes(sheet))
    errors.sheet = [`Must be one of ${EXPORT_SHEETS.join(", ")}`];
  if (!query.ok || !isExportFormat(format) || Object.keys(errors).length)
    return badRequest(errors, "Unknown export option.");
  const refused = checkExportFormat(planFor(shop.plan), format);
  if (refused) return json({ error: refused.message, upgradeUrl: refused.upgradeUrl }, { status: 403 });
  return analyticsExport(shop, { format, timeframe: query.timeframe, sheet: sheet as ExportSheetName });
}
