// A local stand-in for Twilio's REST API (2010-04-01), following its documented protocol: HTTP
// Basic auth with the Account SID and Auth Token (else 401, code 20003), the Account resource,
// and Messages.json taking form-encoded To, From | MessagingServiceSid and Body. A message answers
// 201 with its sid and status; an error answers { code, message, more_info, status }. Twilio's
// magic test numbers give its documented refusals: +15005550001 is not a valid To (21211),
// +15005550002 cannot be routed (21612), +15005550004 replied STOP (21610).
// A message sent with a StatusCallback gets its delivery report queued (delivered, or undelivered
// with 30003 for the numbers given as undeliverable); postStatusCallbacks posts them the way
// Twilio does: form-encoded, signed in X-Twilio-Signature with the account's Auth Token.
import { createHmac, randomBytes } from "node:crypto";
import { serveLocally } from "~tests/local-http";

export type TwilioAccount = { sid: string; authToken: string; friendlyName?: string; status?: string };
export type ReceivedMessage = {
  accountSid: string;
  to: string;
  from?: string;
  messagingServiceSid?: string;
  body: string;
};

const E164 = /^\+[1-9]\d{1,14}$/;
const REFUSED_TO: Record<string, { code: number; message: (to: string) => string }> = {
  "+15005550001": { code: 21211, message: (to) => `The 'To' number ${to} is not a valid phone number.` },
  "+15005550002": { code: 21612, message: (to) => `The 'To' phone number: ${to}, is not currently reachable.` },
  "+15005550004": { code: 21610, message: () => "Attempt to send to unsubscribed recipient" },
};

const error = (status: number, code: number, message: string) =>
  new Response(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }), {
    status,
    headers: { "Content-Type": "application/json" },
  });

const rfc2822 = (d: Date) => d.toUTCString().replace("GMT", "+0000");

/** Twilio's documented request signature: HMAC-SHA1 (Auth Token) of the URL and the sorted name+value pairs, base64. */
export function signTwilio(authToken: string, url: string, params: URLSearchParams): string {
  const pairs = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHmac("sha1", authToken)
    .update(url + pairs.map(([k, v]) => k + v).join(""))
    .digest("base64");
}

export type StatusCallback = { url: string; params: URLSearchParams; authToken: string };

export async function startTwilio(accounts: TwilioAccount[], options: { undeliverable?: string[] } = {}) {
  const received: ReceivedMessage[] = [];
  const callbacks: StatusCallback[] = [];
  const requests: { method: string; path: string }[] = [];
  const server = await serveLocally(async (url, init) => {
    const { pathname } = new URL(url);
    requests.push({ method: init.method, path: pathname });
    const [scheme, encoded] = (init.headers.authorization ?? "").split(" ");
    const [user, pass] = Buffer.from(encoded ?? "", "base64")
      .toString("utf8")
      .split(":");
    const account = accounts.find((a) => a.sid === user && a.authToken === pass);
    if (scheme !== "Basic" || !account) return error(401, 20003, "Authenticate");
    const m = /^\/2010-04-01\/Accounts\/([^/]+?)(\.json|\/Messages\.json)$/.exec(pathname);
    if (!m || m[1] !== account.sid) return error(404, 20404, `The requested resource ${pathname} was not found`);
    if (m[2] === ".json" && init.method === "GET")
      return new Response(
        JSON.stringify({
          sid: account.sid,
          friendly_name: account.friendlyName ?? "My first Twilio account",
          status: account.status ?? "active",
          type: "Full",
          date_created: rfc2822(new Date("2026-01-05T10:00:00Z")),
          uri: `/2010-04-01/Accounts/${account.sid}.json`,
        }),
        { status: 200, headers: { "Content-Type": "application/json" } },
      );
    if (m[2] !== "/Messages.json" || init.method !== "POST") return error(405, 20004, "Method not allowed");
    if (!(init.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
      return error(400, 20001, "Content-Type must be application/x-www-form-urlencoded");
    const form = new URLSearchParams(init.body ?? "");
    const to = form.get("To");
    const from = form.get("From") ?? undefined;
    const messagingServiceSid = form.get("MessagingServiceSid") ?? undefined;
    const body = form.get("Body");
    if (!to) return error(400, 21604, "A 'To' phone number is required.");
    if (!from && !messagingServiceSid)
      return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
    if (!body) return error(400, 21602, "Message body is required.");
    if (body.length > 1600) return error(400, 21617, "The concatenated message body exceeds the 1600 character limit.");
    if (!E164.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    const refused = REFUSED_TO[to];
    if (refused) return error(400, refused.code, refused.message(to));
    received.push({ accountSid: account.sid, to, from, messagingServiceSid, body });
    const sid = `SM${randomBytes(16).toString("hex")}`;
    const created = rfc2822(new Date());
    const callbackUrl = form.get("StatusCallback");
    if (callbackUrl) {
      const undelivered = options.undeliverable?.includes(to);
      const status = undelivered ? "undelivered" : "delivered";
      const params = new URLSearchParams({
        AccountSid: account.sid,
        ApiVersion: "2010-04-01",
        From: from ?? "",
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: to,
        ...(messagingServiceSid ? { MessagingServiceSid: messagingServiceSid } : {}),
        ...(undelivered ? { ErrorCode: "30003" } : {}),
      });
      callbacks.push({ url: callbackUrl, params, authToken: account.authToken });
    }
    return new Response(
      JSON.stringify({
        sid,
        account_sid: account.sid,
        to,
        from: from ?? null,
        messaging_service_sid: messagingServiceSid ?? null,
        body,
        status: messagingServiceSid ? "accepted" : "queued",
        num_segments: messagingServiceSid ? "0" : String(Math.ceil(body.length / 153)),
        num_media: "0",
        direction: "outbound-api",
        api_version: "2010-04-01",
        price: null,
        price_unit: "USD",
        error_code: null,
        error_message: null,
        date_created: created,
        date_updated: created,
        date_sent: null,
        uri: `/2010-04-01/Accounts/${account.sid}/Messages/${sid}.json`,
      }),
      { status: 201, headers: { "Content-Type": "application/json" } },
    );
  });
  /** Posts the queued delivery reports to `handler` (the app's route) as Twilio would; their answers. */
  async function postStatusCallbacks(handler: (request: Request) => Promise<Response>, list = callbacks.splice(0)) {
    const answers: number[] = [];
    for (const c of list) {
      const response = await handler(
        new Request(c.url, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Twilio-Signature": signTwilio(c.authToken, c.url, c.params),
          },
          body: c.params.toString(),
        }),
      );
      answers.push(response.status);
    }
    return answers;
  }
  return { ...server, received, requests, callbacks, postStatusCallbacks };
}
