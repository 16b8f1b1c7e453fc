// An audit entry's before and after values (stored as JSON text) as lines a merchant reads:
// "Lead time days: 7 → 10", one per field that changed.

import { minuteInZone } from "~/lib/dates";

const MAX_VALUE = 80;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text; // cut at the stored limit, or not JSON: shown as it is
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** "leadTimeDays" → "Lead time days"; "supplier_id" → "Supplier id". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(v: unknown, timeZone: string): string {
  if (v === undefined || v === null || v === "") return "—";
  if (typeof v === "string" && INSTANT.test(v)) return minuteInZone(new Date(v), timeZone);
  if (typeof v === "string") return v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE - 1)}…` : v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  const nested = (x: unknown) => (isRecord(x) || Array.isArray(x) ? JSON.stringify(x) : valueText(x, timeZone));
  if (Array.isArray(v)) return v.length === 0 ? "none" : valueText(v.map(nested).join(", "), timeZone);
  const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${fieldLabel(k)} ${nested(x)}`);
  return valueText(entries.join(", "), timeZone);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One "field: before → after" line per changed field; a value set reads "field: value", one
 * removed "field: value → —". Instants are shown as the minute in the shop's time zone.
 */
export function describeChange(before: string | null, after: string | null, timeZone: string): string[] {
  const b = parse(before);
  const a = parse(after);
  if (b === undefined && a === undefined) return [];
  if (isRecord(b) || isRecord(a)) {
    const from = isRecord(b) ? b : {};
    const to = isRecord(a) ? a : {};
    // The entity's id is in the row already (What); repeating it reads as noise.
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((k) => k !== "id");
    const lines = keys
      .filter((k) => !same(from[k], to[k]))
      .map((k) => {
        const label = fieldLabel(k);
        if (!isRecord(b)) return `${label}: ${valueText(to[k], timeZone)}`;
        return `${label}: ${valueText(from[k], timeZone)} → ${valueText(to[k], timeZone)}`;
      });
    return lines.length > 0 ? lines : ["No field changed"];
  }
  if (b === undefined) return [valueText(a, timeZone)];
  return [`${valueText(b, timeZone)} → ${valueText(a, timeZone)}`];
}
