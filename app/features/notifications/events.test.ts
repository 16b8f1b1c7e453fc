// The rules the tab and the API share: which Slack URLs are accepted, the defaults, and
// how stored choices are read back.
import { describe, expect, it } from "vitest";
import {
  DEFAULT_CHANNELS,
  NOTIFICATION_EVENTS,
  SLACK_URL_MESSAGE,
  channelsFrom,
  isSlackWebhookUrl,
  notificationActionSchema,
} from "~/features/notifications/events";
import { fieldErrorsOf } from "~/lib/forms";

describe("isSlackWebhookUrl", () => {
  it("accepts Slack's incoming webhooks", () => {
    expect(isSlackWebhookUrl("https://hooks.slack.com/services/T000/B000/XXXX")).toBe(true);
  });

  it.each([
    ["plain http", "http://hooks.slack.com/services/T000/B000/XXXX"],
    ["another host", "https://hooks.slack.com.evil.test/services/T000/B000/XXXX"],
    ["a look-alike host", "https://evilhooks.slack.com/services/T000/B000/XXXX"],
    ["another path", "https://hooks.slack.com/workflows/T000/B000/XXXX"],
    ["nothing after /services/", "https://hooks.slack.com/services/"],
    ["credentials in the URL", "https://user:pw@hooks.slack.com/services/T000/B000/XXXX"],
    ["a port", "https://hooks.slack.com:8443/services/T000/B000/XXXX"],
    ["path traversal", "https://hooks.slack.com/services/../api/chat"],
    ["not a URL", "hooks.slack.com/services/T000"],
  ])("refuses %s", (_why, url) => {
    expect(isSlackWebhookUrl(url)).toBe(false);
  });
});

describe("defaults", () => {
  it("the bell for every event, e-mail for overdue invoices and failed imports only, Slack for none", () => {
    for (const e of NOTIFICATION_EVENTS) expect(DEFAULT_CHANNELS[e].bell).toBe(true);
    expect(NOTIFICATION_EVENTS.filter((e) => DEFAULT_CHANNELS[e].email)).toEqual(["overdue", "import"]);
    expect(NOTIFICATION_EVENTS.filter((e) => DEFAULT_CHANNELS[e].slack)).toEqual([]);
  });

  it("reads back what was stored, and the default for an event missing or unreadable", () => {
    const stored = { stock: { bell: false, email: true, slack: false }, overdue: "garbage" };
    const read = channelsFrom(stored);
    expect(read.stock).toEqual({ bell: false, email: true, slack: false });
    expect(read.overdue).toEqual(DEFAULT_CHANNELS.overdue);
    expect(read.summary).toEqual(DEFAULT_CHANNELS.summary);
    expect(channelsFrom(null)).toEqual(DEFAULT_CHANNELS);
  });
});

describe("notificationActionSchema", () => {
  const save = (over: object) =>
    notificationActionSchema.safeParse({ intent: "save", channels: DEFAULT_CHANNELS, ...over });

  it("names the Slack field for a URL that is not a Slack webhook", () => {
    const r = save({ slackWebhookUrl: "https://example.com/services/x" });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrorsOf(r.error)).toEqual({ slackWebhookUrl: [SLACK_URL_MESSAGE] });
  });

  it("asks for the URL when Slack is ticked for an event without one", () => {
    const r = save({ channels: { ...DEFAULT_CHANNELS, stock: { bell: true, email: false, slack: true } } });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrorsOf(r.error)).toEqual({ slackWebhookUrl: [SLACK_URL_MESSAGE] });
  });

  it("refuses an unknown event or channel", () => {
    expect(save({ channels: { ...DEFAULT_CHANNELS, weather: { bell: true, email: true, slack: true } } }).success).toBe(
      false,
    );
    expect(notificationActionSchema.safeParse({ intent: "test", channel: "sms" }).success).toBe(false);
  });

  it("accepts no URL with Slack off, and trims a good one", () => {
    expect(save({}).success).toBe(true);
    const r = save({ slackWebhookUrl: "  https://hooks.slack.com/services/T0/B0/abc  " });
    expect(r.success && r.data.intent === "save" && r.data.slackWebhookUrl).toBe(
      "https://hooks.slack.com/services/T0/B0/abc",
    );
  });
});
