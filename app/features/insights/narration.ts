// Optional narration (issue 37 item 8; decision 116): a language model may reword an insight's
// description, but the wording is kept only when every number in it is one the app computed. The
// check is here, pure: the numbers of a text, and whether a narration's are all among the facts'.

/** A number as written (1,234.56 · 12.5 · 3), without its grouping commas, compared by value. */
const NUMBER = /\d[\d,]*(?:\.\d+)?/g;

export function numbersIn(text: string): number[] {
  return (text.match(NUMBER) ?? []).map((token) => Number(token.replace(/,/g, ""))).filter((n) => Number.isFinite(n));
}

export type NarrationSource = {
  title: string;
  description: string;
  facts: Record<string, string | number | null>;
};

/** The numbers a narration may use: those of the title and description (written from the facts by
 * the detector's template) and the facts' own values. */
export function allowedNumbers(source: NarrationSource): Set<number> {
  const allowed = new Set<number>([...numbersIn(source.title), ...numbersIn(source.description)]);
  for (const value of Object.values(source.facts)) {
    if (typeof value === "number" && Number.isFinite(value)) allowed.add(Math.abs(value));
    if (typeof value === "string") for (const n of numbersIn(value)) allowed.add(n);
  }
  return allowed;
}

export const NARRATION_MAX_CHARS = 600;

export type NarrationCheck =
  { ok: true; text: string } | { ok: false; reason: "empty" | "too-long" | "numbers"; stray: number[] };

/**
 * Whether a narration may replace the template text: one short paragraph, every number in it one
 * of `allowedNumbers(source)`. A rounded figure ($1,235 for $1,234.56) is a different number and
 * is refused: the merchant must be able to find each number in the evidence.
 */
export function checkNarration(candidate: string, source: NarrationSource): NarrationCheck {
  const text = candidate.replace(/\s+/g, " ").trim();
  if (!text) return { ok: false, reason: "empty", stray: [] };
  if (text.length > NARRATION_MAX_CHARS) return { ok: false, reason: "too-long", stray: [] };
  const allowed = allowedNumbers(source);
  const stray = numbersIn(text).filter((n) => !allowed.has(n));
  return stray.length ? { ok: false, reason: "numbers", stray } : { ok: true, text };
}

export const NARRATION_SYSTEM =
  "You reword one finding of a store's analytics for its owner: plain, calm, at most three sentences. " +
  "Use only the numbers given, written exactly as given; do not round, convert, add or compute any number. " +
  "Do not add advice that is not in the finding. Answer with the reworded text only.";

/** The request's user message: the finding's title, its template text and its facts. */
export function narrationPrompt(source: NarrationSource): string {
  return [
    `Title: ${source.title}`,
    `Text: ${source.description}`,
    `Facts (JSON): ${JSON.stringify(source.facts)}`,
  ].join("\n");
}
