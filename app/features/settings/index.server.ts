export { getIntegrations, integrationsConfig, type Integrations } from "./integrations.server";
