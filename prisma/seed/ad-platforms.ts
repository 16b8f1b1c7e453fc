// The demo's ad spend and payment fee rules, through the code a real store's go through
// (docs/decisions/095-demo-through-real-paths.md): the fee rules saved as the merchant saves them
// on /costs/fees, and Google Ads, Meta Ads and TikTok Ads connected as Settings → Integrations
// connects them (a signed state, the demo consent's code exchanged, the accounts listed, the
// tokens sealed) and synced a year back from the demo's replayed reports, which write
// AdCampaignDay and the channels' AdSpendDay (source platform) with the rollups moved.
import { AD_PLATFORMS } from "~/features/ad-platforms";
import {
  adConfig,
  completeConnect,
  demoCode,
  replayTransport,
  startConnect,
  syncPlatform,
} from "~/features/ad-platforms/index.server";
import { feeRuleSchema } from "~/features/profit";
import { saveFeeRule } from "~/features/profit/index.server";
import { bpsToPercent, type FeeRule } from "~/features/profit/payment-fees";
import { minorToDecimalString } from "~/lib/money";

type SeedShop = { id: string; currency: string; timezone: string; ownerName: string; email: string };

/** Saves each rule through the rule path (audited; re-estimates that gateway's orders, none yet). */
export async function seedFeeRules(shop: SeedShop, rules: FeeRule[]) {
  const actor = { shop, staff: { email: shop.email, name: shop.ownerName } };
  for (const rule of rules) {
    const input = feeRuleSchema.parse({
      gateway: rule.gateway,
      rate: bpsToPercent(rule.rateBps),
      fixed: minorToDecimalString(rule.fixedMinor, shop.currency),
    });
    await saveFeeRule(actor, input);
  }
  return rules.length;
}

/**
 * Connects the three platforms to the demo's replayed accounts and runs each first sync (a year
 * back, in the shop's time zone). `scale` sizes the accounts' budgets to the store (the default
 * demo is 1); it travels in the authorization code, so a later sync by the server reads the same.
 */
export async function seedAdPlatforms(shop: SeedShop, scale: number, now = new Date()) {
  // The demo's configuration whatever the seed's environment: the replay, the dev token key.
  const config = adConfig({ DEMO_MODE: "1", PORT: process.env.PORT });
  const rt = { config, transport: replayTransport, now: () => now };
  const synced: Record<string, number> = {};
  for (const platform of AD_PLATFORMS) {
    const consent = new URL(await startConnect(shop, platform, rt));
    const params = new URLSearchParams({ state: consent.searchParams.get("state") ?? "" });
    params.set(platform === "tiktok_ads" ? "auth_code" : "code", demoCode(platform, scale));
    await completeConnect(platform, params, rt);
    const result = await syncPlatform(shop, platform, rt);
    if (!result.ok) throw new Error(`${platform}: ${result.message}`);
    synced[platform] = result.campaignDays;
  }
  return synced;
}
