// Headers on every public response. The admin routes get Shopify's own
// frame-ancestors (they must be framed by the admin); public pages must never be framed.

export function publicSecurityHeaders({ production }: { production: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": "frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(production ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

export function withPublicSecurityHeaders(init: HeadersInit | undefined, production: boolean): Headers {
  const headers = new Headers(init);
  for (const [name, value] of Object.entries(publicSecurityHeaders({ production }))) headers.set(name, value);
  return headers;
}

/**
 * What every HTML document carries, whatever route or error produced it: a
 * frame-ancestors directive (the route's own, e.g. Shopify's admin for embedded pages,
 * else 'none'), nosniff, and HSTS in production.
 */
export function applyDocumentSecurityHeaders(headers: Headers, { production }: { production: boolean }): Headers {
  const csp = headers.get("Content-Security-Policy");
  if (!csp) headers.set("Content-Security-Policy", "frame-ancestors 'none'");
  else if (!/(^|;)\s*frame-ancestors\s/i.test(csp))
    headers.set("Content-Security-Policy", `${csp.replace(/[\s;]+$/, "")}; frame-ancestors 'none'`);
  headers.set("X-Content-Type-Options", "nosniff");
  if (production && !headers.has("Strict-Transport-Security"))
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return headers;
}
