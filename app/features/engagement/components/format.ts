// How a campaign's figures read on the list, the detail and the dashboard card.
import { formatMoney, formatPercent } from "~/lib/money";
import type { CampaignFigures } from "~/features/engagement/types";
import { AUDIENCE_LABEL, type Audience } from "~/features/engagement/schema";

export const rate = (value: number | null) => (value === null ? "—" : formatPercent(value));

export function audienceLine(f: Pick<CampaignFigures, "audience" | "segment" | "delayDays" | "delayHours">): string {
  if (f.audience === "segment") return `Segment: ${f.segment ?? "—"}`;
  if (f.audience === "post_purchase") return `${f.delayDays ?? "?"} days after an order`;
  if (f.audience === "points_expiring") return `${f.delayDays ?? "?"} days before points expire`;
  if (f.audience === "abandoned_checkout")
    return `Abandoned checkout, ${f.delayHours ?? "?"} ${f.delayHours === 1 ? "hour" : "hours"} later`;
  return AUDIENCE_LABEL[f.audience as Audience] ?? f.audience;
}

export function incrementalLine(f: Pick<CampaignFigures, "lift">, currency: string): string {
  if (!f.lift.enough) return "Not enough data yet";
  const { incrementalRevenueMinor: mid, revenueLowMinor: lo, revenueHighMinor: hi } = f.lift;
  return `${formatMoney(mid, currency, { signed: true })} (95%: ${formatMoney(lo, currency, { signed: true })} to ${formatMoney(hi, currency, { signed: true })})`;
}

export const TYPE_LABEL: Record<string, string> = { email: "E-mail", sms: "SMS", push: "Push" };
