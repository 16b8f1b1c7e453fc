// The shop's own Twilio account for SMS campaigns: connect (credentials verified with one call to
// Twilio before anything is saved, the Auth Token sealed with AES-256-GCM under SECRETS_KEY),
// disconnect, and the credentials the sender uses. Every query carries the shop.
import { prisma } from "~/db.server";
import { FieldError } from "~/lib/forms";
import { openSecret, sealSecret, secretKeyFrom } from "~/platform/secret-box.server";
import type { TwilioConnectInput } from "./sms-schema";
import type { SmsStatus } from "./types";
import { fetchAccount, TwilioError, type Sender, type TwilioCredentials, type TwilioRuntime } from "./twilio.server";

const DEV_PHRASE = "profit-pilot dev secrets key";

export function secretsKey(source: Record<string, string | undefined> = process.env): Buffer {
  const key = secretKeyFrom(source, "SECRETS_KEY", DEV_PHRASE);
  if (!Buffer.isBuffer(key)) throw new FieldError({ _form: [`SMS cannot be connected: ${key.error}`] });
  return key;
}

/** What the screens show: the account (its SID ends only), the sender, never the token. */
export async function smsStatus(shopId: string): Promise<SmsStatus> {
  const row = await prisma.twilioConnection.findUnique({ where: { shopId } });
  if (!row) return { connected: false, accountSid: null, sender: null, friendlyName: null, connectedAt: null };
  return {
    connected: true,
    accountSid: `AC…${row.accountSid.slice(-6)}`,
    sender: row.messagingServiceSid ? `Messaging Service …${row.messagingServiceSid.slice(-6)}` : row.fromNumber,
    friendlyName: row.friendlyName,
    connectedAt: row.connectedAt.toISOString(),
  };
}

export const smsConnected = async (shopId: string) => (await prisma.twilioConnection.count({ where: { shopId } })) > 0;

/** Verifies the credentials with Twilio, then stores them; field errors (nothing written) otherwise. */
export async function connectTwilio(shopId: string, input: TwilioConnectInput, rt: TwilioRuntime, key = secretsKey()) {
  let account: { friendlyName: string | null };
  try {
    account = await fetchAccount(rt, { accountSid: input.accountSid, authToken: input.authToken });
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    if (error.httpStatus === 401 || error.code === 20003)
      throw new FieldError({ authToken: [`Twilio refused the Account SID and Auth Token (${error.summary})`] });
    if (error.httpStatus === 404) throw new FieldError({ accountSid: ["Twilio has no account with this SID"] });
    throw new FieldError({ _form: [`Twilio did not confirm the account: ${error.summary}`] });
  }
  const data = {
    accountSid: input.accountSid,
    authToken: sealSecret(key, input.authToken),
    fromNumber: input.fromNumber ?? null,
    messagingServiceSid: input.messagingServiceSid ?? null,
    friendlyName: account.friendlyName,
  };
  await prisma.twilioConnection.upsert({
    where: { shopId },
    create: { shopId, ...data },
    update: { ...data, connectedAt: new Date() },
  });
}

/** Forgets the credentials; SMS sends already planned wait until an account is connected again. */
export async function disconnectTwilio(shopId: string): Promise<boolean> {
  const { count } = await prisma.twilioConnection.deleteMany({ where: { shopId } });
  return count > 0;
}

/** The credentials and sender SMS deliveries use, or null when the shop has not connected Twilio. */
export async function smsSender(
  shopId: string,
  key = secretsKey(),
): Promise<{ creds: TwilioCredentials; sender: Sender } | null> {
  const row = await prisma.twilioConnection.findUnique({ where: { shopId } });
  if (!row) return null;
  return {
    creds: { accountSid: row.accountSid, authToken: openSecret(key, row.authToken) },
    sender: { fromNumber: row.fromNumber, messagingServiceSid: row.messagingServiceSid },
  };
}
