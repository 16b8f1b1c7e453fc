// Digital assets' browser-safe surface: the schemas, tabs and the screen's components.
export { ASSET_TABS, type AssetTabId } from "./types";
export {
  assetActionSchema,
  collectionSchema,
  editCollectionSchema,
  perkSchema,
  NETWORKS,
  type AssetActionResult,
} from "./schema";
export { displayStatus, type DisplayStatus } from "./status";
export { DigitalAssetsScreen } from "./components/DigitalAssetsScreen";
export { DigitalAssetsDashboardCard } from "./components/DigitalAssetsDashboardCard";
export { walletActionSchema, type WalletAction } from "./wallet-schema";
