// A campaign's lifecycle (docs/decisions/081): scheduled → active → ended by its dates, paused
// and resumed or ended early by the merchant. A change allowed only from the listed states;
// anything else is refused with 409 and changes nothing. Points already awarded always stay.
import { campaignDays } from "~/features/loyalty/campaign-window";

export const CAMPAIGN_STATUSES = ["scheduled", "active", "paused", "ended"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export type CampaignState = { startsAt: Date; endsAt: Date; pausedAt: Date | null; endedAt: Date | null };

/** The status on the store's `today`: ended (early, or past its last day), paused, not yet started, or running. */
export function campaignStatus(c: CampaignState, today: string): CampaignStatus {
  const { start, end } = campaignDays(c);
  if (c.endedAt || today > end) return "ended";
  if (c.pausedAt) return "paused";
  return today < start ? "scheduled" : "active";
}

export const CAMPAIGN_TRANSITIONS = {
  // An ended campaign is history: its figures (lift) would change under it.
  edit: { from: ["scheduled", "active", "paused"], done: "edited" },
  pause: { from: ["scheduled", "active"], done: "paused" },
  resume: { from: ["paused"], done: "resumed" },
  // A campaign that has not started is deleted, not ended.
  end: { from: ["active", "paused"], done: "ended" },
  delete: { from: ["scheduled", "active", "paused", "ended"], done: "deleted" },
} as const satisfies Record<string, { from: readonly CampaignStatus[]; done: string }>;

export type CampaignAction = keyof typeof CAMPAIGN_TRANSITIONS;
export const CAMPAIGN_ACTIONS = Object.keys(CAMPAIGN_TRANSITIONS) as CampaignAction[];

export function canChangeCampaign(status: CampaignStatus, action: CampaignAction): boolean {
  return (CAMPAIGN_TRANSITIONS[action].from as readonly string[]).includes(status);
}

export function illegalCampaignChange(name: string, status: CampaignStatus, action: CampaignAction): string {
  const why = action === "end" && status === "scheduled" ? " (it has not started: delete it instead)" : "";
  return `${name} is ${status}; it cannot be ${CAMPAIGN_TRANSITIONS[action].done}${why}.`;
}

/** The changes the merchant may make in this status (the list shows these). */
export function campaignActions(status: CampaignStatus): CampaignAction[] {
  return CAMPAIGN_ACTIONS.filter((a) => canChangeCampaign(status, a));
}
