// The invoice status machine (docs/product/invoices.md#statuses). A transition is allowed only from the
// listed states; anything else is refused with 409 and changes nothing.
export const INVOICE_STATUSES = ["draft", "sent", "paid", "overdue", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const TRANSITIONS = {
  send: { from: ["draft"], to: "sent", verb: "send" },
  markPaid: { from: ["sent", "overdue"], to: "paid", verb: "mark as paid" },
  markOverdue: { from: ["sent"], to: "overdue", verb: "mark as overdue" },
  void: { from: ["sent", "overdue"], to: "void", verb: "void" },
} as const satisfies Record<string, { from: readonly InvoiceStatus[]; to: InvoiceStatus; verb: string }>;

export type InvoiceAction = keyof typeof TRANSITIONS;

export function canTransition(status: string, action: InvoiceAction): boolean {
  return (TRANSITIONS[action].from as readonly string[]).includes(status);
}

export function illegalTransitionMessage(number: string, status: string, action: InvoiceAction): string {
  return `Invoice ${number} is ${status}; it cannot be ${action === "send" ? "sent" : action === "void" ? "voided" : action === "markPaid" ? "marked as paid" : "marked as overdue"}.`;
}

/** Actions the merchant may take on an invoice in this status (the UI shows these buttons). */
export function merchantActions(status: string): InvoiceAction[] {
  return (["send", "markPaid", "void"] as const).filter((a) => canTransition(status, a));
}

/** Polaris badge tone per status (paid green, sent blue, overdue red, draft gray, other light gray). */
export function statusTone(status: string): "success" | "info" | "critical" | "read-only" | undefined {
  switch (status) {
    case "paid":
      return "success";
    case "sent":
      return "info";
    case "overdue":
      return "critical";
    case "draft":
      return undefined;
    default:
      return "read-only";
  }
}

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/**
 * The list's filters (docs/product/invoices.md#the-list): the spec's All / Draft / Sent / Paid plus
 * Overdue and Void. Each invoice is under exactly one filter besides All ("Sent" is sent and not yet overdue).
 */
export const LIST_FILTERS = ["all", "draft", "sent", "overdue", "paid", "void"] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
