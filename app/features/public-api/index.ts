export {
  ALL_SCOPES,
  GRACE_HOURS,
  KEY_PREFIX,
  RESOURCES,
  RESOURCE_LABELS,
  allows,
  apiKeyActionSchema,
  type ApiKeyAction,
  type Resource,
  type Scope,
} from "./keys";
export { ENDPOINTS, BASE_PATH, API_VERSION, type EndpointName } from "./schemas";
export { ABUSE_PER_MINUTE, type WindowUse } from "./limits";
