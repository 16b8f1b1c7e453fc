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

/** The incremental revenue and its 95% interval, or null while the hold-out is too small. */
export function incrementalParts(
  f: Pick<CampaignFigures, "lift">,
  currency: string,
): { value: string; interval: string } | null {
  if (!f.lift.enough) return null;
  const { incrementalRevenueMinor: mid, revenueLowMinor: lo, revenueHighMinor: hi } = f.lift;
  const money = (minor: number) => formatMoney(minor, currency, { signed: true });
  return { value: money(mid), interval: `95%: ${money(lo)} to ${money(hi)}` };
}

export function incrementalLine(f: Pick<CampaignFigures, "lift">, currency: string): string {
  const parts = incrementalParts(f, currency);
  return parts ? `${parts.value} (${parts.interval})` : "Not enough data yet";
}

export const TYPE_LABEL: Record<string, string> = { email: "E-mail", sms: "SMS", push: "Push" };

/** The channel choices: SMS only once the shop connected Twilio; push never (not available). */
export const channelOptions = (sms: boolean) => [
  { label: "E-mail", value: "email" },
  { label: sms ? "SMS (your Twilio account)" : "SMS (not configured: connect Twilio)", value: "sms", disabled: !sms },
  { label: "Push (not available)", value: "push", disabled: true },
];

/** Some of a form's values, by name. */
export const pick = <T, K extends keyof T>(v: T, ...keys: K[]) => Object.fromEntries(keys.map((k) => [k, v[k]]));
