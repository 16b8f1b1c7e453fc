// The report as a PDF; the renderer loads with the first report, not when the server starts
// (docs/decisions/070-server-memory.md).
import type { ComplianceReport } from "./report.server";

export async function complianceReportPdf(report: ComplianceReport): Promise<Buffer> {
  const { renderComplianceReport } = await import("./report-pdf.server");
  return renderComplianceReport(report);
}
