// Secrets a merchant gives the app (an ad platform's tokens, their Twilio Auth Token) are stored
// sealed: AES-256-GCM (node:crypto) under a 32-byte key. A sealed value reads
// "v1.<iv>.<tag>.<data>" (base64url), so a later key rotation can tell versions apart.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const b64 = (b: Buffer) => b.toString("base64url");
const unb64 = (s: string) => Buffer.from(s, "base64url");

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", b64(iv), b64(cipher.getAuthTag()), b64(data)].join(".");
}

export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Stored secret is not readable");
  const decipher = createDecipheriv("aes-256-gcm", key, unb64(iv));
  decipher.setAuthTag(unb64(tag));
  return Buffer.concat([decipher.update(unb64(data)), decipher.final()]).toString("utf8");
}

/**
 * The key named by `variable` (32 bytes, base64), or the sentence saying why the feature that
 * needs it is off. The demo and tests use a fixed key derived from a public phrase: never a secret.
 */
export function secretKeyFrom(
  source: Record<string, string | undefined>,
  variable: string,
  devPhrase: string,
): Buffer | { error: string } {
  const raw = source[variable]?.trim();
  if (raw) {
    const key = Buffer.from(raw, "base64");
    return key.length === 32
      ? key
      : { error: `${variable} must be 32 bytes, base64-encoded (openssl rand -base64 32).` };
  }
  if (source.DEMO_MODE === "1" || source.NODE_ENV === "test") return createHash("sha256").update(devPhrase).digest();
  return { error: `Set ${variable} (32 bytes, base64) to store this secret encrypted.` };
}
