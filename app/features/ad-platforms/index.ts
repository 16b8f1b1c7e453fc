// The ad platforms' browser-safe surface: names and ids, and the Integrations tab's controls.
export { AD_PLATFORMS, PLATFORM_ENV, PLATFORM_NAMES, isAdPlatform, type AdPlatform } from "./platforms";
export { adActionSchema, type AdAction } from "./schema";
export { AdPlatformControls, type AdControlsData } from "./components/AdPlatformControls";
export { adPlatformRow, type AdPlatformFacts, type AdRowParts } from "./status";
