// /customers/campaigns/sms (docs/product/engagement.md): the shop's Twilio account for SMS
// campaigns. Connect verifies the credentials with Twilio before saving (field errors and nothing
// written otherwise); disconnect forgets them. A Viewer sees the status only (403 on the action).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/AdminPage";
import { smsActionSchema, TwilioSettings, twilioConnectSchema } from "~/features/engagement";
import { connectTwilio, disconnectTwilio, smsStatus, twilioRuntime } from "~/features/engagement/index.server";
import { recordAudit } from "~/features/audit/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useCan, type RoutePermissions } from "~/features/team";
import { FieldError, fieldErrorsOf, readForm } from "~/lib/forms";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "SMS · Campaigns · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  return { status: await smsStatus(shop.id) };
}

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const intent = smsActionSchema.safeParse(read.values);
  if (!intent.success) return data({ ok: false, fieldErrors: fieldErrorsOf(intent.error) }, { status: 400 });
  if (intent.data.intent === "disconnect") {
    const removed = await disconnectTwilio(ctx.shop.id);
    if (removed) await recordAudit(ctx, "engagement.sms.disconnect", "TwilioConnection", ctx.shop.id, null, null);
    return data({ ok: true });
  }
  const parsed = twilioConnectSchema.safeParse(read.values);
  if (!parsed.success) return data({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  try {
    await connectTwilio(ctx.shop.id, parsed.data, twilioRuntime());
  } catch (error) {
    if (error instanceof FieldError) return data({ ok: false, fieldErrors: error.fieldErrors }, { status: 400 });
    throw error;
  }
  const { accountSid, fromNumber, messagingServiceSid } = parsed.data;
  await recordAudit(ctx, "engagement.sms.connect", "TwilioConnection", ctx.shop.id, null, {
    accountSid,
    sender: messagingServiceSid ?? (fromNumber ? "from number" : null),
  });
  return data({ ok: true });
});

export default function SmsSettings() {
  const { status } = useLoaderData<typeof loader>();
  const canWrite = useCan("write");
  return (
    <AdminPage title="SMS" secondaryActions={[{ content: "All campaigns", url: "/customers/campaigns" }]}>
      <TwilioSettings status={status} canWrite={canWrite} />
    </AdminPage>
  );
}
