// GET /api/notifications: the caller's own notification choices. POST /api/notifications
// { intent: "save", channels, slackWebhookUrl } or { intent: "test", channel }: save them, or
// send a test on one channel (docs/product/settings.md#notifications). Every member manages
// their own, so "read" is enough; another member's id is not found.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, isHttpAnswerable, json, readJson } from "~/platform/http.server";
import { FieldError, fieldErrorsOf } from "~/lib/forms";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";
import { notificationActionSchema } from "~/features/notifications";
import { getPreferences, preferencesView, savePreferences, sendTest } from "~/features/notifications/index.server";
import { recordAudit } from "~/features/audit/index.server";

export const permissions = { loader: "read", action: "read" } satisfies RoutePermissions;

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop, staff } = await requireAdmin(request, permissions.loader);
  return json(preferencesView(await getPreferences(shop.id, staff.id)), { headers: noStore });
}

/** The audit keeps whether a Slack URL is set, never the URL (it is a secret). */
const audited = (p: Awaited<ReturnType<typeof getPreferences>>) => ({
  channels: p.channels,
  slack: p.slackWebhookUrl ? "set" : "none",
});

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readJson(request);
  if (!read.ok) return read.response;
  const parsed = notificationActionSchema.safeParse(read.body);
  if (!parsed.success) return badRequest(fieldErrorsOf(parsed.error));
  const body = parsed.data;
  const { shop, staff } = ctx;
  if (body.memberId !== undefined && body.memberId !== staff.id)
    return json({ error: "No such member." }, { status: 404 });
  try {
    if (body.intent === "save") {
      const { before, after } = await savePreferences(shop.id, staff.id, body);
      await recordAudit(ctx, "settings.notifications", "StaffMember", staff.id, audited(before), audited(after));
      return json({ ...preferencesView(after), message: "Notification choices saved." }, { headers: noStore });
    }
    const message = await sendTest(shop, staff, body.channel, body.slackWebhookUrl);
    await recordAudit(ctx, "settings.notifications.test", "StaffMember", staff.id, null, { channel: body.channel });
    return json({ channel: body.channel, message }, { headers: noStore });
  } catch (error) {
    if (error instanceof FieldError) return badRequest(error.fieldErrors);
    if (isHttpAnswerable(error)) return json(error.responseBody(), { status: error.status });
    throw error;
  }
}
