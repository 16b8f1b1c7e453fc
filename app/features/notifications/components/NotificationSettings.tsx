// Settings → Notifications: the signed-in member's own choices, events × channels, the Slack
// webhook URL, Save (enabled once something changed) and a Send test per channel. Saved and
// tested through POST /api/notifications.
import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { FieldErrors } from "~/lib/forms";
import {
  CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  type ChannelMatrix,
  type NotificationChannel,
} from "~/features/notifications/events";
import { ChannelTable } from "~/features/notifications/components/ChannelTable";

export type NotificationSettingsData = { email: string; channels: ChannelMatrix; slackWebhookUrl: string };

type Answer = { error?: string; fieldErrors?: FieldErrors; message?: string } & Partial<NotificationSettingsData>;

const API = "/api/notifications";

const TEST_LABELS: Record<NotificationChannel, string> = {
  bell: "Send test to the bell",
  email: "Send test e-mail",
  slack: "Send test to Slack",
};

export function NotificationSettings({ saved }: { saved: NotificationSettingsData }) {
  const [channels, setChannels] = useState(saved.channels);
  const [slackUrl, setSlackUrl] = useState(saved.slackWebhookUrl);
  const save = useFetcher<Answer>({ key: "notifications-save" });
  const test = useFetcher<Answer>({ key: "notifications-test" });
  const changed =
    JSON.stringify(channels) !== JSON.stringify(saved.channels) || slackUrl.trim() !== saved.slackWebhookUrl;
  const errors = { ...test.data?.fieldErrors, ...save.data?.fieldErrors };
  const testing = test.state !== "idle" ? (test.json as { channel?: NotificationChannel } | undefined)?.channel : null;

  const submitSave = () =>
    save.submit(
      { intent: "save", channels, slackWebhookUrl: slackUrl },
      { method: "post", action: API, encType: "application/json" },
    );
  const submitTest = (channel: NotificationChannel) =>
    test.submit(
      { intent: "test", channel, ...(channel === "slack" && slackUrl.trim() ? { slackWebhookUrl: slackUrl } : {}) },
      { method: "post", action: API, encType: "application/json" },
    );

  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Your notifications
            </Text>
            <Text as="p" tone="subdued">
              Choose which events reach you and where. These choices are yours only; e-mail goes to {saved.email}.
            </Text>
          </BlockStack>
          <ChannelTable channels={channels} onChange={setChannels} />
          <TextField
            label="Slack incoming-webhook URL"
            value={slackUrl}
            onChange={setSlackUrl}
            autoComplete="off"
            type="url"
            placeholder="https://hooks.slack.com/services/…"
            helpText="Create one in Slack: Apps → Incoming Webhooks → Add to a channel."
            error={errors.slackWebhookUrl?.[0]}
          />
          {save.state === "idle" && save.data?.message && !changed && (
            <Banner tone="success">{save.data.message}</Banner>
          )}
          {save.state === "idle" && save.data?.error && !save.data.fieldErrors?.slackWebhookUrl && (
            <Banner tone="critical">{save.data.error}</Banner>
          )}
          <InlineStack align="end">
            <Button variant="primary" onClick={submitSave} disabled={!changed} loading={save.state !== "idle"}>
              Save
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Send a test
          </Text>
          <Text as="p" tone="subdued">
            Check that a channel reaches you. Slack uses the URL in the field above, saved or not.
          </Text>
          <InlineStack gap="200">
            {NOTIFICATION_CHANNELS.map((channel) => (
              <Button
                key={channel}
                onClick={() => submitTest(channel)}
                loading={testing === channel}
                disabled={channel === "slack" && !slackUrl.trim()}
                accessibilityLabel={`${TEST_LABELS[channel]} (${CHANNEL_LABELS[channel]})`}
              >
                {TEST_LABELS[channel]}
              </Button>
            ))}
          </InlineStack>
          {test.state === "idle" && test.data?.message && <Banner tone="success">{test.data.message}</Banner>}
          {test.state === "idle" && test.data?.error && !test.data.fieldErrors && (
            <Banner tone="critical">{test.data.error}</Banner>
          )}
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
