// Signed, expiring links (HMAC-SHA256 over the payload and expiry). Used for the
// GDPR export download, which must be reachable only from the link e-mailed to the requester.
import crypto from "node:crypto";

function signature(secret: string, payload: string, expiresAt: number): string {
  return crypto.createHmac("sha256", secret).update(`${payload}.${expiresAt}`).digest("base64url");
}

export function signLink(secret: string, payload: string, expiresAt: Date): { expires: string; signature: string } {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return { expires: String(expires), signature: signature(secret, payload, expires) };
}

export type LinkCheck = { ok: true } | { ok: false; reason: "invalid" | "expired" };

export function verifyLink(
  secret: string,
  payload: string,
  expires: string | null,
  given: string | null,
  now = new Date(),
): LinkCheck {
  if (!expires || !given || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(signature(secret, payload, Number(expires)));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual))
    return { ok: false, reason: "invalid" };
  if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true };
}
