export const ASSET_TABS = [
  { id: "overview", label: "Overview" },
  { id: "collections", label: "NFT Collections" },
  { id: "tokens", label: "Loyalty Tokens" },
  { id: "settings", label: "Blockchain Settings" },
] as const;
export type AssetTabId = (typeof ASSET_TABS)[number]["id"];
