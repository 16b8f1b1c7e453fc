// GET /api/gdpr/export?request&expires&signature: the data export, reachable only
// through the signed, expiring link e-mailed after an export request; with `bundle`, a store's
// answer to one of its access requests (features/privacy/fulfil.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { withPublicSecurityHeaders } from "~/lib/security-headers";
import { openExport } from "~/features/privacy/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const result = await openExport(new URL(request.url).searchParams);
  const production = env.nodeEnv === "production";
  if (!result.ok) {
    return new Response(result.message, {
      status: result.status,
      headers: withPublicSecurityHeaders(
        { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
        production,
      ),
    });
  }
  return new Response(result.body, {
    headers: withPublicSecurityHeaders(
      {
        "Content-Type": result.contentType,
        "Content-Disposition": `attachment; filename="${result.filename}"`,
        "Cache-Control": "no-store",
      },
      production,
    ),
  });
}
