// Settings' server surface: the General tab's storage and rules, and its daily summary job.
export {
  getDisplayPreferences,
  getGeneralSettings,
  getTheme,
  saveGeneralSettings,
  submitGeneralSettings,
} from "./general.server";
export { DAILY_SUMMARY_JOB, registerSettingsJobs, sendDailySummaries } from "./daily-summary.server";
export { timeZoneOptions } from "./time-zones.server";
export { getIntegrations, integrationsConfig, type Integrations } from "./integrations.server";
export { integrationsView } from "./integration-status";
