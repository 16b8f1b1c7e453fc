export {
  RETENTION_MONTHS,
  auditCsv,
  listAudit,
  pruneAudit,
  recordAudit,
  type Actor,
  type AuditFilters,
} from "./audit.server";
