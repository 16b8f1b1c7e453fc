/**
 * Where the landing page sends a visitor arriving from the Shopify admin: with
 * `shop` and one of `installed`, `host` or `embedded`, to the dashboard, keeping the query.
 */
export function landingRedirect(url: URL): string | null {
  const q = url.searchParams;
  if (q.get("shop") && (q.has("installed") || q.has("host") || q.has("embedded"))) return `/dashboard?${q.toString()}`;
  return null;
}
