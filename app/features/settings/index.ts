// Settings: the sections of /settings that belong to no other feature (integrations now;
// general, team, notifications and performance to come).
export { IntegrationsSettings, type IntegrationsData } from "./components/IntegrationsSettings";
