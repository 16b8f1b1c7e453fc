// How a rule change's background re-estimate (docs/decisions/126) reads on screen.
export type ReestimateKind = "fees" | "shipping";

export type ReestimateStatus = {
  kind: ReestimateKind;
  state: "queued" | "running" | "done" | "failed";
  done: number;
  total: number;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};

const NOUN: Record<ReestimateKind, string> = { fees: "fees", shipping: "shipping costs" };

/** "Re-estimating fees: 12,000 of 40,000 orders" (done never shown past the total). */
export function reestimateTitle(s: ReestimateStatus): string {
  if (s.state === "queued") return `Re-estimating ${NOUN[s.kind]}: waiting to start`;
  const n = (v: number) => v.toLocaleString("en-US");
  return `Re-estimating ${NOUN[s.kind]}: ${n(Math.min(s.done, s.total))} of ${n(s.total)} orders`;
}

/** The progress bar's percentage, 0–100; 0 while waiting (done and total are still the last run's). */
export function reestimatePercent(s: ReestimateStatus): number {
  return s.state !== "queued" && s.total > 0 ? Math.min(100, Math.round((s.done / s.total) * 100)) : 0;
}

export const isReestimating = (s: ReestimateStatus | null) => s?.state === "queued" || s?.state === "running";

/** The toast after a rule save: the save is done, the orders follow in the background. */
export const RULE_SAVED_TOAST: Record<ReestimateKind, string> = {
  fees: "Fee rule saved — re-estimating orders",
  shipping: "Shipping rule saved — re-estimating orders",
};

/** The form intent of the failed run's Retry, on both rule screens. */
export const RETRY_REESTIMATE = "retryReestimate";
