export {
  RETENTION_MONTHS,
  auditCsv,
  listAudit,
  pruneAudit,
  recordAudit,
  registerAuditJobs,
  type Actor,
  type AuditFilters,
} from "./audit.server";
