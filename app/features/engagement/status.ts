// The campaign status machine (spec admin-and-public.md §4): draft → scheduled → active → completed,
// plus paused. A transition not in the table is a 409; unknown stored values read like draft.
export const STATUSES = ["draft", "scheduled", "active", "paused", "completed"] as const;
export type CampaignStatus = (typeof STATUSES)[number];

export const TRANSITIONS = {
  schedule: { from: ["draft"], to: "scheduled" },
  activate: { from: ["draft", "scheduled"], to: "active" },
  pause: { from: ["scheduled", "active"], to: "paused" },
  resume: { from: ["paused"], to: "active" },
  end: { from: ["scheduled", "active", "paused"], to: "completed" },
} as const satisfies Record<string, { from: readonly CampaignStatus[]; to: CampaignStatus }>;
export type Transition = keyof typeof TRANSITIONS;

/** Statuses whose content and audience may still be edited. */
export const EDITABLE: readonly CampaignStatus[] = ["draft", "scheduled", "paused"];

export function statusOf(value: string): CampaignStatus {
  return (STATUSES as readonly string[]).includes(value) ? (value as CampaignStatus) : "draft";
}

export function canTransition(from: string, transition: Transition): boolean {
  return (TRANSITIONS[transition].from as readonly string[]).includes(statusOf(from));
}

export const STATUS_LABEL: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  active: "Active",
  paused: "Paused",
  completed: "Completed",
};
