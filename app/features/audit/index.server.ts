export {
  RETENTION_MONTHS,
  auditCsv,
  listAudit,
  pruneAudit,
  recordAudit,
  recordAudits,
  registerAuditJobs,
  type Actor,
  type AuditFilters,
} from "./audit.server";
