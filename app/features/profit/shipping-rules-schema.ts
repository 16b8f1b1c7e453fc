// The shipping rule form (docs/decisions/092): one schema for the dialog and the action.
// Weight bands are typed one per line, "0-500: 4.50" (grams from–to: cost), from inclusive,
// to exclusive, so 500 g falls in the band that starts at 500.
import { z } from "zod";
import { DECIMAL_PATTERN, decimalStringToMinor, tooManyDecimals } from "~/lib/money";
import { SHIPPING_BASES, SHIPPING_SCOPES, type WeightBand } from "~/features/profit/shipping-costs";

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** An ISO 3166-1 alpha-2 code the runtime knows ("US", "gb" → "GB"), or null. */
export function countryCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  try {
    return regionNames.of(code) ? code : null;
  } catch {
    return null;
  }
}

export const countryName = (code: string) => regionNames.of(code) ?? code;

/** "DE, FR nl" → ["DE", "FR", "NL"], or the first part that is not a country code. */
export function parseCountryList(text: string): { codes: string[] } | { bad: string } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const codes: string[] = [];
  for (const p of parts) {
    const code = countryCode(p);
    if (!code) return { bad: p.slice(0, 20) };
    if (!codes.includes(code)) codes.push(code);
  }
  return { codes };
}

const BAND_LINE = /^\s*(\d{1,7})\s*-\s*(\d{1,7})\s*(?:g)?\s*[:=]\s*(\d{1,9}(?:\.\d+)?)\s*$/i;

/** Bands typed one per line, in the shop's currency, or the reason they cannot be read. */
export function parseBandsText(text: string, currency: string): { bands: WeightBand[] } | { reason: string } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return { reason: "Enter at least one band, like 0-500: 4.50" };
  if (lines.length > 50) return { reason: "At most 50 bands" };
  const bands: WeightBand[] = [];
  for (const [i, line] of lines.entries()) {
    const m = BAND_LINE.exec(line);
    if (!m) return { reason: `Line ${i + 1} must read "from-to: cost" in grams, like 0-500: 4.50` };
    const [fromGrams, toGrams] = [Number(m[1]), Number(m[2])];
    if (toGrams <= fromGrams) return { reason: `Line ${i + 1}: the band must end above where it starts` };
    if (!DECIMAL_PATTERN.test(m[3])) return { reason: `Line ${i + 1}: the cost must be an amount of 0 or more` };
    const finer = tooManyDecimals(m[3], currency);
    if (finer) return { reason: `Line ${i + 1}: ${finer}` };
    const costMinor = decimalStringToMinor(m[3], currency);
    if (costMinor === null) return { reason: `Line ${i + 1}: the cost is too large` };
    bands.push({ fromGrams, toGrams, costMinor });
  }
  bands.sort((a, b) => a.fromGrams - b.fromGrams);
  for (let i = 1; i < bands.length; i++)
    if (bands[i].fromGrams < bands[i - 1].toGrams)
      return {
        reason: `Bands ${bands[i - 1].fromGrams}-${bands[i - 1].toGrams} and ${bands[i].fromGrams}-${bands[i].toGrams} overlap`,
      };
  return { bands };
}

/** Bands as the form shows them. */
export function bandsText(bands: readonly WeightBand[], decimal: (minor: number) => string): string {
  return bands.map((b) => `${b.fromGrams}-${b.toGrams}: ${decimal(b.costMinor)}`).join("\n");
}

const ZONE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} &'()._-]{0,59}$/u;

/** The form's fields; the currency-dependent checks (amount, bands) run on the server and in the dialog. */
export const shippingRuleSchema = z
  .object({
    scope: z.enum(SHIPPING_SCOPES, { message: "Choose where the rule applies" }),
    country: z.string().trim().optional().default(""),
    zoneName: z.string().trim().optional().default(""),
    zoneCountries: z.string().trim().optional().default(""),
    basis: z.enum(SHIPPING_BASES, { message: "Choose how the rule costs an order" }),
    amount: z.string().trim().optional().default(""),
    bands: z.string().optional().default(""),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.scope === "country" && !countryCode(v.country))
      issue("country", "Country must be a two-letter ISO code, like US or GB");
    if (v.scope === "zone") {
      if (!ZONE_NAME.test(v.zoneName)) issue("zoneName", "Zone name is required (letters, digits, spaces; up to 60)");
      const list = parseCountryList(v.zoneCountries);
      if ("bad" in list) issue("zoneCountries", `"${list.bad}" is not a two-letter ISO country code`);
      else if (list.codes.length === 0) issue("zoneCountries", "List the zone's countries, like DE, FR, NL");
      else if (list.codes.length > 250) issue("zoneCountries", "At most 250 countries");
    }
    if (v.basis === "weight") {
      if (!v.bands.trim()) issue("bands", "Enter at least one band, like 0-500: 4.50");
      else if (v.bands.length > 5_000) issue("bands", "Too many bands");
    } else if (!DECIMAL_PATTERN.test(v.amount)) issue("amount", "Amount must be 0 or more, like 6.50");
    else if (Number(v.amount) > 10_000) issue("amount", "Amount must be at most 10,000");
  });
export type ShippingRuleInput = z.infer<typeof shippingRuleSchema>;
