// Each staff member's notification choices (one row per member, the defaults without one),
// and "Send test" per channel. Every query names the shop and the member.
import { prisma } from "~/db.server";
import { FieldError } from "~/lib/forms";
import { describeError } from "~/lib/log-safe";
import { sendMail } from "~/platform/mail.server";
import { SLACK_URL_MESSAGE, channelsFrom, type ChannelMatrix, type NotificationChannel } from "./events";

type Member = { id: string; name: string; email: string };
type ShopRef = { id: string; name: string };

export type NotificationPreferences = {
  channels: ChannelMatrix;
  slackWebhookUrl: string | null;
  bellTestAt: Date | null;
  /** Changes with every save or bell test: the bell's cache key. */
  updatedAt: Date | null;
};

function parseStored(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function getPreferences(shopId: string, memberId: string): Promise<NotificationPreferences> {
  const row = await prisma.notificationPreference.findFirst({ where: { shopId, staffMemberId: memberId } });
  return {
    channels: channelsFrom(parseStored(row?.channels)),
    slackWebhookUrl: row?.slackWebhookUrl ?? null,
    bellTestAt: row?.bellTestAt ?? null,
    updatedAt: row?.updatedAt ?? null,
  };
}

/** What the tab and the API show: the choices and the Slack URL, nothing internal. */
export function preferencesView(p: NotificationPreferences) {
  return { channels: p.channels, slackWebhookUrl: p.slackWebhookUrl ?? "" };
}

export async function savePreferences(
  shopId: string,
  memberId: string,
  input: { channels: ChannelMatrix; slackWebhookUrl: string },
) {
  const before = await getPreferences(shopId, memberId);
  const data = { channels: JSON.stringify(input.channels), slackWebhookUrl: input.slackWebhookUrl || null };
  await prisma.notificationPreference.upsert({
    where: { staffMemberId: memberId },
    create: { staffMemberId: memberId, shopId, ...data },
    update: data,
  });
  return { before, after: await getPreferences(shopId, memberId) };
}

/** Slack refused or could not be reached: a 502 with a plain reason, nothing written. */
export class SlackUnreachable extends Error {
  readonly status = 502;
  constructor() {
    super("Slack did not answer. Check the webhook URL in Slack's app settings and try again.");
    this.name = "SlackUnreachable";
  }
  responseBody() {
    return { error: this.message };
  }
}

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

const SLACK_TIMEOUT_MS = 5_000;

export async function postToSlack(url: string, text: string, fetchFn: Fetch = fetch) {
  try {
    const res = await fetchFn(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text }),
      signal: AbortSignal.timeout(SLACK_TIMEOUT_MS),
      redirect: "error",
    });
    if (!res.ok) throw new Error(`Slack answered ${res.status}`);
  } catch (error) {
    console.error(`[notifications] Slack webhook failed: ${describeError(error)}`);
    throw new SlackUnreachable();
  }
}

const TEST_TEXT = (shop: ShopRef, channel: string) =>
  `Test notification from Profit Pilot for ${shop.name}: ${channel} notifications reach you. ` +
  "Choose which events you hear about in Settings → Notifications.";

/** Sends one test message on the channel; returns what the member should be told. */
export async function sendTest(
  shop: ShopRef,
  member: Member,
  channel: NotificationChannel,
  slackWebhookUrl?: string,
  fetchFn?: Fetch,
): Promise<string> {
  if (channel === "email") {
    await sendMail({
      shopId: shop.id,
      fromName: shop.name,
      kind: "notification_test",
      to: member.email,
      subject: `Test notification from Profit Pilot (${shop.name})`,
      text: TEST_TEXT(shop, "E-mail"),
    });
    return `Test e-mail sent to ${member.email}.`;
  }
  if (channel === "slack") {
    const url = slackWebhookUrl || (await getPreferences(shop.id, member.id)).slackWebhookUrl;
    if (!url) throw new FieldError({ slackWebhookUrl: [SLACK_URL_MESSAGE] });
    await postToSlack(url, TEST_TEXT(shop, "Slack"), fetchFn);
    return "Test message posted to Slack.";
  }
  const bellTestAt = new Date();
  await prisma.notificationPreference.upsert({
    where: { staffMemberId: member.id },
    create: { staffMemberId: member.id, shopId: shop.id, channels: JSON.stringify(channelsFrom(null)), bellTestAt },
    update: { bellTestAt },
  });
  return "A test item is in the bell for the next hour.";
}
