// Digital assets' server surface for routes, the dashboard and the demo seed.
export {
  AssetError,
  applyRule,
  createCollection,
  deleteCollection,
  editCollection,
  issueByHand,
  setCollectionStatus,
  verifyItem,
} from "./collections.server";
export { blockchainSettings, readContractInfo, readNetwork, saveNetworks, type NetworkStatus } from "./chain.server";
export { assetFigures, listCollections, recentIssues, ruleChoices, type AssetFigures } from "./overview.server";
export { assetsScreen, type AssetsData } from "./screen.server";
export { loyaltyToken, type LoyaltyToken } from "~/features/loyalty/index.server";
export { RULES_JOB, applyAllRules, registerDigitalAssetJobs } from "./jobs.server";
export { WalletError, linkWallet, unlinkWallet, walletChallenge, walletCustomer } from "./siwe.server";
export { WALLET_PATH, walletPage, type WalletPageView } from "./wallet-page";
export { HOLDER_FRESHNESS_MS, checkHolders, onChainHolders } from "./holders.server";
export { createPerk, issuePerk, listPerks, redeemPerkCodes, type PerkIssue } from "./perks.server";
