// The compliance checklist and its score (admin-and-public.md §2 screen 8; decision 098):
// score = round(100 × done ÷ required). Items the app can measure are measured; the others
// are confirmed by the merchant. Not legal advice.
export type ComplianceFacts = {
  /** Compliance-webhook requests: any open past its due day, any closed after it (ever). */
  webhookLate: number;
  webhookCount: number;
  /** Requests closed in the last 90 days after their due day, and open ones past it now. */
  lateClosed90d: number;
  overdueOpen: number;
  /** Last retention run, if any, within the last 24 hours. */
  retentionRanWithin24h: boolean;
  /** Access or portability requests fulfilled with a delivered bundle / all closed ones (90 days). */
  exportsDelivered90d: number;
  exportsFailed90d: number;
  staffReviewedWithin90d: boolean;
  policyConfirmed: boolean;
  dpaConfirmed: boolean;
  dpoNamed: boolean;
};

export type ComplianceItem = {
  id: string;
  title: string;
  /** measured: the app checks it; confirmed: the merchant states it. */
  kind: "measured" | "confirmed";
  done: boolean;
  /** Why it is (not) done, and what would complete it. */
  explanation: string;
  /** A merchant action that completes or undoes it on the Compliance tab. */
  action: "policy" | "dpa" | "staff" | "settings" | null;
};

export const NOT_LEGAL_ADVICE =
  "This checklist helps you keep track of your duties; it is not legal advice. Ask a lawyer about your store's obligations.";

const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function complianceItems(f: ComplianceFacts): ComplianceItem[] {
  return [
    {
      id: "webhooks",
      title: "Shopify's compliance requests answered within 30 days",
      kind: "measured",
      done: f.webhookLate === 0,
      explanation:
        f.webhookLate === 0
          ? f.webhookCount === 0
            ? "No compliance request from Shopify so far; each one that arrives must be completed within 30 days."
            : `All ${n(f.webhookCount, "request")} from Shopify were answered in time or are still within their deadline.`
          : `${n(f.webhookLate, "request")} from Shopify went past the 30 days. Complete the open ones on the Data Requests tab.`,
      action: null,
    },
    {
      id: "on_time",
      title: "Every request closed on time in the last 90 days",
      kind: "measured",
      done: f.lateClosed90d === 0 && f.overdueOpen === 0,
      explanation:
        f.lateClosed90d === 0 && f.overdueOpen === 0
          ? "No request was closed late in the last 90 days and none is overdue."
          : `${n(f.lateClosed90d, "request")} closed late in the last 90 days, ${n(f.overdueOpen, "request")} overdue now. Close overdue requests; this clears 90 days after the last late one.`,
      action: null,
    },
    {
      id: "retention",
      title: "Retention job ran in the last 24 hours",
      kind: "measured",
      done: f.retentionRanWithin24h,
      explanation: f.retentionRanWithin24h
        ? "The nightly job removed or anonymised what is past its retention period."
        : "The retention job has not run in the last 24 hours. It runs nightly; the Policies tab shows its last run.",
      action: null,
    },
    {
      id: "export",
      title: "Data exports delivered",
      kind: "measured",
      done: f.exportsFailed90d === 0,
      explanation:
        f.exportsFailed90d === 0
          ? f.exportsDelivered90d === 0
            ? "No access request was fulfilled in the last 90 days; fulfilling one e-mails a signed link to the data."
            : `${n(f.exportsDelivered90d, "export")} delivered in the last 90 days, none failed.`
          : `${n(f.exportsFailed90d, "access request")} of the last 90 days ended without the data being sent. Answer the next ones with Fulfil.`,
      action: null,
    },
    {
      id: "staff",
      title: "Staff with access reviewed in the last 90 days",
      kind: "measured",
      done: f.staffReviewedWithin90d,
      explanation: f.staffReviewedWithin90d
        ? "Someone reviewed who has access to this store's data in the last 90 days."
        : "Review the team under Settings → Team, remove who no longer needs access, then mark it reviewed here.",
      action: "staff",
    },
    {
      id: "policy",
      title: "Privacy policy published",
      kind: "confirmed",
      done: f.policyConfirmed,
      explanation: f.policyConfirmed
        ? "You confirmed your store publishes a privacy policy."
        : "Publish a privacy policy in Shopify (Settings → Policies) and confirm it here.",
      action: "policy",
    },
    {
      id: "dpa",
      title: "Data processing agreements in place",
      kind: "confirmed",
      done: f.dpaConfirmed,
      explanation: f.dpaConfirmed
        ? "You confirmed agreements are in place with the processors that handle your customers' data."
        : "Sign a data processing agreement with each service that processes your customers' data, then confirm it here.",
      action: "dpa",
    },
    {
      id: "dpo",
      title: "Data protection contact named",
      kind: "measured",
      done: f.dpoNamed,
      explanation: f.dpoNamed
        ? "A data protection officer or contact is named in the privacy settings."
        : "Name a data protection officer or contact (name and e-mail) in the privacy settings.",
      action: "settings",
    },
  ];
}

/** round(100 × done ÷ required); every item on the list is required. */
export function complianceScore(items: readonly ComplianceItem[]): number {
  if (!items.length) return 100;
  return Math.round((100 * items.filter((i) => i.done).length) / items.length);
}
