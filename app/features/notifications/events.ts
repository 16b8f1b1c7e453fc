// Which events a staff member hears about, and where (docs/product/settings.md#notifications).
// Browser-safe: the Notifications tab and POST /api/notifications check the same rules.
import { z } from "zod";

/** The events, in the order the tab's table lists them. */
export const NOTIFICATION_EVENTS = [
  "stock",
  "overdue",
  "privacy",
  "import",
  "summary",
  "uncosted",
  "insights",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const EVENT_LABELS: Record<NotificationEvent, { label: string; detail: string }> = {
  stock: { label: "Stock alerts", detail: "Variants that ran low or out of stock (once per crossing)" },
  overdue: { label: "Overdue invoices", detail: "Invoices past their due date" },
  privacy: { label: "Privacy request deadlines", detail: "Open requests due within the privacy reminder lead time" },
  import: { label: "Failed imports", detail: "The latest store import failed" },
  summary: { label: "Daily summary", detail: "Yesterday's revenue and net profit" },
  uncosted: { label: "Missing costs", detail: "Variants sold in the last 30 days without a cost" },
  insights: { label: "AI insights", detail: "New High-confidence insights (each announced once)" },
};

/** The events the bell can show: those with a screen that resolves them (privacy deadlines
 * open /privacy; stock alerts open /inventory). */
export const BELL_EVENTS: readonly NotificationEvent[] = [
  "import",
  "overdue",
  "uncosted",
  "stock",
  "privacy",
  "summary",
  "insights",
];

export const NOTIFICATION_CHANNELS = ["bell", "email", "slack"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const CHANNEL_LABELS: Record<NotificationChannel, string> = { bell: "Bell", email: "E-mail", slack: "Slack" };

export type ChannelChoice = Record<NotificationChannel, boolean>;
export type ChannelMatrix = Record<NotificationEvent, ChannelChoice>;

/** A member who never saved: the bell for everything, e-mail for what needs acting on today, Slack off. */
export const DEFAULT_CHANNELS: ChannelMatrix = {
  stock: { bell: true, email: false, slack: false },
  overdue: { bell: true, email: true, slack: false },
  privacy: { bell: true, email: false, slack: false },
  import: { bell: true, email: true, slack: false },
  summary: { bell: true, email: false, slack: false },
  uncosted: { bell: true, email: false, slack: false },
  insights: { bell: true, email: false, slack: false },
};

export const SLACK_URL_MESSAGE = "Enter a Slack incoming-webhook URL (https://hooks.slack.com/services/…)";

/** Slack's incoming webhooks only: https, hooks.slack.com, under /services/, nothing else in the authority. */
export function isSlackWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === "https:" &&
    url.hostname === "hooks.slack.com" &&
    url.port === "" &&
    url.username === "" &&
    url.password === "" &&
    /^\/services\/[A-Za-z0-9/_-]+$/.test(url.pathname)
  );
}

const slackUrl = z
  .string()
  .trim()
  .max(500, SLACK_URL_MESSAGE)
  .refine((v) => v === "" || isSlackWebhookUrl(v), SLACK_URL_MESSAGE);

const choice = z.object({ bell: z.boolean(), email: z.boolean(), slack: z.boolean() }).strict();

export const channelMatrixSchema = z
  .object({
    stock: choice,
    overdue: choice,
    privacy: choice,
    import: choice,
    summary: choice,
    uncosted: choice,
    insights: choice,
  })
  .strict();

/** Only the caller's own preferences: another id is answered 404 by the server. */
const memberId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Unknown member");

export const notificationActionSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("save"),
      memberId: memberId.optional(),
      channels: channelMatrixSchema,
      slackWebhookUrl: slackUrl.default(""),
    })
    .superRefine((v, ctx) => {
      const wantsSlack = NOTIFICATION_EVENTS.some((e) => v.channels[e].slack);
      if (wantsSlack && v.slackWebhookUrl === "")
        ctx.addIssue({ code: "custom", path: ["slackWebhookUrl"], message: SLACK_URL_MESSAGE });
    }),
  z.object({
    intent: z.literal("test"),
    memberId: memberId.optional(),
    channel: z.enum(NOTIFICATION_CHANNELS, { message: "Channel must be bell, email or slack" }),
    /** The URL in the field, saved or not; without it the saved one. */
    slackWebhookUrl: slackUrl.optional(),
  }),
]);
export type NotificationAction = z.infer<typeof notificationActionSchema>;

/** Stored choices read back: anything unreadable or missing falls back to the defaults, per event. */
export function channelsFrom(stored: unknown): ChannelMatrix {
  const out = { ...DEFAULT_CHANNELS };
  if (!stored || typeof stored !== "object") return out;
  for (const event of NOTIFICATION_EVENTS) {
    const parsed = choice.safeParse((stored as Record<string, unknown>)[event]);
    if (parsed.success) out[event] = parsed.data;
  }
  return out;
}
