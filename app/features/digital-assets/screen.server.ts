// The /digital-assets screen's data: the stat figures, the lists, the token and, only on the
// Blockchain Settings tab, the live chain reads.
import { loyaltyToken } from "~/features/loyalty/index.server";
import { blockchainSettings } from "./chain.server";
import { assetFigures, listCollections, recentIssues, ruleChoices } from "./overview.server";
import type { AssetTabId } from "./types";

export async function assetsScreen(shop: { id: string; timezone: string }, tab: AssetTabId) {
  const [figures, collections, recent, token, choices, settings] = await Promise.all([
    assetFigures(shop.id),
    listCollections(shop.id),
    recentIssues(shop.id),
    loyaltyToken(shop.id),
    ruleChoices(shop.id),
    tab === "settings" ? blockchainSettings(shop.id) : null,
  ]);
  return { tab, timezone: shop.timezone, figures, collections, recent, token, choices, settings };
}

export type AssetsData = Awaited<ReturnType<typeof assetsScreen>>;
