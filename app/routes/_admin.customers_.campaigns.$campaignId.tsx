// /customers/campaigns/{id}: edit a campaign (draft, scheduled or paused), start, pause, resume
// or end it, and read its measurement. Another shop's campaign is 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Banner, BlockStack } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { Modal } from "~/components/Modal";
import { CampaignForm, CampaignMeasurement, RecipientErrors, STATUS_LABEL, canTransition } from "~/features/engagement";
import {
  campaignAction,
  campaignFigures,
  campaignForm,
  CampaignError,
  recipientErrors,
  smsConnected,
} from "~/features/engagement/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { useCan, type RoutePermissions } from "~/features/team";
import { readForm } from "~/lib/forms";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Campaign · Profit Pilot" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { shop, demo } = await requireAdmin(request, permissions.loader);
  const id = params.campaignId ?? "";
  try {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new CampaignError("Campaign not found", 404);
    const form = await campaignForm(shop, id);
    const [[figures], errors, sms] = await Promise.all([
      campaignFigures(shop.id, id),
      recipientErrors(shop.id, id),
      smsConnected(shop.id),
    ]);
    return { ...form, figures, errors, sms, currency: shop.currency, timezone: shop.timezone, embedded: !demo };
  } catch (error) {
    if (error instanceof CampaignError) throw new Response(error.message, { status: 404 });
    throw error;
  }
}

export const action = answeringRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { shop } = await requireAdmin(request, permissions.action);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  const answer = await campaignAction(shop, params.campaignId ?? "", read.values);
  if (answer.redirectTo) return redirect(answer.redirectTo);
  return data(answer.body, { status: answer.status });
});

export default function Campaign() {
  const c = useLoaderData<typeof loader>();
  const fetcher = useFetcher();
  const canWrite = useCan("write");
  const [confirm, setConfirm] = useState<"end" | "delete" | null>(null);
  const act = (intent: string) => fetcher.submit({ intent }, { method: "post" });
  const busy = fetcher.state !== "idle";
  const actions = !canWrite
    ? []
    : [
        ...(c.status === "draft" ? [{ content: "Start", onAction: () => act("start"), disabled: busy }] : []),
        ...(canTransition(c.status, "pause")
          ? [{ content: "Pause", onAction: () => act("pause"), disabled: busy }]
          : []),
        ...(canTransition(c.status, "resume")
          ? [{ content: "Resume", onAction: () => act("resume"), disabled: busy }]
          : []),
        ...(canTransition(c.status, "end")
          ? [{ content: "End", onAction: () => setConfirm("end"), disabled: busy }]
          : []),
        ...(c.status === "draft"
          ? [{ content: "Delete", destructive: true, onAction: () => setConfirm("delete"), disabled: busy }]
          : []),
      ];
  const editable = canWrite && ["draft", "scheduled", "paused"].includes(c.status);
  return (
    <AdminPage
      title={c.values.name}
      subtitle={STATUS_LABEL[c.status]}
      secondaryActions={[{ content: "All campaigns", url: "/customers/campaigns" }, ...actions]}
    >
      <BlockStack gap="400">
        {canWrite && !editable && (
          <Banner tone="info">
            {c.status === "completed" ? "A completed campaign cannot be changed." : "Pause the campaign to change it."}
          </Banner>
        )}
        {c.figures && <CampaignMeasurement f={c.figures} currency={c.currency} />}
        <RecipientErrors errors={c.errors} timezone={c.timezone} />
        <CampaignForm
          key={c.id}
          saved={c.values}
          embedded={c.embedded}
          readOnly={!editable}
          timezone={c.timezone}
          sms={c.sms}
        />
      </BlockStack>
      {confirm && (
        <Modal
          open
          onClose={() => setConfirm(null)}
          title={confirm === "end" ? "End this campaign?" : "Delete this draft?"}
          primaryAction={{
            content: confirm === "end" ? "End campaign" : "Delete draft",
            destructive: true,
            onAction: () => {
              act(confirm);
              setConfirm(null);
            },
          }}
          secondaryActions={[{ content: "Cancel", onAction: () => setConfirm(null) }]}
        >
          <Modal.Section>
            {confirm === "end"
              ? "No further messages will be sent. Its figures stay. This cannot be undone."
              : "The draft is deleted. This cannot be undone."}
          </Modal.Section>
        </Modal>
      )}
    </AdminPage>
  );
}
