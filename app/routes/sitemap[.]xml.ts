// sitemap.xml: every public page and blog article.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { publicOrigin } from "~/platform/http.server";
import { withPublicSecurityHeaders } from "~/lib/security-headers";
import { sitemapXml } from "~/content/sitemap";

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  return new Response(sitemapXml(origin), {
    headers: withPublicSecurityHeaders(
      { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
      env.nodeEnv === "production",
    ),
  });
}
