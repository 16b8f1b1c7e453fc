// The links in a campaign message: open pixel, click redirect (signed over the token and the
// destination, and checked against the shop's host again when clicked: no open redirect), and
// the unsubscribe link that the List-Unsubscribe header carries too.
import { env } from "~/env.server";
import { publicOrigin } from "~/platform/http.server";
import { signLink, verifyLink } from "~/platform/signed-link.server";

// Links in a message stay valid for a year.
const LINK_DAYS = 365;

const expiry = (now: Date) => new Date(now.getTime() + LINK_DAYS * 86_400_000);

export function clickUrl(token: string, destination: string, now = new Date()): string {
  const { expires, signature } = signLink(env.signingSecret, `click:${token}:${destination}`, expiry(now));
  const q = new URLSearchParams({ u: destination, expires, signature });
  return `${publicOrigin()}/e/c/${token}?${q.toString()}`;
}

/** Where Twilio posts an SMS's delivery report (StatusCallback). */
export function smsStatusUrl(): string {
  return `${publicOrigin()}/webhooks/twilio/status`;
}

export function openUrl(token: string): string {
  return `${publicOrigin()}/e/o/${token}`;
}

export function unsubscribeUrl(token: string, now = new Date()): string {
  const { expires, signature } = signLink(env.signingSecret, `unsubscribe:${token}`, expiry(now));
  return `${publicOrigin()}/e/u/${token}?${new URLSearchParams({ expires, signature }).toString()}`;
}

export function verifyClick(token: string, params: URLSearchParams, now = new Date()) {
  const destination = params.get("u") ?? "";
  const check = verifyLink(
    env.signingSecret,
    `click:${token}:${destination}`,
    params.get("expires"),
    params.get("signature"),
    now,
  );
  return check.ok ? destination : null;
}

export function verifyUnsubscribe(token: string, params: URLSearchParams, now = new Date()) {
  return verifyLink(env.signingSecret, `unsubscribe:${token}`, params.get("expires"), params.get("signature"), now).ok;
}

/** A destination is allowed only on the shop's own host (its myshopify domain) or this app's. */
export function allowedDestination(url: string, shopDomain: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
  if (parsed.username || parsed.password) return false;
  const host = parsed.hostname.toLowerCase();
  return host === shopDomain.toLowerCase() || host === new URL(publicOrigin()).hostname.toLowerCase();
}
