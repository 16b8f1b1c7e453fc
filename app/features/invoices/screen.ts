// What the invoices screen's routes and components share (browser-safe).
import type { SerializeFrom } from "@remix-run/node";
import type { FieldErrors } from "~/lib/forms";
import type { invoiceScreenDetail } from "~/features/invoices/detail.server";

/** The detail route's loader data as the browser receives it: invoiceScreenDetail()'s result, serialized. */
export type InvoiceDetailData = SerializeFrom<typeof invoiceScreenDetail>;

export type ActionResult =
  | { ok: true; intent: string; invoiceNumber?: string }
  | { ok: false; intent: string; message: string; fieldErrors?: FieldErrors; upgradeUrl?: string };

export type ToastState = { content: string; error?: boolean } | null;

/** What the list route hands its child routes (detail, create, settings) through <Outlet context>. */
export type InvoicesOutletContext = {
  toast: (toast: ToastState) => void;
  send: (invoiceId: string) => void;
  /** Back to the list, keeping its filter. */
  close: () => void;
};

export const TOAST = {
  created: "Invoice Created — Your smart invoice has been created successfully.",
  createFailed: "Error — Failed to create invoice.",
  sent: "Invoice Sent — The invoice has been sent successfully.",
  sendFailed: "Error — Failed to send invoice. Please try again.",
  paid: "Invoice marked as paid",
  voided: "Invoice voided",
  deleted: "Draft deleted",
  recurringStopped: "Recurring stopped",
  settings: "Invoice settings saved",
  settingsFailed: "Error — Failed to save invoice settings.",
} as const;

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function newKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;
}

export const EVENT_LABELS: Record<string, string> = {
  created: "Created",
  sent: "Sent",
  emailed: "E-mailed",
  email_failed: "E-mail failed",
  viewed: "Viewed by the customer",
  reminder: "Reminder",
  overdue: "Overdue",
  paid: "Paid",
  void: "Voided",
  recurring_next: "Next invoice created",
  recurring_skipped: "Recurring invoice skipped",
  recurring_stopped: "Recurring stopped",
};
