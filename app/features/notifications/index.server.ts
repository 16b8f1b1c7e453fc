export {
  SlackUnreachable,
  getPreferences,
  postToSlack,
  preferencesView,
  savePreferences,
  sendTest,
  type Fetch,
  type NotificationPreferences,
} from "./preferences.server";
