// The critical CSS of a server-rendered page: the rules of a stylesheet that can match the
// page's markup, so the page paints from an inline <style> while the whole stylesheet loads
// without blocking (docs/decisions/082-critical-css.md). A rule is kept when one of its
// selectors names only classes the page's HTML uses (classes inside :not(), :is(), :where()
// and :has() are not required); a selector without classes (html, body, :root) is always kept.
// At-rules that group rules (@media, @supports, @layer, @container) are kept with the rules
// kept inside them; other blocks (@keyframes, @font-face) are kept whole.

type Node =
  | { kind: "rule"; text: string; selectors: string[][] }
  | { kind: "group"; prelude: string; children: Node[] }
  | { kind: "whole"; text: string };

export type ParsedSheet = Node[];

const GROUPS = /^@(media|supports|layer|container)\b/i;

/** The index just past a quoted string starting at `i` (a backslash escapes the next character). */
function skipString(css: string, i: number): number {
  const quote = css[i];
  for (let j = i + 1; j < css.length; j++) {
    if (css[j] === "\\") j++;
    else if (css[j] === quote) return j + 1;
  }
  return css.length;
}

/** The index of the first `stop` character at nesting depth 0 from `i`, skipping strings and comments. */
function scan(css: string, i: number, stops: string): number {
  let depth = 0;
  for (let j = i; j < css.length; j++) {
    const c = css[j];
    if (c === '"' || c === "'") j = skipString(css, j) - 1;
    else if (c === "/" && css[j + 1] === "*")
      j = css.indexOf("*/", j + 2) < 0 ? css.length : css.indexOf("*/", j + 2) + 1;
    else if (depth === 0 && stops.includes(c)) return j;
    else if (c === "{" || c === "(") depth++;
    else if (c === "}" || c === ")") depth--;
  }
  return css.length;
}

/** Top-level commas of a selector list. */
function splitSelectors(prelude: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let j = 0; ;) {
    const k = scan(prelude, j, ",");
    out.push(prelude.slice(start, k));
    if (k >= prelude.length) return out;
    start = j = k + 1;
  }
}

const FUNCTIONAL_PSEUDO = /:(?:not|is|where|has|matches)\(/gi;

/** The classes a selector requires of the page. */
function requiredClasses(selector: string): string[] {
  let plain = selector.replace(/\[[^\]]*\]/g, "");
  for (let m = FUNCTIONAL_PSEUDO.exec(plain); m; m = FUNCTIONAL_PSEUDO.exec(plain)) {
    const open = m.index + m[0].length;
    const close = scan(plain, open, ")");
    plain = plain.slice(0, m.index) + plain.slice(close + 1);
    FUNCTIONAL_PSEUDO.lastIndex = m.index;
  }
  return [...plain.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1].replace(/\\(.)/g, "$1"));
}

const compact = (text: string) => text.replace(/\s*\n\s*/g, "").trim();

export function parseSheet(css: string, from = 0, to = css.length): ParsedSheet {
  const nodes: Node[] = [];
  let i = from;
  while (i < to) {
    while (i < to && /\s/.test(css[i])) i++;
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? to : end + 2;
      continue;
    }
    if (i >= to) break;
    const brace = Math.min(scan(css, i, "{;}"), to);
    if (brace >= to || css[brace] !== "{") {
      i = brace + 1; // @charset, @import or a stray character: nothing to keep inline
      continue;
    }
    const prelude = compact(css.slice(i, brace));
    const close = Math.min(scan(css, brace + 1, "}"), to);
    if (GROUPS.test(prelude)) nodes.push({ kind: "group", prelude, children: parseSheet(css, brace + 1, close) });
    else if (prelude.startsWith("@")) nodes.push({ kind: "whole", text: compact(css.slice(i, close + 1)) });
    else
      nodes.push({
        kind: "rule",
        text: `${prelude}{${compact(css.slice(brace + 1, close))}}`,
        selectors: splitSelectors(prelude).map(requiredClasses),
      });
    i = close + 1;
  }
  return nodes;
}

/** Every class named in the HTML's class attributes. */
export function htmlClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1].split(/\s+/)) if (c) classes.add(c);
  return classes;
}

function pick(nodes: ParsedSheet, classes: Set<string>): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "whole") out += node.text;
    else if (node.kind === "group") {
      const inner = pick(node.children, classes);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else if (node.selectors.some((required) => required.every((c) => classes.has(c)))) out += node.text;
  }
  return out;
}

/** The rules of `sheet` the page can use: `classes` are the page's (htmlClasses) and any a script adds before paint. */
export function criticalCss(sheet: ParsedSheet, classes: Set<string>): string {
  // "</style" inside a rule would end the inline element early.
  return pick(sheet, classes).replace(/<\/(style)/gi, "<\\/$1");
}

/** Rendered into the admin's inline <style>; the server puts the page's critical CSS in its place. */
export const CRITICAL_CSS_SLOT = "/*critical-css*/";
