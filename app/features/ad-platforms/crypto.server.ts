// Tokens at rest and the OAuth `state`: AES-256-GCM (node:crypto) under AD_TOKENS_KEY, and an
// HMAC-SHA256 over the state under a key derived from it. A ciphertext reads
// "v1.<iv>.<tag>.<data>" (base64url), so a later key rotation can tell versions apart.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

const b64 = (b: Buffer) => b.toString("base64url");
const unb64 = (s: string) => Buffer.from(s, "base64url");

/** Tokens are sealed like every secret the app keeps (app/platform/secret-box.server.ts). */
export { sealSecret as encryptToken, openSecret as decryptToken } from "~/platform/secret-box.server";

const stateKey = (key: Buffer) => Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), "ad-oauth-state", 32));

export type StatePayload = { id: string; shopId: string; platform: string; exp: number };

/** `state` = base64url(JSON) + "." + HMAC: the callback learns the shop only from what it signed. */
export function signState(key: Buffer, payload: StatePayload): string {
  const body = b64(Buffer.from(JSON.stringify(payload)));
  return `${body}.${b64(createHmac("sha256", stateKey(key)).update(body).digest())}`;
}

/** The payload when the signature holds; null for anything else (expiry is the caller's check). */
export function verifyState(key: Buffer, state: string): StatePayload | null {
  const [body, mac] = state.split(".");
  if (!body || !mac) return null;
  const expected = createHmac("sha256", stateKey(key)).update(body).digest();
  const given = unb64(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const p = JSON.parse(unb64(body).toString("utf8")) as Partial<StatePayload>;
    if (typeof p.id !== "string" || typeof p.shopId !== "string" || typeof p.platform !== "string") return null;
    if (typeof p.exp !== "number") return null;
    return p as StatePayload;
  } catch {
    return null;
  }
}
