// Twilio's delivery reports (the StatusCallback every SMS names): POSTed form-encoded to
// /webhooks/twilio/status, signed in X-Twilio-Signature with the account's Auth Token — base64 of
// HMAC-SHA1 over the full URL followed by every POST parameter, sorted by name, as name + value.
// Only a terminal status is recorded (delivered, undelivered, failed), the first one kept, so a
// retried or late callback changes nothing; "delivered" for SMS means Twilio's report, not
// Twilio's acceptance. Nothing of the message (number, body) is logged.
import crypto from "node:crypto";
import { prisma } from "~/db.server";
import { openSecret } from "~/platform/secret-box.server";
import { secretsKey } from "./sms.server";

const TERMINAL = new Set(["delivered", "undelivered", "failed"]);

/** Twilio's request signature for a form-encoded POST to `url`. */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) for (const value of params.getAll(name)) data += name + value;
  return crypto.createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

const sameSignature = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type StatusAnswer = "forbidden" | "ignored" | "recorded";

/** Verifies and records one status callback: forbidden (403), ignored or recorded (both 200). */
export async function recordSmsStatus(
  url: string,
  params: URLSearchParams,
  signature: string | null,
  key = secretsKey(),
): Promise<StatusAnswer> {
  const accountSid = params.get("AccountSid") ?? "";
  if (!signature || !accountSid) return "forbidden";
  // One account may serve several shops: the shops whose stored token signed this request.
  const connections = await prisma.twilioConnection.findMany({
    where: { accountSid },
    select: { shopId: true, authToken: true },
  });
  const shops = connections
    .filter((c) => sameSignature(twilioSignature(openSecret(key, c.authToken), url, params), signature))
    .map((c) => c.shopId);
  if (!shops.length) return "forbidden";
  const sid = params.get("MessageSid") ?? params.get("SmsSid") ?? "";
  const status = (params.get("MessageStatus") ?? params.get("SmsStatus") ?? "").toLowerCase();
  if (!sid || !TERMINAL.has(status)) return "ignored";
  const send = await prisma.engagementSend.findFirst({
    where: { shopId: { in: shops }, providerMessageId: sid },
    select: { id: true },
  });
  if (!send) return "ignored";
  const code = params.get("ErrorCode");
  const { count } = await prisma.engagementSend.updateMany({
    where: { id: send.id, deliveryStatus: null },
    data:
      status === "delivered"
        ? { deliveryStatus: status }
        : {
            deliveryStatus: status,
            status: "failed",
            error: `${/^\d+$/.test(code ?? "") ? `${code}: ` : ""}Twilio reported the message ${status}`,
          },
  });
  return count ? "recorded" : "ignored";
}
