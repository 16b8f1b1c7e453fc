// GET /ad-platforms/:platform/callback: where Google, Meta and TikTok send the merchant back
// after consent. No session here: the signed, single-use `state` names the shop. On success the
// first sync (12 months) is queued (run at once in the demo) and the merchant returns to
// Settings → Integrations; a refused state or denied consent shows why, writing nothing.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { env } from "~/env.server";
import { AdRefusal, connectAndSync } from "~/features/ad-platforms/index.server";

export const meta: MetaFunction = () => [{ title: "Connecting an ad platform · Profit Pilot" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const { domain, platform } = await connectAndSync(params.platform ?? "", new URL(request.url).searchParams);
    const path = `settings?tab=integrations#integration-${platform}`;
    // Back into the admin: the embedded app's URL in a real store, the app's own page in the demo.
    throw redirect(env.shopify ? `https://${domain}/admin/apps/${env.shopify.apiKey}/${path}` : `/${path}`);
  } catch (error) {
    if (error instanceof AdRefusal) return Response.json({ message: error.message }, { status: error.status });
    throw error;
  }
}

export default function AdPlatformCallback() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 560, margin: "4rem auto", padding: "0 1rem" }}>
      <h1 style={{ fontSize: "1.25rem" }}>The ad platform was not connected</h1>
      <p>{message}</p>
      <p>Open the app again and start the connection from Settings → Integrations.</p>
    </main>
  );
}
