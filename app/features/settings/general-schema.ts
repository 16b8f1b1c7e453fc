// Settings → General: the one schema of the form, used by the tab (Save enabled state)
// and by the action (docs/product/settings.md#general).
import { z } from "zod";
import { isValidTimeZone } from "~/lib/dates";
import type { FieldErrors } from "~/lib/forms";
import { DEFAULT_THEME, THEMES, type Theme } from "~/lib/theme";

export const THEME_LABELS: Record<Theme, string> = {
  light: "Light",
  dark: "Dark",
  auto: "Auto (follows the system)",
};

// Area/Location names (and the few single-word ones such as UTC); not offsets like "UTC-8" or "+05:00".
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** An IANA time zone name this runtime knows. */
export function isIanaTimeZone(name: string): boolean {
  return IANA_NAME.test(name) && isValidTimeZone(name);
}

const toggle = z
  .union([z.boolean(), z.enum(["true", "false", "on", ""])], { message: "Must be on or off" })
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

export const generalSettingsSchema = z.object({
  // Empty: follow Shopify's time zone.
  reportingTimezone: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || isIanaTimeZone(v), "Unknown time zone"),
  theme: z.enum(THEMES, { message: "Choose dark, light or auto" }),
  // Read only: the only value accepted is the shop's own (checked on the server, which knows it).
  currency: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null),
  autoRefresh: toggle,
  dailySummary: toggle,
  weekStartsMonday: toggle,
});
export type GeneralSettingsInput = z.infer<typeof generalSettingsSchema>;

/** What the tab edits, as stored. */
export type GeneralSettingsValues = {
  reportingTimezone: string | null;
  theme: Theme;
  autoRefresh: boolean;
  dailySummary: boolean;
  weekStartsMonday: boolean;
};

/** Just the stored values of a larger object (the loader's answer carries more). */
export function generalValues(v: GeneralSettingsValues): GeneralSettingsValues {
  const { reportingTimezone, theme, autoRefresh, dailySummary, weekStartsMonday } = v;
  return { reportingTimezone, theme, autoRefresh, dailySummary, weekStartsMonday };
}

export const DEFAULT_GENERAL_SETTINGS: GeneralSettingsValues = {
  reportingTimezone: null,
  theme: DEFAULT_THEME,
  autoRefresh: false,
  dailySummary: false,
  weekStartsMonday: false,
};

/** The message for a currency other than the shop's: unknown codes and real ones are told apart. */
export function currencyError(requested: string, shopCurrency: string): string {
  const known = /^[A-Z]{3}$/.test(requested) && Intl.supportedValuesOf("currency").includes(requested);
  return known
    ? `Amounts are stored in ${shopCurrency}, the currency Shopify reports for the store; it cannot be changed here`
    : "Unknown currency";
}

/** The action's answer to the General tab. */
export type GeneralSettingsResult = { ok: true; message: string } | { ok: false; errors: FieldErrors };
