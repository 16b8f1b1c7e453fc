// The /privacy screen's tabs (admin-and-public.md §2 screen 8) and what its action answers.
import type { FieldErrors } from "~/lib/forms";

export const PRIVACY_TABS = ["overview", "requests", "compliance", "policies"] as const;
export type PrivacyTab = (typeof PRIVACY_TABS)[number];
export const TAB_LABELS: Record<PrivacyTab, string> = {
  overview: "Overview",
  requests: "Data Requests",
  compliance: "Compliance",
  policies: "Policies",
};

export type PrivacyActionResult =
  { ok: true; intent: string } | { ok: false; fieldErrors: FieldErrors; refused?: string };
