// POST /webhooks/twilio/status: Twilio's delivery report for an SMS campaign message
// (docs/decisions/112-engagement-delivery-and-receipts.md). A bad signature answers 403; an unknown
// message or a status that is not final answers 200 (Twilio would retry anything else).
import type { ActionFunctionArgs } from "@remix-run/node";
import { recordSmsStatus } from "~/features/engagement/index.server";
import { publicOrigin } from "~/platform/http.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const params = new URLSearchParams(await request.text());
  // Twilio signs the URL it was given: this app's public origin, not the address the proxy forwarded.
  const { pathname, search } = new URL(request.url);
  const answer = await recordSmsStatus(
    `${publicOrigin()}${pathname}${search}`,
    params,
    request.headers.get("X-Twilio-Signature"),
  );
  return new Response(null, { status: answer === "forbidden" ? 403 : 200 });
}
