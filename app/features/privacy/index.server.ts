export { EXPORT_REQUEST_MESSAGE, exportLink, openExport, requestDataExport } from "./gdpr-export.server";
export { subscribeToNewsletter } from "./newsletter.server";
export { recordDataRequest, redactCustomer } from "./privacy.server";
export { customerRedactWebhookSchema, dataRequestWebhookSchema, shopRedactWebhookSchema } from "./webhook-schemas";
export {
  PrivacyRequestError,
  actOnRequest,
  createRequest,
  defaultRegulation,
  privacySettings,
  type PrivacySettingsView,
} from "./requests.server";
export { buildBundle, bundleCsv, redactPerson, type Bundle, type DeletionOutcome } from "./fulfil.server";
export { compliance, listRequests, privacyStatus, requestCounts, type PrivacyStatus } from "./centre.server";
export { actOnPrivacy, loadPrivacyScreen, type PrivacyScreenData } from "./screen.server";
export {
  RETENTION_AUDIT_ACTION,
  RETENTION_PERIODS,
  RETENTION_JOBS,
  queueRetentionRuns,
  registerPrivacyJobs,
  runRetention,
  type RetentionSummary,
} from "./retention.server";
export { ReportPeriodError, complianceReport, reportPeriod } from "./report.server";
export { complianceReportPdf } from "./report-render.server";
