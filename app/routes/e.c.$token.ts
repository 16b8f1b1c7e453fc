// GET /e/c/{token}?u&expires&signature: a tracked link in a campaign message. It redirects only
// to the address it was signed for, and only when that is on the shop's own host: never an
// open redirect. Anything else is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { withPublicSecurityHeaders } from "~/lib/security-headers";
import { recordClick } from "~/features/engagement/index.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const destination = await recordClick(params.token ?? "", new URL(request.url).searchParams);
  if (!destination)
    return new Response("This link is not valid.", {
      status: 404,
      headers: withPublicSecurityHeaders({ "Content-Type": "text/plain; charset=utf-8" }, env.nodeEnv === "production"),
    });
  return new Response(null, { status: 302, headers: { Location: destination, "Cache-Control": "no-store" } });
}
