// The clock of a data request (docs/product/privacy.md, decision 098): every rule that binds the
// request gives a due day and the earliest one applies; that is the day the merchant is reminded of.
// Days are calendar days ("YYYY-MM-DD") in the shop's time zone: the day of receipt is day 0.
// Business days are Monday to Friday; public holidays are not known to the app and are not skipped,
// which only ever makes a business-day deadline earlier (safe side).
import { addDays } from "~/lib/dates";

export const REGULATIONS = ["gdpr", "uk_gdpr", "ccpa", "lgpd", "other"] as const;
export type Regulation = (typeof REGULATIONS)[number];
export const REQUEST_TYPES = ["access", "deletion", "portability", "rectification", "opt_out"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** The promise shown to customers on the public pages (admin-and-public.md §9). */
export const DEFAULT_PROMISE_DAYS = 30;
/** Shopify: compliance webhooks must be completed within 30 days (shopify.dev, "Privacy law compliance"). */
export const SHOPIFY_WEBHOOK_DAYS = 30;

export type RuleId =
  | "gdpr_one_month"
  | "gdpr_extended"
  | "ccpa_45_days"
  | "ccpa_extended"
  | "ccpa_opt_out_15_business_days"
  | "lgpd_access_15_days"
  | "shopify_webhook_30_days"
  | "promise";

export type DeadlineRule = { id: RuleId; dueOn: string; source: string };

export type DeadlineInput = {
  regulation: Regulation;
  type: RequestType;
  /** The day the request was received, in the shop's zone. */
  receivedOn: string;
  /** Arrived through one of Shopify's compliance webhooks (customers/data_request, customers/redact). */
  viaShopifyWebhook: boolean;
  /** Days promised to customers ("within 30 days"); a whole number ≥ 1. */
  promiseDays: number;
  /** An extension notice has been sent (see `canExtend`). */
  extended: boolean;
};

export type Deadline = {
  /** The earliest due day of every rule that applies: the one the merchant works to. */
  dueOn: string;
  /** The rules that gave a day, earliest first; `dueOn` is the first one's. */
  rules: DeadlineRule[];
  /** CCPA: receipt must be confirmed by this day; null elsewhere. */
  confirmBy: string | null;
  /** The last day an extension notice may be sent, or null when the regime allows none. */
  extensionNoticeBy: string | null;
};

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split("-").map(Number);
  return [y, m, d];
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The same day `months` calendar months later, or the last day of that month when it is shorter
 * (31 January + 1 month = 28 or 29 February). This is how the EU reads "one month": Regulation
 * (EEC, Euratom) No 1182/71 art. 3(2)(c), applied to the GDPR by the EDPB guidelines 01/2022 on the
 * right of access, §157, and by the ICO's guidance on time limits for the UK GDPR.
 */
export function addCalendarMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(d, daysInMonth(year, month)));
}

function weekday(day: string): number {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function isBusinessDay(day: string): boolean {
  const w = weekday(day);
  return w !== 0 && w !== 6;
}

/** The `n`th business day after `day` (the day itself does not count). */
export function addBusinessDays(day: string, n: number): string {
  let current = day;
  for (let left = n; left > 0;) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) left -= 1;
  }
  return current;
}

function legalRules(input: DeadlineInput): {
  rules: DeadlineRule[];
  confirmBy: string | null;
  noticeBy: string | null;
} {
  const { regulation, type, receivedOn, extended } = input;
  if (regulation === "gdpr" || regulation === "uk_gdpr") {
    // GDPR and UK GDPR art. 12(3): without undue delay and at the latest within one month of
    // receipt; extendable by two further months where necessary, informing the person within the
    // first month with the reasons.
    const oneMonth = addCalendarMonths(receivedOn, 1);
    const rule: DeadlineRule = extended
      ? {
          id: "gdpr_extended",
          dueOn: addCalendarMonths(receivedOn, 3),
          source: "GDPR art. 12(3): extended by two months",
        }
      : { id: "gdpr_one_month", dueOn: oneMonth, source: "GDPR art. 12(3): one month from receipt" };
    return { rules: [rule], confirmBy: null, noticeBy: oneMonth };
  }
  if (regulation === "ccpa") {
    // CCPA regulations, Cal. Code Regs. tit. 11 §7021(a): confirm receipt within 10 business days;
    // §7021(b) and Civ. Code §1798.130(a)(2): respond within 45 calendar days of receipt, extendable
    // once by 45 more with notice inside the first 45. §7026(f): act on an opt-out of sale or sharing
    // within 15 business days (no extension).
    const confirmBy = addBusinessDays(receivedOn, 10);
    if (type === "opt_out")
      return {
        rules: [
          {
            id: "ccpa_opt_out_15_business_days",
            dueOn: addBusinessDays(receivedOn, 15),
            source: "CCPA regs §7026(f): opt-out within 15 business days",
          },
        ],
        confirmBy: null,
        noticeBy: null,
      };
    const first = addDays(receivedOn, 45);
    const rule: DeadlineRule = extended
      ? { id: "ccpa_extended", dueOn: addDays(receivedOn, 90), source: "CCPA §1798.130(a)(2): extended by 45 days" }
      : { id: "ccpa_45_days", dueOn: first, source: "CCPA §1798.130(a)(2): 45 days from receipt" };
    return { rules: [rule], confirmBy, noticeBy: first };
  }
  if (regulation === "lgpd" && (type === "access" || type === "portability")) {
    // LGPD (Lei 13.709/2018) art. 19, II: a complete answer to access within 15 days of the request.
    return {
      rules: [{ id: "lgpd_access_15_days", dueOn: addDays(receivedOn, 15), source: "LGPD art. 19, II: 15 days" }],
      confirmBy: null,
      noticeBy: null,
    };
  }
  return { rules: [], confirmBy: null, noticeBy: null };
}

/** The due day of a request: the earliest of its regime's rule, Shopify's 30 days and the promise. */
export function deadlineOf(input: DeadlineInput): Deadline {
  const legal = legalRules(input);
  const rules = [...legal.rules];
  if (input.viaShopifyWebhook)
    rules.push({
      id: "shopify_webhook_30_days",
      dueOn: addDays(input.receivedOn, SHOPIFY_WEBHOOK_DAYS),
      source: "Shopify compliance webhooks: complete within 30 days",
    });
  // The promise shown to customers binds until an extension notice, under a regime that allows one,
  // tells the person a later date.
  const extendedByLaw = input.extended && legal.rules.some((r) => r.id === "gdpr_extended" || r.id === "ccpa_extended");
  if (!extendedByLaw)
    rules.push({
      id: "promise",
      dueOn: addDays(input.receivedOn, Math.max(1, Math.floor(input.promiseDays))),
      source: "Promise shown to customers",
    });
  rules.sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0));
  return {
    dueOn: rules[0].dueOn,
    rules,
    confirmBy: legal.confirmBy,
    extensionNoticeBy: input.extended ? null : legal.noticeBy,
  };
}

/**
 * Whether an extension notice may be sent on `today`: a regime that allows one, once, inside the
 * first period, and only when it moves the due day (Shopify's 30 days bind a webhook's request anyway).
 */
export function canExtend(input: DeadlineInput, today: string): boolean {
  if (input.extended) return false;
  const { extensionNoticeBy, dueOn } = deadlineOf(input);
  return (
    extensionNoticeBy !== null && today <= extensionNoticeBy && deadlineOf({ ...input, extended: true }).dueOn > dueOn
  );
}

/** Overdue is computed, never stored: open and past its due day in the shop's zone. */
export function isOverdue(status: string, dueOn: string, today: string): boolean {
  return (status === "pending" || status === "in_progress") && today > dueOn;
}
