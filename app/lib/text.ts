// Text a database can store: no NUL characters (PostgreSQL refuses them in text) and no
// unpaired UTF-16 surrogates (neither engine can encode them). Such input is refused
// with a field error, never normalised silently: what was sent is not what would be
// stored. docs/decisions/038-input-validation.md.

/** Messages per dotted path: the shape of `FieldErrors` in `~/lib/forms`, which reads forms through this module. */
type TextErrors = Record<string, string[] | undefined>;
export const BAD_TEXT_MESSAGE = "Remove the control character or broken character from this text";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text can be stored as it is. */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !LONE_SURROGATE.test(text);
}

/**
 * Field errors for every string (value or key) in a parsed JSON value or form that could
 * not be stored, keyed by its dotted path; empty when everything is storable.
 */
export function unstorableText(value: unknown, path: string[] = [], out: TextErrors = {}, depth = 0): TextErrors {
  if (depth > 64) return out;
  if (typeof value === "string") {
    if (!isStorableText(value)) (out[path.join(".") || "_form"] ??= []).push(BAD_TEXT_MESSAGE);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableText(item, [...path, String(i)], out, depth + 1));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const keyPath = [...path, isStorableText(key) ? key : "?"];
      if (!isStorableText(key)) (out[keyPath.join(".")] ??= []).push(BAD_TEXT_MESSAGE);
      unstorableText(item, keyPath, out, depth + 1);
    }
  }
  return out;
}
