// Settings: the sections of /settings that belong to no other feature (general and
// integrations, and the plan & billing tab over billing's plans; team, audit and performance live in
// their own features).
export { IntegrationsSettings, type IntegrationsData } from "./components/IntegrationsSettings";
export { GeneralSettings } from "./components/GeneralSettings";
export { PlanSettings, type PlanSettingsData } from "./components/PlanSettings";
export {
  DEFAULT_GENERAL_SETTINGS,
  generalSettingsSchema,
  generalValues,
  isIanaTimeZone,
  type GeneralSettingsResult,
  type GeneralSettingsValues,
} from "./general-schema";
export { AUTO_REFRESH_MS, useAutoRefresh } from "./use-auto-refresh";
export { ANALYTICS_SCOPE, parseScopes } from "./shopify-access";
