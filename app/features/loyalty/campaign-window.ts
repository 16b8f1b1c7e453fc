// A campaign's window in store days. The create form takes days, and createCampaign stores
// them as the first day's 00:00:00.000 and the last day's 23:59:59.999 in UTC, so the UTC
// date of each bound *is* the store day the merchant entered. Reading the bounds through
// the store's zone (dayInZone) moves the start a day back west of UTC: "Double Points
// Weekend" 09-15 to 09-18 counted as 5 days in New York.
import { daysBetween } from "~/lib/dates";

/** The first and last store day of a campaign, as entered. */
export function campaignDays(campaign: { startsAt: Date; endsAt: Date }): { start: string; end: string } {
  return { start: campaign.startsAt.toISOString().slice(0, 10), end: campaign.endsAt.toISOString().slice(0, 10) };
}

/**
 * The days a campaign's lift is measured over: its first store day to its last, or to
 * `today` (the store's day) while it runs, inclusive and counted as whole calendar days (a
 * day of 23 or 25 hours at a clock change is one day). `days` is 0 before it starts.
 */
export function liftWindow(
  campaign: { startsAt: Date; endsAt: Date },
  today: string,
): { start: string; end: string; days: number } {
  const { start, end: last } = campaignDays(campaign);
  const end = last < today ? last : today;
  return { start, end, days: Math.max(0, daysBetween(start, end) + 1) };
}
