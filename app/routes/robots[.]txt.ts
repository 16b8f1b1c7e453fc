// robots.txt: the public site is crawlable; the app, its API and auth are not.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { publicOrigin } from "~/platform/http.server";
import { withPublicSecurityHeaders } from "~/lib/security-headers";

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /auth/",
    "Disallow: /webhooks/",
    "Disallow: /dashboard",
    "Disallow: /costs",
    "Disallow: /settings",
    "Disallow: /app/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: withPublicSecurityHeaders(
      { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
      env.nodeEnv === "production",
    ),
  });
}
