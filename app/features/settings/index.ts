// Settings: the sections of /settings that belong to no other feature (general and
// integrations now; team, notifications and performance to come).
export { IntegrationsSettings } from "./components/IntegrationsSettings";
export { GeneralSettings } from "./components/GeneralSettings";
export {
  DEFAULT_GENERAL_SETTINGS,
  generalSettingsSchema,
  generalValues,
  isIanaTimeZone,
  type GeneralSettingsResult,
  type GeneralSettingsValues,
} from "./general-schema";
export { AUTO_REFRESH_MS, useAutoRefresh } from "./use-auto-refresh";
