// GET /ad-platforms/:platform/demo-consent: the demo store's stand-in for a platform's consent
// page. It approves at once and sends the browser to the callback with a code and the state, as
// the platform would; the code is then exchanged through the replay (replay.server.ts). 404
// outside the demo, and it only ever redirects to this app's own callback.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { adConfig, isAdPlatform } from "~/features/ad-platforms/index.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const config = adConfig();
  const platform = params.platform;
  if (!config.demo || !isAdPlatform(platform)) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const callback = `/ad-platforms/${platform}/callback`;
  const back = new URL(callback, url.origin);
  back.searchParams.set("state", url.searchParams.get("state") ?? "");
  back.searchParams.set(platform === "tiktok_ads" ? "auth_code" : "code", `code-demo-${platform}`);
  throw redirect(`${back.pathname}${back.search}`);
}
