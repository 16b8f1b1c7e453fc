// A stored e-mail's HTML made fit for the outbox's preview frame: links open in a new
// tab (a <base target="_blank">), since the sandboxed frame cannot show another site
// (most refuse to be framed) and must not navigate the app.
const BASE = '<base target="_blank">';

/** The HTML with a <base target="_blank"> as the first thing in its head (one is added when it has none). */
export function withLinksInNewTab(html: string): string {
  const withoutBase = html.replace(/<base\b[^>]*>/gi, "");
  const head = /<head\b[^>]*>/i.exec(withoutBase);
  if (head) return withoutBase.replace(head[0], `${head[0]}${BASE}`);
  const root = /<html\b[^>]*>/i.exec(withoutBase);
  if (root) return withoutBase.replace(root[0], `${root[0]}<head>${BASE}</head>`);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(withoutBase);
  if (doctype) return withoutBase.replace(doctype[0], `${doctype[0]}${BASE}`);
  return `${BASE}${withoutBase}`;
}
