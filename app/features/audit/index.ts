export { AUDIT_AREAS, auditFiltersSchema } from "./filters";
export { AuditLog, type AuditPage } from "./components/AuditLog";
