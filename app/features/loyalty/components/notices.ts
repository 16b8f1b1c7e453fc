// The spec's loyalty notices, word for word (admin-and-public.md §8).
export type Notice = { title: string; body: string; destructive?: boolean };

export const NOTICES = {
  settingsSaved: (): Notice => ({ title: "Settings saved", body: "Loyalty program settings have been updated." }),
  campaignCreated: (): Notice => ({ title: "Campaign created", body: "Your new loyalty campaign has been created." }),
  tierCreated: (name: string): Notice => ({
    title: "Tier created",
    body: `${name} tier has been added to your program.`,
  }),
  tierUpdated: (name: string): Notice => ({ title: "Tier updated", body: `${name} tier has been updated.` }),
  codeCreated: (code: string, worth: string): Notice => ({
    title: "Reward code created",
    body: `${code} is worth ${worth} on the customer's next order.`,
  }),
  pointsAdjusted: (points: number): Notice => ({
    title: "Points adjusted",
    body: `${points > 0 ? "+" : ""}${points.toLocaleString("en-US")} points recorded with your reason.`,
  }),
  campaignChanged: (name: string, action: "edit" | "pause" | "resume" | "end" | "delete"): Notice => {
    const done = { edit: "updated", pause: "paused", resume: "resumed", end: "ended", delete: "deleted" }[action];
    const title = `Campaign ${done}`;
    // The ledger is never changed by a campaign's lifecycle: say so where points might seem at stake.
    const kept = action === "end" || action === "delete" ? " Points it already awarded stay." : "";
    return { title, body: `${name} has been ${done}.${kept}`, destructive: action === "delete" };
  },
  tierDeleted: (name: string): Notice => ({
    title: "Tier deleted",
    body: `${name} tier has been removed from your program.`,
    destructive: true,
  }),
};

/** The dry run's sentence: "312 customers move up, 41 down". */
export function movesSentence(p: { up: number; down: number }): string {
  const noun = p.up === 1 ? "customer moves" : "customers move";
  return `${p.up} ${noun} up, ${p.down} down`;
}

/**
 * Under a dated preview: what "as of that date" counts (decision 066). Null for a change
 * that applies today.
 */
export function asOfSentence(asOf: string | null | undefined): string | null {
  if (!asOf) return null;
  return `Counted as of ${asOf}, when the change takes effect: each customer's qualifying spend already made that still counts on that day (no new orders assumed), against the tiers in force then.`;
}

export type LoyaltyActionResult =
  | {
      ok: true;
      intent: string;
      notice?: Notice;
      preview?: { name: string; up: number; down: number; same: number; asOf?: string | null };
    }
  | { ok: false; intent: string; fieldErrors: Record<string, string[] | undefined> };

/** A dialog's answer: a notice is reported to the screen and the dialog closes; anything else keeps it open. */
export function closeOnNotice(onDone: (notice: Notice) => void, onClose: () => void) {
  return (r: LoyaltyActionResult) => {
    if (r.ok && r.notice) {
      onDone(r.notice);
      onClose();
    }
  };
}
