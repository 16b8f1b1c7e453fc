// The status machine of a data request (decision 098): pending → in_progress → completed or
// refused. Overdue is not a status: it is computed from the due day (deadline.ts isOverdue).
export const REQUEST_STATUSES = ["pending", "in_progress", "completed", "refused"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type RequestIntent = "verify" | "extend" | "refuse" | "fulfil" | "complete";

const OPEN: RequestStatus[] = ["pending", "in_progress"];

/** Types fulfilled by the app (a bundle, a redaction); the others are completed with a note. */
export const FULFILLED_BY_APP = ["access", "portability", "deletion", "shop_redact"];

type State = { status: RequestStatus; type: string; verified: boolean };
export type Transition = { ok: true; from: RequestStatus[]; to: RequestStatus } | { ok: false; message: string };

export function transitionOf(intent: RequestIntent, state: State): Transition {
  if (!OPEN.includes(state.status)) return { ok: false, message: `This request is already ${label(state.status)}.` };
  switch (intent) {
    case "verify":
      return state.verified
        ? { ok: false, message: "This requester is already verified." }
        : { ok: true, from: OPEN, to: "in_progress" };
    case "extend":
      return { ok: true, from: OPEN, to: "in_progress" };
    case "refuse":
      return { ok: true, from: OPEN, to: "refused" };
    case "fulfil":
    case "complete": {
      if (!state.verified) return { ok: false, message: "Verify the requester's identity first." };
      const byApp = FULFILLED_BY_APP.includes(state.type);
      if (intent === "fulfil" && !byApp)
        return { ok: false, message: "Complete this request with a note of what was done." };
      if (intent === "complete" && byApp) return { ok: false, message: "Fulfil this request: the app does the work." };
      return { ok: true, from: OPEN, to: "completed" };
    }
  }
}

export function label(status: string): string {
  return status === "in_progress" ? "in progress" : status;
}

/** Which actions a request offers now (the screen shows only these; the server checks again). */
export function availableActions(state: State): RequestIntent[] {
  return (["verify", "extend", "fulfil", "complete", "refuse"] as const).filter((i) => transitionOf(i, state).ok);
}
