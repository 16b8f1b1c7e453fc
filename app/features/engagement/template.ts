// Campaign content: {{ field }} merge fields, checked at save (the line that fails is named) and
// rendered at send with every value HTML-escaped; the plain-text part comes from the same source.
export const MERGE_FIELDS = [
  "first_name",
  "points_balance",
  "tier",
  "shop_url",
  "recovery_url",
  "discount_code",
  "product_title",
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

type Part = { text: string } | { field: MergeField };
export type Parsed = { ok: true; parts: Part[] } | { ok: false; line: number; message: string };

const TAG = /\{\{\s*([A-Za-z_]+)\s*\}\}/y;

/** Splits a template into text and merge fields; an unknown field or an unclosed tag names its line. */
export function parseTemplate(source: string): Parsed {
  const parts: Part[] = [];
  let i = 0;
  let text = "";
  while (i < source.length) {
    if (source.startsWith("{{", i)) {
      const line = source.slice(0, i).split("\n").length;
      TAG.lastIndex = i;
      const m = TAG.exec(source);
      if (!m) return { ok: false, line, message: `Line ${line}: a merge field opened with {{ is not closed with }}` };
      const name = m[1].toLowerCase();
      if (!(MERGE_FIELDS as readonly string[]).includes(name))
        return {
          ok: false,
          line,
          message: `Line ${line}: unknown merge field {{ ${m[1]} }}; use ${MERGE_FIELDS.map((f) => `{{ ${f} }}`).join(", ")}`,
        };
      if (text) parts.push({ text });
      text = "";
      parts.push({ field: name as MergeField });
      i += m[0].length;
    } else if (source.startsWith("}}", i)) {
      const line = source.slice(0, i).split("\n").length;
      return { ok: false, line, message: `Line ${line}: }} without an opening {{` };
    } else {
      text += source[i];
      i += 1;
    }
  }
  if (text) parts.push({ text });
  return { ok: true, parts };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The text with the values in place (the subject and the plain-text part). */
export function renderText(parts: Part[], values: MergeValues): string {
  return parts.map((p) => ("text" in p ? p.text : values[p.field])).join("");
}

const URL_RE = /https?:\/\/[^\s<>"']+/g;

/**
 * The HTML part: paragraphs from blank lines, every value and every character of the merchant's
 * text escaped, and each http(s) address turned into a link through `link` (the click tracker).
 */
export function renderHtml(parts: Part[], values: MergeValues, link: (url: string) => string): string {
  const text = renderText(parts, values);
  const paragraphs = text.split(/\n{2,}/).map((para) => {
    let out = "";
    let last = 0;
    for (const m of para.matchAll(URL_RE)) {
      out += escapeHtml(para.slice(last, m.index));
      out += `<a href="${escapeHtml(link(m[0]))}">${escapeHtml(m[0])}</a>`;
      last = m.index + m[0].length;
    }
    out += escapeHtml(para.slice(last));
    return `<p>${out.replaceAll("\n", "<br>")}</p>`;
  });
  return paragraphs.join("\n");
}

/** The http(s) addresses a rendered text links to. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(URL_RE)].map((m) => m[0]);
}
