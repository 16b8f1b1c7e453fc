// Money is integer minor units with an ISO 4217 currency code. This module is the
// one place that converts between minor units, decimal strings and display text.

const digitsCache = new Map<string, number>();

/** Number of minor-unit digits of a currency (USD 2, JPY 0, KWD 3). */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase();
  let digits = digitsCache.get(code);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat("en-US", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ??
      2;
    digitsCache.set(code, digits);
  }
  return digits;
}

const formatterCache = new Map<string, Intl.NumberFormat>();

export type MoneyFormat = {
  locale?: string;
  /**
   * Every amount carries its sign: "+$283.00", "−$283.00" (U+2212, the typographic minus), "$0.00".
   * For amounts read as a change, such as a statement's cost lines shown as what they take away.
   */
  signed?: boolean;
};

/**
 * Formats minor units for display, e.g. formatMoney(123456, "USD") === "$1,234.56" and
 * formatMoney(-28300, "USD", { signed: true }) === "−$283.00". The one place money becomes
 * text: a caller never adds a sign of its own.
 */
export function formatMoney(
  minor: number,
  currency: string,
  { locale = "en-US", signed = false }: MoneyFormat = {},
): string {
  const code = currency.toUpperCase();
  const key = `${locale}|${code}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    const digits = currencyDigits(code);
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatterCache.set(key, formatter);
  }
  const scale = 10 ** currencyDigits(code);
  if (!signed) return formatter.format(minor / scale);
  const sign = minor > 0 ? "+" : minor < 0 ? "\u2212" : "";
  return `${sign}${formatter.format(Math.abs(minor) / scale)}`;
}

/** Minor units as a plain decimal string ("1234.50"), the API's wire format for amounts. */
export function minorToDecimalString(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor))
    .toString()
    .padStart(digits + 1, "0");
  const whole = digits === 0 ? abs : abs.slice(0, -digits);
  const fraction = digits === 0 ? "" : `.${abs.slice(-digits)}`;
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/**
 * minorToDecimalString for one currency, for a million cells: the currency's digits are looked
 * up once, and whole numbers are formatted without padding or slicing strings.
 */
export function minorFormatter(currency: string): (minor: number) => string {
  const digits = currencyDigits(currency);
  if (digits === 0) return (minor) => String(Math.trunc(minor) || 0);
  const scale = 10 ** digits;
  return (minor) => {
    const m = Math.trunc(minor);
    const abs = m < 0 ? -m : m;
    const whole = Math.floor(abs / scale);
    let fraction = String(abs - whole * scale);
    while (fraction.length < digits) fraction = "0" + fraction;
    return (m < 0 ? "-" : "") + whole + "." + fraction;
  };
}

export const DECIMAL_PATTERN = /^\d{1,12}(\.\d+)?$/;

/** Amounts are stored as 32-bit integers of minor units on both engines. */
export const MAX_MINOR = 2_147_483_647;

/**
 * Parses a non-negative decimal string into minor units, rounding half up past the
 * currency's precision. Returns null when the text is not a plain decimal or the
 * amount does not fit the stored range (MAX_MINOR).
 */
export function decimalStringToMinor(value: string, currency: string): number | null {
  const text = value.trim();
  if (!DECIMAL_PATTERN.test(text)) return null;
  const digits = currencyDigits(currency);
  const [whole, fraction = ""] = text.split(".");
  const kept = fraction.slice(0, digits).padEnd(digits, "0");
  const roundUp = fraction.length > digits && Number(fraction[digits]) >= 5 ? 1 : 0;
  const minor = Number(whole) * 10 ** digits + Number(kept || "0") + roundUp;
  return minor > MAX_MINOR ? null : minor;
}

/** Decimal places in a plain decimal string ("12.345" → 3). */
export function decimalPlaces(value: string): number {
  const dot = value.trim().indexOf(".");
  return dot === -1 ? 0 : value.trim().length - dot - 1;
}

/** The field error for an amount finer than the currency allows, or null when it fits. */
export function tooManyDecimals(value: string, currency: string): string | null {
  const digits = currencyDigits(currency);
  if (decimalPlaces(value) <= digits) return null;
  return digits === 0 ? `${currency} amounts have no decimals` : `Use at most ${digits} decimals for ${currency}`;
}

/** Formats a fraction (0.1234) as a percentage with one decimal ("12.3%"). */
export function formatPercent(fraction: number, decimals = 1): string {
  return `${(fraction * 100).toFixed(decimals)}%`;
}

/** A multiple such as ROAS: 3.2 → "3.20×" (a ratio per unit, not a percent). */
export function formatMultiple(ratio: number, decimals = 2): string {
  return `${ratio.toFixed(decimals)}×`;
}

const symbolCache = new Map<string, string>();

function currencySymbol(currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let symbol = symbolCache.get(key);
  if (symbol === undefined) {
    symbol =
      new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(0).find((p) => p.type === "currency")
        ?.value ?? currency;
    symbolCache.set(key, symbol);
  }
  return symbol;
}

/**
 * Short money for chart axes: formatMoneyCompact(12_345_00, "USD") === "$12.3K".
 * Built by hand rather than with Intl's compact notation, whose output differs between
 * ICU versions (Node and the browser), which would break hydration.
 */
export function formatMoneyCompact(minor: number, currency: string, locale = "en-US"): string {
  const code = currency.toUpperCase();
  const major = Math.abs(minor) / 10 ** currencyDigits(code);
  const trim = (text: string) => text.replace(/\.0$/, "");
  let text = trim(major.toFixed(major < 10 && major % 1 !== 0 ? 1 : 0));
  for (const [size, suffix] of [
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ] as const) {
    if (major >= size) {
      text = `${trim((major / size).toFixed(1))}${suffix}`;
      break;
    }
  }
  return `${minor < 0 ? "-" : ""}${currencySymbol(code, locale)}${text}`;
}
