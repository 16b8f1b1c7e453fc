export {
  ALL_SCOPES,
  GRACE_HOURS,
  KEY_PREFIX,
  RESOURCES,
  RESOURCE_LABELS,
  allows,
  apiKeyActionSchema,
  type ApiKeyAction,
  type ApiKeyView,
  type Resource,
  type Scope,
} from "./keys";
export { ABUSE_PER_MINUTE, type WindowUse } from "./limits";
export { ApiKeysScreen } from "./components/ApiKeysScreen";
export { EXAMPLES, shapeOf, type ApiExample } from "./examples";
export { ApiDocs, type ApiDocsProps } from "./components/ApiDocs";
