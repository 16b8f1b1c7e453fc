// GET /privacy/report?from=YYYY-MM-DD&to=YYYY-MM-DD: Generate Report, the compliance report as a
// PDF download (days in the shop's zone; the last 90 days by default). It carries an extract of the audit
// log, so it needs what reading the audit log needs (Owners and Admins).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { fieldErrorsOf } from "~/lib/forms";
import { reportPeriodSchema } from "~/features/privacy";
import {
  ReportPeriodError,
  complianceReport,
  complianceReportPdf,
  reportPeriod,
} from "~/features/privacy/index.server";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "viewAudit" } satisfies RoutePermissions;

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  const parsed = reportPeriodSchema.safeParse({
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
  });
  if (!parsed.success) return data({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  let period;
  try {
    period = reportPeriod(parsed.data, shop.timezone);
  } catch (error) {
    if (!(error instanceof ReportPeriodError)) throw error;
    return data({ ok: false, fieldErrors: { [error.field]: [error.message] } }, { status: 400 });
  }
  const pdf = await complianceReportPdf(await complianceReport(shop, period));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="privacy-report-${period.from}-to-${period.to}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
