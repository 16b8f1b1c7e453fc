// What the platforms report they earned: the conversion value of a shop's campaign days, per
// platform, in the shop's currency (each day's value at the rate its spend was converted at).
// The marketing figures set it beside the channel's spend (docs/decisions/093-marketing-figures.md).
import { sqlOn } from "~/db.server";
import type { DayRange } from "~/lib/dates";
import { currencyDigits } from "~/lib/money";

export type PlatformReport = {
  /** AdCampaignDay.platform, which is the channel the sync writes its spend to (google_ads, …). */
  platform: string;
  /** Σ conversion value × the day's rate, in the shop's minor units. */
  conversionValueMinor: number;
  conversions: number;
  /** Campaign days the platform reported in the range. */
  campaignDays: number;
};

export async function platformReports(
  shop: { id: string; currency: string },
  range: DayRange,
): Promise<PlatformReport[]> {
  const rows = await sqlOn()
    .selectFrom("AdCampaignDay")
    .select((eb) => [
      "platform",
      eb.fn.sum<number>(eb("conversionValue", "*", eb.ref("rate"))).as("value"),
      eb.fn.sum<number>("conversions").as("conversions"),
      eb.fn.countAll<number>().as("campaignDays"),
    ])
    .where("shopId", "=", shop.id)
    .where("day", ">=", range.from)
    .where("day", "<=", range.to)
    .groupBy("platform")
    .execute();
  const unit = 10 ** currencyDigits(shop.currency);
  return rows.map((r) => ({
    platform: r.platform,
    conversionValueMinor: Math.round(Number(r.value ?? 0) * unit),
    conversions: Number(r.conversions ?? 0),
    campaignDays: Number(r.campaignDays),
  }));
}
