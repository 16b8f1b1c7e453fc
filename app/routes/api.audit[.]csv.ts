// GET /api/audit.csv?actor&area&from&to: the audit log as CSV (Owner and Admin; docs/product/settings.md#audit-log).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badRequest } from "~/platform/http.server";
import { dayInZone } from "~/lib/dates";
import { fieldErrorsOf } from "~/lib/forms";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { auditFiltersSchema } from "~/features/audit";
import { auditCsv, recordAudit } from "~/features/audit/index.server";

export const permissions = { loader: "exportPersonalData" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.loader);
  const parsed = auditFiltersSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  const csv = await auditCsv(ctx.shop, parsed.data);
  await recordAudit(ctx, "exports.audit_log", "AuditEntry", null, null, parsed.data);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${dayInZone(new Date(), ctx.shop.timezone)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
