// Twilio's REST API, the two calls SMS campaigns make (docs/decisions/110-engagement-sms.md):
//   GET  /2010-04-01/Accounts/{AccountSid}.json           verifies the credentials before saving
//   POST /2010-04-01/Accounts/{AccountSid}/Messages.json  form-encoded To, From | MessagingServiceSid, Body
// HTTP Basic auth (Account SID : Auth Token). A message answers 201 with its `sid` and `status`; an
// error answers JSON { code, message, more_info, status } (21211: the To number is not valid).
// TWILIO_API_BASE_URL moves every call onto another server (tests run a local one that follows
// the same protocol). Twilio's messages may quote the phone number: it is masked before it is kept.

export const TWILIO_API = "https://api.twilio.com";

type Init = { method: string; headers: Record<string, string>; body?: string };
export type TwilioFetch = (url: string, init: Init) => Promise<Response>;
export type TwilioRuntime = { baseUrl: string; fetch: TwilioFetch };

export function twilioRuntime(source: Record<string, string | undefined> = process.env): TwilioRuntime {
  return {
    baseUrl: (source.TWILIO_API_BASE_URL?.trim() || TWILIO_API).replace(/\/+$/, ""),
    // A send waits at most 15 s for Twilio (the row is then failed, never sent twice).
    fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(15_000) }),
  };
}

export type TwilioCredentials = { accountSid: string; authToken: string };

export class TwilioError extends Error {
  constructor(
    /** Twilio's error code (20003 authentication, 21211 invalid To, ...); null when Twilio was not reached. */
    readonly code: number | null,
    message: string,
    /** The HTTP status Twilio answered; 0 when there was no answer. */
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = "TwilioError";
  }

  /** What the campaign shows for this recipient: "21211: The 'To' number [number] is not a valid phone number." */
  get summary() {
    return this.code ? `${this.code}: ${this.message}` : this.message;
  }
}

/** Anything that looks like a phone number in Twilio's text, masked: it never reaches a log or a screen. */
export const maskNumbers = (text: string) => text.replace(/\+?\d[\d\s().-]{5,}\d/g, "[number]");

async function call(
  rt: TwilioRuntime,
  creds: TwilioCredentials,
  method: "GET" | "POST",
  path: string,
  form?: URLSearchParams,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {
    Authorization: `Basic ${Buffer.from(`${creds.accountSid}:${creds.authToken}`).toString("base64")}`,
    Accept: "application/json",
  };
  if (form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  let response: Response;
  try {
    response = await rt.fetch(`${rt.baseUrl}${path}`, { method, headers, body: form?.toString() });
  } catch {
    throw new TwilioError(null, "Twilio could not be reached", 0);
  }
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the status alone says what happened.
  }
  if (!response.ok) {
    const code = typeof body.code === "number" ? body.code : null;
    const message = typeof body.message === "string" ? maskNumbers(body.message) : `HTTP ${response.status}`;
    throw new TwilioError(code, message.slice(0, 300), response.status);
  }
  return body;
}

const accountPath = (sid: string) => `/2010-04-01/Accounts/${encodeURIComponent(sid)}`;

/** The account behind the credentials; refuses an account that is not active. */
export async function fetchAccount(rt: TwilioRuntime, creds: TwilioCredentials) {
  const body = await call(rt, creds, "GET", `${accountPath(creds.accountSid)}.json`);
  if (body.sid !== creds.accountSid) throw new TwilioError(null, "Twilio answered for another account", 200);
  const status = typeof body.status === "string" ? body.status : "unknown";
  if (status !== "active") throw new TwilioError(null, `The Twilio account is ${status}`, 200);
  return { friendlyName: typeof body.friendly_name === "string" ? body.friendly_name.slice(0, 120) : null };
}

export type Sender = { fromNumber: string | null; messagingServiceSid: string | null };

/** Sends one SMS; Twilio's message SID and its status (queued, accepted, ...). */
export async function createMessage(
  rt: TwilioRuntime,
  creds: TwilioCredentials,
  sender: Sender,
  to: string,
  body: string,
  /** StatusCallback: the URL Twilio posts the message's delivery status to. */
  options: { statusCallback?: string } = {},
): Promise<{ sid: string; status: string }> {
  const form = new URLSearchParams({ To: to, Body: body });
  if (options.statusCallback) form.set("StatusCallback", options.statusCallback);
  if (sender.messagingServiceSid) form.set("MessagingServiceSid", sender.messagingServiceSid);
  else if (sender.fromNumber) form.set("From", sender.fromNumber);
  const answer = await call(rt, creds, "POST", `${accountPath(creds.accountSid)}/Messages.json`, form);
  if (typeof answer.sid !== "string") throw new TwilioError(null, "Twilio's answer carried no message SID", 201);
  return { sid: answer.sid, status: typeof answer.status === "string" ? answer.status : "queued" };
}
