// Notifications: which events each staff member hears about, on which channels
// (docs/product/settings.md#notifications). The bell's list is built in the shop feature.
export {
  BELL_EVENTS,
  CHANNEL_LABELS,
  DEFAULT_CHANNELS,
  EVENT_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  SLACK_URL_MESSAGE,
  channelMatrixSchema,
  channelsFrom,
  isSlackWebhookUrl,
  notificationActionSchema,
  type ChannelChoice,
  type ChannelMatrix,
  type NotificationAction,
  type NotificationChannel,
  type NotificationEvent,
} from "./events";
export { NotificationSettings, type NotificationSettingsData } from "./components/NotificationSettings";
