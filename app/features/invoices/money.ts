// Invoice arithmetic in integer minor units (docs/product/invoices.md#money):
//   line total = qty × unit price; subtotal = Σ line totals;
//   tax = subtotal × rate, rounded half up to the minor unit; total = subtotal + tax + shipping.
// The rate is a fraction with at most four decimals (a percent with two), handled as
// an integer number of ten-thousandths ("basis points of a percent") so nothing is
// lost to floating point. BigInt keeps large invoices exact.
import { currencyDigits, MAX_MINOR } from "~/lib/money";

export const RATE_SCALE = 10_000;

/** 0.0825 → 825; null when the fraction has more than four decimals or is outside 0–1. */
export function rateToScaled(rate: number): number | null {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) return null;
  const scaled = rate * RATE_SCALE;
  const rounded = Math.round(scaled);
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : null;
}

/** Tax on an amount at a scaled rate, half up (amounts are never negative here). */
function taxOnBig(amountMinor: bigint, scaledRate: number): bigint {
  const scale = BigInt(RATE_SCALE);
  return (amountMinor * BigInt(scaledRate) + scale / 2n) / scale;
}

export function taxOn(amountMinor: number, scaledRate: number): number {
  return Number(taxOnBig(BigInt(amountMinor), scaledRate));
}

export type MoneyLine = { quantity: number; unitPriceMinor: number };

export type InvoiceTotals = {
  lineTotalsMinor: number[];
  subtotalMinor: number;
  taxMinor: number;
  shippingMinor: number;
  totalMinor: number;
};

export class MoneyOverflowError extends Error {
  constructor() {
    super("The invoice total is too large.");
  }
}

function safe(n: bigint): number {
  if (n > BigInt(MAX_MINOR)) throw new MoneyOverflowError();
  return Number(n);
}

export function computeTotals(lines: MoneyLine[], taxRate: number, shippingMinor: number): InvoiceTotals {
  const scaled = rateToScaled(taxRate);
  if (scaled === null) throw new RangeError(`Tax rate ${taxRate} is not a fraction 0–1 with at most four decimals`);
  const lineTotals = lines.map((l) => BigInt(l.quantity) * BigInt(l.unitPriceMinor));
  const subtotal = lineTotals.reduce((a, b) => a + b, 0n);
  const tax = taxOnBig(subtotal, scaled);
  const total = subtotal + tax + BigInt(shippingMinor);
  return {
    lineTotalsMinor: lineTotals.map(safe),
    subtotalMinor: safe(subtotal),
    taxMinor: safe(tax),
    shippingMinor,
    totalMinor: safe(total),
  };
}

/** Digits after the point in a plain decimal string ("12.5" → 1). */
export function decimalsOf(text: string): number {
  const dot = text.indexOf(".");
  return dot === -1 ? 0 : text.length - dot - 1;
}

/**
 * A non-negative amount in major units (number or decimal string) → minor units, or null
 * when it is not a plain decimal or has more decimals than the currency has.
 */
export function amountToMinor(value: number | string, currency: string): number | null {
  const text = typeof value === "number" ? numberToPlain(value) : value.trim();
  if (text === null || !/^\d{1,13}(\.\d+)?$/.test(text)) return null;
  const digits = currencyDigits(currency);
  if (decimalsOf(text) > digits) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** A JavaScript number as a plain decimal string (no exponent), or null. */
export function numberToPlain(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const s = String(n);
  return /e/i.test(s) ? null : s;
}

/** Percent text for a stored fraction: 0.0825 → "8.25". */
export function rateToPercentText(rate: number): string {
  const scaled = rateToScaled(rate) ?? Math.round(rate * RATE_SCALE);
  return (scaled / 100).toFixed(2);
}
