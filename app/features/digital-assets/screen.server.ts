// The /digital-assets screen's data: the stat figures, the lists, the token and, only on the
// Blockchain Settings tab, the live chain reads.
import { loyaltyToken } from "~/features/loyalty/index.server";
import { blockchainSettings } from "./chain.server";
import { assetFigures, listCollections, recentIssues, ruleChoices } from "./overview.server";
import { listPerks } from "./perks.server";
import type { AssetTabId } from "./types";

export async function assetsScreen(shop: { id: string; timezone: string; currency: string }, tab: AssetTabId) {
  const [figures, collections, recent, token, choices, perks, settings] = await Promise.all([
    assetFigures(shop.id),
    listCollections(shop.id),
    recentIssues(shop.id),
    loyaltyToken(shop.id),
    ruleChoices(shop.id),
    listPerks(shop.id),
    tab === "settings" ? blockchainSettings(shop.id) : null,
  ]);
  return {
    tab,
    timezone: shop.timezone,
    currency: shop.currency,
    figures,
    collections,
    recent,
    token,
    choices,
    perks,
    settings,
  };
}

export type AssetsData = Awaited<ReturnType<typeof assetsScreen>>;
