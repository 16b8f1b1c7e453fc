// An insight's lifecycle (issue 37 item 5): new → seen → done | dismissed (with a reason) |
// snoozed (until a day). A run that finds the subject again decides what it becomes here, so a
// dismissed subject stays quiet until its figure moves materially and a snoozed one until its day.
import type { InsightStatus } from "~/features/insights/types";

/** A move of a quarter of the figure (or more) is material. */
export const MATERIAL_CHANGE = 0.25;
/** After a finding stops, the same subject is not announced as new again for this many days. */
export const COOL_DOWN_DAYS = 7;

export const DISMISS_REASONS = ["not-relevant", "already-handled", "wrong-data", "other"] as const;
export type DismissReason = (typeof DISMISS_REASONS)[number];
export const DISMISS_REASON_LABELS: Record<DismissReason, string> = {
  "not-relevant": "Not relevant to my store",
  "already-handled": "Already handled",
  "wrong-data": "The figures are wrong",
  other: "Other",
};

export type LifecycleAction = "seen" | "done" | "dismiss" | "snooze" | "reopen";

/** Which statuses each action may start from; anything else is an illegal transition (409). */
export const TRANSITIONS: Record<LifecycleAction, { from: InsightStatus[]; to: InsightStatus }> = {
  seen: { from: ["new"], to: "seen" },
  done: { from: ["new", "seen"], to: "done" },
  dismiss: { from: ["new", "seen", "snoozed"], to: "dismissed" },
  snooze: { from: ["new", "seen"], to: "snoozed" },
  reopen: { from: ["done", "dismissed", "snoozed"], to: "seen" },
};

export function movedMaterially(before: number | null, now: number): boolean {
  if (before === null || !Number.isFinite(before)) return true;
  if (before === 0) return now !== 0;
  return Math.abs(now - before) / Math.abs(before) >= MATERIAL_CHANGE;
}

type Stored = {
  status: InsightStatus;
  statusFigure: number | null;
  snoozedUntil: string | null;
  current: boolean;
  lastSeenDay: string;
};

/**
 * The status a stored insight takes when a run finds its subject again with `figure` on `today`:
 * done or dismissed stay so unless the figure moved materially (then it is new again); snoozed
 * stays until its day; one that had stopped is new again after the cool-down, otherwise keeps
 * its status.
 */
export function nextStatus(stored: Stored, figure: number, today: string, daysSinceSeen: number): InsightStatus {
  if (stored.status === "done" || stored.status === "dismissed")
    return movedMaterially(stored.statusFigure, figure) ? "new" : stored.status;
  if (stored.status === "snoozed") return stored.snoozedUntil && stored.snoozedUntil > today ? "snoozed" : "new";
  if (!stored.current) return daysSinceSeen >= COOL_DOWN_DAYS ? "new" : stored.status;
  return stored.status;
}

/** Whether an insight in this status is listed among the current ones (done and dismissed are history). */
export const isOpen = (status: InsightStatus) => status === "new" || status === "seen";
